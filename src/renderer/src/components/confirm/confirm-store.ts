/**
 * One confirmation at a time for every action that changes the platform. Stored shape:
 *   { request: ConfirmRequest | null, inFlight: string[] }
 * `inFlight` holds the keys of actions whose request has been sent and not yet answered, so the
 * same action cannot be submitted twice even if the dialog is closed and reopened meanwhile.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';

export type ConfirmOutcome = { ok: true; summary: string } | { ok: false; error: AppError };

export interface ConfirmRequest {
  title: string;
  actionLabel: string;
  workspace: WorkspaceView;
  /** What is acted on, e.g. "Loan 8f2c…". */
  target: string;
  details: { label: string; value: ReactNode }[];
  /** Unique per target+action; used to refuse a second submission while one is in flight. */
  key: string;
  run: () => Promise<ConfirmOutcome>;
}

interface ConfirmState {
  request: ConfirmRequest | null;
  inFlight: string[];
  open(request: ConfirmRequest): void;
  close(): void;
  begin(key: string): boolean;
  end(key: string): void;
}

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  request: null,
  inFlight: [],
  open: (request) => set({ request }),
  close: () => set({ request: null }),
  begin(key) {
    if (get().inFlight.includes(key)) return false;
    set({ inFlight: [...get().inFlight, key] });
    return true;
  },
  end: (key) => set({ inFlight: get().inFlight.filter((k) => k !== key) }),
}));

export const openConfirm = (request: ConfirmRequest): void => useConfirmStore.getState().open(request);

export function useInFlight(key: string): boolean {
  return useConfirmStore((s) => s.inFlight.includes(key));
}
