/**
 * Pacing that shows (issue 30, item 3): what a long job (the CSV export, a walk) tells the
 * operator about the request budget it waits for, so that a paced job never looks stuck. The main
 * side fills it from the lockout guard (src/main/exports/job-pacing.ts); the dialogs print it with
 * the words below, the same everywhere.
 */

export interface JobPacing {
  /** Epoch ms (a string) until which the job waits for the request budget, or null while it runs. */
  pausedUntil: string | null;
  /** Why it waits: the job's share of the budget is spent, or the platform asked to slow down (429). */
  cause: 'budget' | 'platform' | null;
  /** The platform's request budget: `limit` requests per `windowMs`. */
  limit: number;
  windowMs: number;
  /** Requests sent in the current window (all of the key's, the operator's own included). */
  spent: number;
  /** Requests this job may still send in the window before it pauses (its share, BULK_SHARE). */
  left: number;
}

/** "1,000 requests per 5 minutes". */
export function budgetWords(p: Pick<JobPacing, 'limit' | 'windowMs'>): string {
  const minutes = p.windowMs / 60_000;
  const window = Number.isInteger(minutes)
    ? `${minutes === 1 ? 'minute' : `${minutes} minutes`}`
    : `${Math.round(p.windowMs / 1000)} seconds`;
  return `${p.limit.toLocaleString('en-US')} requests per ${window}`;
}

/**
 * "Paused by the rate budget (the platform allows 1,000 requests per 5 minutes); resumes at
 * 12:41:10", or null while the job runs. `clock` formats the epoch ms as the console shows times.
 */
export function pausedLine(p: JobPacing, clock: (epochMs: number) => string): string | null {
  if (p.pausedUntil === null) return null;
  const at = clock(Number(p.pausedUntil));
  if (p.cause === 'platform')
    return `Paused: the platform asked the console to slow down (HTTP 429); resumes at ${at}`;
  return `Paused by the rate budget (the platform allows ${budgetWords(p)}); resumes at ${at}`;
}

/** "412 requests spent in this window, 388 left for this job". */
export function requestsLine(p: JobPacing): string {
  return `${p.spent.toLocaleString('en-US')} requests spent in this window, ${p.left.toLocaleString('en-US')} left for this job`;
}

/** "12,000 rows written (of about 1,000,000)", or without the estimate when there is none. */
export function rowsLine(rows: number, about: number | null): string {
  const written = `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} written`;
  return about !== null && about > 0 ? `${written} (of about ${about.toLocaleString('en-US')})` : written;
}
