/**
 * What the renderer learnt about actions after their first answer, for every view that shows them
 * (the confirmation, the exchange's answer pane and session list, the top bar's list). UI state
 * only: the journal is the durable record (the main side writes "settled" before answering).
 *
 * Stored shape:
 *   settled:    { [actionId]: { settled, found, by, at } }  an unknown outcome Check now or the
 *               operator settled in this session;
 *   background: { [actionId]: { prepared, startedAt, deadline, result?, error? } }  an action whose
 *               confirmation was moved to the background while the platform had not answered; its
 *               answer lands here and stays until the operator has seen it in the top bar's list.
 */
import { create } from 'zustand';
import type { ActionResult, CheckResult, PreparedAction, Settlement } from '@shared/actions';
import type { AppError } from '@shared/result';

export interface SettledVerdict {
  settled: Settlement;
  /** What the re-read found, or what the operator wrote they checked. */
  found: string;
  by: 'check' | 'operator';
  /** Epoch ms of the settlement. */
  at: number;
}

export interface BackgroundAction {
  prepared: PreparedAction;
  startedAt: number;
  /** Epoch ms until which the platform has to answer. */
  deadline: number;
  result?: ActionResult;
  /** The console refused to send it (nothing left). */
  error?: AppError;
}

interface VerdictState {
  settled: Record<string, SettledVerdict>;
  background: Record<string, BackgroundAction>;
  recordSettled(found: CheckResult, by: SettledVerdict['by']): void;
  sendInBackground(entry: BackgroundAction): void;
  landed(id: string, answer: { result: ActionResult } | { error: AppError }): void;
  /** The operator has seen these answers: they leave the list. */
  dismiss(ids: readonly string[]): void;
}

export const useVerdicts = create<VerdictState>()((set, get) => ({
  settled: {},
  background: {},
  recordSettled: (found, by) => {
    if (found.settled === null) return;
    set({
      settled: {
        ...get().settled,
        [found.id]: { settled: found.settled, found: found.found, by, at: Date.now() },
      },
    });
  },
  sendInBackground: (entry) => set({ background: { ...get().background, [entry.prepared.id]: entry } }),
  landed: (id, answer) => {
    const entry = get().background[id];
    if (entry === undefined) return;
    set({ background: { ...get().background, [id]: { ...entry, ...answer } } });
  },
  dismiss: (ids) => {
    const background = { ...get().background };
    for (const id of ids) delete background[id];
    set({ background });
  },
}));

/** The settlement of one action in this session, if any. */
export const useSettled = (id: string): SettledVerdict | undefined => useVerdicts((s) => s.settled[id]);

/** The title of a settled verdict, as the outcome box and the list show it. */
export const settledTitle = (s: Settlement): string => (s === 'done' ? 'Took effect' : 'Did not take effect');
