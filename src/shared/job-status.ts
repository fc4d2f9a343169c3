/**
 * What the main side tells the renderer about a background job that failed (issue 25): the risk
 * watch, and any other job run under the supervisor (src/main/jobs/supervisor.ts). Times are
 * epoch-ms strings, like every other time in the contract.
 */

export interface JobFailure {
  /** The job, as a sentence starts with it: "the risk watch". */
  job: string;
  /** The error's message only (never a stack), redacted and shortened by the supervisor. */
  message: string;
  /** When it failed. */
  at: string;
  /** Failures in a row since the last success. */
  failures: number;
  /** When the supervisor runs the job again; null when it will not (stopped). */
  retryAt: string | null;
}

/** "the risk watch failed: <message>; retrying in 30 s" (the remaining time, at `now`). */
export function describeJobFailure(failure: JobFailure, now: number): string {
  const head = `${failure.job} failed: ${failure.message}`;
  if (failure.retryAt === null) return `${head}; it is stopped`;
  const left = Math.max(0, Math.ceil((Number(failure.retryAt) - now) / 1000));
  const times = failure.failures > 1 ? ` (${failure.failures} failures in a row)` : '';
  return left === 0 ? `${head}${times}; retrying now` : `${head}${times}; retrying in ${left} s`;
}
