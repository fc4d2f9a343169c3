/**
 * Exchange actions sent in this session, per workspace (memory only, never persisted).
 * Stored shape: { byWs: { [workspaceId]: SentAction[] } }, newest first.
 */
import { create } from 'zustand';
import type { ExchangeResponse } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import type { ExchangeAction } from './exchange-actions';

export interface SentAction {
  nonce: number;
  sentAt: number;
  portfolioId: string;
  action: ExchangeAction;
  vaultAddress?: string;
  state: 'sent' | 'returned' | 'failed';
  response?: ExchangeResponse;
  error?: AppError;
}

interface SessionState {
  byWs: Record<string, SentAction[]>;
  add(wsId: string, entry: SentAction): void;
  settle(wsId: string, nonce: number, patch: Partial<SentAction>): void;
}

export const useExchangeSession = create<SessionState>()((set, get) => ({
  byWs: {},
  add: (wsId, entry) =>
    set({ byWs: { ...get().byWs, [wsId]: [entry, ...(get().byWs[wsId] ?? [])].slice(0, 500) } }),
  settle: (wsId, nonce, patch) =>
    set({
      byWs: {
        ...get().byWs,
        [wsId]: (get().byWs[wsId] ?? []).map((e) => (e.nonce === nonce ? { ...e, ...patch } : e)),
      },
    }),
}));

const NONE: SentAction[] = [];
export const useSentActions = (wsId: string) => useExchangeSession((s) => s.byWs[wsId] ?? NONE);
