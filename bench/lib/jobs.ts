/**
 * The two checks every long job gets (paging, export): progress events at least every 250 ms,
 * and a cancel that settles within 250 ms. Shared by benchmarks 4 and 5.
 */
import type { ProgressEvent } from '../../src/shared/contract';
import { maxGap, median, round } from './report';

export const PROGRESS_TARGET_MS = 250;
export const CANCEL_TARGET_MS = 250;

export interface ProgressCheck {
  /** Longest time without an event, from the start to the first, between events, and to the end. */
  maxGapMs: number;
  events: number;
  lastPhase: ProgressEvent['phase'] | null;
}

/** Runs `job` with an onProgress that stamps each event; returns the job's value and the gaps. */
export async function withProgress<T>(
  job: (onProgress: (event: ProgressEvent) => void) => Promise<T>,
): Promise<{ value: T; progress: ProgressCheck }> {
  const stamps: number[] = [];
  let lastPhase: ProgressEvent['phase'] | null = null;
  const started = performance.now();
  const value = await job((event) => {
    stamps.push(performance.now());
    lastPhase = event.phase;
  });
  const ended = performance.now();
  return {
    value,
    progress: { maxGapMs: round(maxGap(started, stamps, ended), 1), events: stamps.length, lastPhase },
  };
}

export interface CancelCheck {
  medianMs: number;
  maxMs: number;
  /** Every cancelled run ended with a `cancelled` result and a last progress event `cancelled`. */
  allCancelled: boolean;
  runs: number;
  /** Per run: the result said cancelled, and the last progress event's phase. */
  outcomes: { cancelled: boolean; lastPhase: string | null }[];
}

/**
 * When to abort a job that takes `jobMs` when left alone: at a tenth, three tenths and half of
 * it, so that every abort lands while the job runs however fast it has become. Fixed times of
 * 100–500 ms stopped doing so once a 100,000-row walk took under 400 ms: the job ended first and
 * the check failed without testing a cancel. Not later than half: a later run of the same job,
 * warmer, can be a third faster than the one measured.
 */
export function cancelPoints(jobMs: number): number[] {
  return [0.1, 0.3, 0.5].map((f) => Math.max(1, Math.round(jobMs * f)));
}

/**
 * Starts `job` `runs` times, aborts each after `afterMs[i]` of work, and measures abort → settled.
 * `job` must resolve (not reject) with `cancelled` true when it was cancelled.
 */
export async function measureCancel(
  afterMs: readonly number[],
  job: (signal: AbortSignal, onProgress: (event: ProgressEvent) => void) => Promise<{ cancelled: boolean }>,
): Promise<CancelCheck> {
  const times: number[] = [];
  let allCancelled = true;
  const outcomes: CancelCheck['outcomes'] = [];
  for (const delay of afterMs) {
    const controller = new AbortController();
    let lastPhase: ProgressEvent['phase'] | null = null;
    const pending = job(controller.signal, (event) => (lastPhase = event.phase));
    let abortedAt = 0;
    const timer = setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, delay);
    const outcome = await pending;
    clearTimeout(timer);
    // A job that finished before the abort proves nothing about cancelling: it counts as a failure.
    if (abortedAt !== 0) times.push(performance.now() - abortedAt);
    outcomes.push({ cancelled: abortedAt !== 0 && outcome.cancelled, lastPhase });
    if (abortedAt === 0 || !outcome.cancelled || lastPhase !== 'cancelled') allCancelled = false;
  }
  return {
    medianMs: round(median(times), 1),
    maxMs: times.length === 0 ? Number.NaN : round(Math.max(...times), 1),
    allCancelled,
    runs: times.length,
    outcomes,
  };
}
