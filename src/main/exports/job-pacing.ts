/**
 * Pacing that shows (issue 30, item 3): a long job's progress events carry the request budget it
 * paces against (shared/job-pacing.ts), read from the lockout guard of the workspace's key. The
 * client already waits for the budget (client.ts `admit`, cancellable); this only says so: the
 * guard's admission of the job's next request (no side effect) tells whether it waits and until
 * when, its counters how many requests the window holds.
 */
import type { ProgressEvent } from '../../shared/contract';
import type { JobPacing } from '../../shared/job-pacing';
import { BULK_SHARE, type GuardStatus } from '../../shared/platform/limits';
import type { Refusal } from '../guard/lockout-guard';

export interface PacingProbe {
  /** The guard's admission of one more request of the job (`bulk`); null: it may go now. */
  admit(): Refusal | null;
  /** The guard's counters (read now and then: it may be slower than an event). */
  status(): Promise<GuardStatus>;
}

/** The job's pacing from the guard's answer and counters. */
export function pacingOf(refusal: Refusal | null, status: GuardStatus, bulkShare = BULK_SHARE): JobPacing {
  const { limit, windowMs, count } = status.requests;
  // Only the waits a job sits out are a pause; any other refusal ends the job with its reason.
  const cause =
    refusal === null ? null : refusal.budgetOnly ? 'budget' : status.pausedUntil !== null ? 'platform' : null;
  return {
    pausedUntil: cause === null || refusal === null ? null : String(refusal.retryAt),
    cause,
    limit,
    windowMs,
    spent: count,
    left: Math.max(0, Math.floor(limit * bulkShare) - count),
  };
}

/**
 * Wraps a job's progress reporter: each event goes out with the job's pacing. The counters are
 * re-read after each event (one read at a time), so an event carries those of the one before.
 */
export function pacedProgress(
  emit: (event: ProgressEvent) => void,
  probe: PacingProbe,
): (event: ProgressEvent) => void {
  let status: GuardStatus | null = null;
  let reading = false;
  const refresh = () => {
    if (reading) return;
    reading = true;
    probe
      .status()
      .then((s) => {
        status = s;
      })
      .catch(() => undefined) // no counters: events go out without pacing, as before
      .finally(() => {
        reading = false;
      });
  };
  refresh();
  return (event) => {
    emit(status === null ? event : { ...event, pacing: pacingOf(probe.admit(), status) });
    refresh();
  };
}
