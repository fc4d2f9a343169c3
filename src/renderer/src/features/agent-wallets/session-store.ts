/**
 * Exchange actions sent in this session, per workspace (memory only, never persisted; the journal
 * is the durable record). Stored shape: { byWs: { [workspaceId]: SentAction[] } }, newest first.
 */
import { create } from 'zustand';
import type { ActionResult, PreparedAction, Settlement } from '@shared/actions';
import type { ExchangeAction } from '@shared/exchange-actions';

export interface SentAction {
  /** The prepared action's one-shot id. */
  id: string;
  /** The nonce the main side put in the body, as sent. */
  nonce: string;
  sentAt: number;
  action: ExchangeAction;
  vaultAddress?: string;
  prepared: PreparedAction;
  result: ActionResult;
  /** An unknown outcome settled since (Check now or the operator's word): what was found. */
  settled?: Settlement;
}

interface SessionState {
  byWs: Record<string, SentAction[]>;
  add(wsId: string, entry: SentAction): void;
}

export const useExchangeSession = create<SessionState>()((set, get) => ({
  byWs: {},
  add: (wsId, entry) =>
    set({ byWs: { ...get().byWs, [wsId]: [entry, ...(get().byWs[wsId] ?? [])].slice(0, 500) } }),
}));

/** The session's record of an action just sent (the nonce read from the prepared fields). */
export function sentAction(
  result: ActionResult,
  prepared: PreparedAction,
  action: ExchangeAction,
  vaultAddress?: string,
): SentAction {
  return {
    id: result.id,
    nonce: prepared.fields.find((f) => f.name === 'nonce')?.value ?? '',
    prepared,
    sentAt: Date.now(),
    action,
    ...(vaultAddress ? { vaultAddress } : {}),
    result,
  };
}

const NONE: SentAction[] = [];
export const useSentActions = (wsId: string) => useExchangeSession((s) => s.byWs[wsId] ?? NONE);
