/**
 * Runs a background job's tick on a timer and survives whatever it throws (issue 25): one loan
 * with `"extra": null` made the risk watch throw on every interval, and since its timer dropped
 * the rejection (`void this.runCycle()`), Node ended the whole main process in browser mode.
 *
 * - Every run (timer, or `runNow` from a call) is awaited here: a sync throw and a rejection are
 *   caught alike, logged (message only, through the logger's redaction) and recorded as a
 *   `JobFailure` that the job's status shows: "the risk watch failed: <message>; retrying in 30 s".
 * - After a failure the next run waits an exponential back-off (first retry, doubling, capped),
 *   never shorter than the job's own interval: a failing job never asks the platform more often
 *   than a healthy one. A success resets it.
 * - Runs never overlap: a timer firing during a run waits for the next slot, and `runNow` during
 *   a run answers that run's promise. The next run is scheduled when one ends (a chain of
 *   timeouts, not an interval), so a slow run delays the next instead of piling up behind it.
 */
import { redact } from '../log/logger';
import type { JobFailure } from '../../shared/job-status';

export const DEFAULT_FIRST_RETRY_MS = 30_000;
export const DEFAULT_MAX_RETRY_MS = 30 * 60_000;
/** The longest message kept for the status: a thrown answer body must not travel to the screen. */
const MAX_MESSAGE = 300;

export interface SupervisorOptions {
  /** How the status names the job: "the risk watch". */
  job: string;
  /** One run of the job; may throw or reject. */
  tick: () => Promise<void> | void;
  /** The healthy interval, read before each scheduling (settings may change it). */
  intervalMs: () => number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where a failure is logged (the main logger's error, which redacts and drops stacks). */
  log: (message: string, error: unknown) => void;
  /** Called after every run and every failure, for the job's status event. */
  onChange?: () => void;
  now?: () => number;
  /** Secrets the message must not show (the logger's redaction patterns always apply). */
  knownSecrets?: () => Iterable<string>;
}

/** The message of anything thrown: an Error's name and message, a string, else a fixed text. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  return 'a non-error value was thrown';
}

export class SupervisedJob {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private stopped = true;
  private lastFailure: JobFailure | null = null;
  private readonly now: () => number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: SupervisorOptions) {
    this.now = options.now ?? (() => Date.now());
    this.firstRetryMs = options.firstRetryMs ?? DEFAULT_FIRST_RETRY_MS;
    this.maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
  }

  /** Starts the timer; with `runNow`, runs at once (else after one interval). */
  start(runNow: boolean): void {
    this.stopped = false;
    if (runNow) void this.runNow();
    // (Re)scheduled from now, so a changed interval applies at once; a run in progress schedules
    // the next itself when it ends.
    else if (this.current === null) this.schedule(this.nextDelay());
  }

  /** Stops the timer; a run in progress finishes but schedules nothing. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    if (this.lastFailure !== null) this.lastFailure = { ...this.lastFailure, retryAt: null };
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** The run in progress, or null. */
  inFlight(): Promise<void> | null {
    return this.current;
  }

  /** The last failure since the last success, or null. */
  failure(): JobFailure | null {
    return this.lastFailure;
  }

  /** Runs the job now (or joins the run in progress); never rejects. */
  runNow(): Promise<void> {
    if (this.current !== null) return this.current;
    this.clearTimer();
    const run = this.runOnce().finally(() => {
      this.current = null;
      if (!this.stopped) this.schedule(this.nextDelay());
      try {
        this.options.onChange?.();
      } catch (error) {
        this.options.log(`${this.options.job}: its status could not be sent`, error);
      }
    });
    this.current = run;
    return run;
  }

  private async runOnce(): Promise<void> {
    try {
      await this.options.tick();
      this.lastFailure = null;
    } catch (error) {
      const failures = (this.lastFailure?.failures ?? 0) + 1;
      const message = this.clean(messageOf(error));
      this.lastFailure = {
        job: this.options.job,
        message,
        at: String(this.now()),
        failures,
        retryAt: this.stopped ? null : String(this.now() + this.retryDelay(failures)),
      };
      try {
        this.options.log(`${this.options.job} failed (${failures} in a row); it will run again`, error);
      } catch {
        // A failing logger must not turn a caught failure into an escaped one.
      }
    }
  }

  /** The back-off after `failures` failures in a row: first, doubling, capped; at least the interval. */
  retryDelay(failures: number): number {
    const backoff = Math.min(this.firstRetryMs * 2 ** Math.min(failures - 1, 30), this.maxRetryMs);
    return Math.max(backoff, this.options.intervalMs());
  }

  private nextDelay(): number {
    const failure = this.lastFailure;
    if (failure === null) return this.options.intervalMs();
    const delay = this.retryDelay(failure.failures);
    this.lastFailure = { ...failure, retryAt: String(this.now() + delay) };
    return delay;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNow();
    }, delayMs);
    // A background job never keeps the process alive on its own.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private clean(message: string): string {
    const text = redact(message, this.options.knownSecrets?.() ?? [])
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
  }
}
