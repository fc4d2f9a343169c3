/**
 * Reads started before the app's code is evaluated (boot.ts), handed to the first query that asks
 * for exactly the same call with exactly the same input. On a cold start the default tab's data
 * then travels while React and the view kit are still being evaluated, instead of after.
 *
 * Only reads go through here (the names are the contract's list calls), each answer is handed
 * over once, and an unclaimed one is forgotten after `EARLY_CALL_TTL_MS`: a tab opened later asks
 * afresh rather than showing data read when the console started.
 */
import type { Result } from '@shared/result';
import { stableKey } from './stable-key';

export const EARLY_CALL_TTL_MS = 10_000;

interface Early {
  answer: Promise<Result<unknown>>;
  startedAt: number;
}

const early = new Map<string, Early>();

const keyOf = (call: string, input: unknown) => `${call} ${stableKey(input)}`;

/** Starts `run` now and keeps its answer for the first `takeEarly` of the same call and input. */
export function startEarly<T>(call: string, input: unknown, run: () => Promise<Result<T>>): void {
  early.set(keyOf(call, input), { answer: run(), startedAt: Date.now() });
}

/** The answer of a call started early with this very input, once; null when there is none (or it is stale). */
export function takeEarly<T>(call: string, input: unknown, now = Date.now()): Promise<Result<T>> | null {
  const key = keyOf(call, input);
  const found = early.get(key);
  if (found === undefined) return null;
  early.delete(key);
  return now - found.startedAt <= EARLY_CALL_TTL_MS ? (found.answer as Promise<Result<T>>) : null;
}

/** Reads the early answer when there is one, else runs the call: what a query's fetcher does. */
export function earlyOr<T>(call: string, input: unknown, run: () => Promise<Result<T>>): Promise<Result<T>> {
  return takeEarly<T>(call, input) ?? run();
}
