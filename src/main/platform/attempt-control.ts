/**
 * The pieces of one request attempt that are not HTTP: its abort controller (caller's cancel or
 * the timeout, and which of the two fired), the cancellable backoff pause, and turning aborts,
 * Retry-After headers and key store failures into values.
 */
import { fail, type AppError, type ErrorCode } from '../../shared/result';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
type Failure = { ok: false; error: AppError };

/** The state of one attempt: who aborted it and how to release its timer and listener. */
export interface AttemptControl {
  readonly controller: AbortController;
  abortedBy(): 'timeout' | 'cancelled' | null;
  release(): void;
}

export function createAttemptControl(signal: AbortSignal | undefined, timeoutMs: number): AttemptControl {
  const controller = new AbortController();
  let by: 'timeout' | 'cancelled' | null = null;
  const onAbort = () => {
    by ??= 'cancelled';
    controller.abort();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const deadline: Deadline = {
    due: performance.now() + timeoutMs,
    expire: () => {
      by ??= 'timeout';
      controller.abort();
    },
  };
  deadlines.add(deadline);
  return {
    controller,
    abortedBy: () => by,
    release: () => {
      deadlines.delete(deadline);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

interface Deadline {
  /** `performance.now()` at which the attempt times out. */
  readonly due: number;
  expire(): void;
}

/**
 * Every attempt's timeout on one timer. A timer per attempt (setTimeout + clearTimeout: a timer
 * list made and dropped, the event loop's ref count toggled twice) was a measurable part of a short
 * GET (bench 2); here an attempt costs a Set insert and delete, and the timer moves only when a
 * deadline comes before the one it is set for. It fires at the earliest deadline, expires what is
 * due and re-arms for the next, so each attempt still times out when its own time is up. The timer
 * holds the process open only while an attempt is pending, as the per-attempt timers did.
 */
class Deadlines {
  private readonly pending = new Set<Deadline>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDue = Number.POSITIVE_INFINITY;
  /**
   * The setTimeout/clearTimeout that set `timer`. A test that installs fake timers (or goes back to
   * real ones) gets a timer from the functions now in place, not one that will never fire.
   */
  private armedWith: typeof setTimeout | undefined;
  private clearWith: typeof clearTimeout | undefined;

  add(deadline: Deadline): void {
    this.pending.add(deadline);
    if (this.timer === undefined || deadline.due < this.timerDue || this.armedWith !== setTimeout) {
      this.arm(Math.min(deadline.due, this.timerDue));
    } else if (this.pending.size === 1) {
      this.timer.ref();
    }
  }

  delete(deadline: Deadline): void {
    if (this.pending.delete(deadline) && this.pending.size === 0) this.timer?.unref();
  }

  private arm(due: number): void {
    if (this.timer !== undefined) this.clearWith?.(this.timer);
    this.armedWith = setTimeout;
    this.clearWith = clearTimeout;
    this.timerDue = due;
    this.timer = setTimeout(this.fire, Math.max(1, Math.ceil(due - performance.now())));
  }

  /**
   * The timer stands for the time it was set for, as an attempt's own timer did: what is due by
   * then expires now, without asking the clock again (a timer may fire a little early, and a
   * test's fake or shortened timers must work as they did).
   */
  private readonly fire = (): void => {
    const covered = this.timerDue;
    this.timer = undefined;
    this.timerDue = Number.POSITIVE_INFINITY;
    const due: Deadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.pending) {
      if (deadline.due <= covered) due.push(deadline);
      else if (deadline.due < next) next = deadline.due;
    }
    for (const deadline of due) this.pending.delete(deadline);
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
    for (const deadline of due) deadline.expire();
  };
}

const deadlines = new Deadlines();

/**
 * Waits for the backoff; false when cancelled, at once, even if an injected sleep ignores the
 * signal (a test's fake or a careless replacement must not hold a cancelled job for seconds).
 */
export async function pauseUnlessCancelled(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (signal?.aborted) return false;
  if (signal === undefined) {
    await sleep(ms);
    return true;
  }
  let onAbort = () => {};
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      sleep(ms, signal).then(
        () => !signal.aborted,
        () => false,
      ),
      aborted,
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** The longest wait a Retry-After can ask for here, in either form; MAX_RETRY_AFTER_MS cuts it later. */
const MAX_RETRY_AFTER_READ_MS = 999_999_000;

/**
 * An HTTP-date (RFC 9110: IMF-fixdate, or the obsolete RFC 850 and asctime forms, all of which
 * start with the day's name) as epoch ms; NaN for anything else. `Date.parse` alone would also
 * take "1" or "2024" for a date.
 */
export function parseHttpDate(text: string): number {
  const trimmed = text.trim();
  if (trimmed.length > 64 || !/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /i.test(trimmed)) return Number.NaN;
  return Date.parse(trimmed);
}

/**
 * Retry-After in ms: delay-seconds, or an HTTP-date. The date is in the server's clock, so it is
 * measured from the same answer's `Date` header when that was readable (`serverNowMs`), so that a
 * wrong local clock does not shorten or stretch the wait; otherwise from the local clock. A date
 * in the past means "now" (0). Either form is bounded here as the seconds form always was (six
 * digits), and MAX_RETRY_AFTER_MS cuts it later. Null when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null,
  serverNowMs = Number.NaN,
  localNowMs = Date.now(),
): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = parseHttpDate(trimmed);
  if (Number.isNaN(at)) return null;
  const from = Number.isNaN(serverNowMs) ? localNowMs : serverNowMs;
  return Math.min(Math.max(0, at - from), MAX_RETRY_AFTER_READ_MS);
}

/** "0.3", "1.5", "30": a short timeout must not read as "within 0 s". */
function secondsText(ms: number): string {
  return ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000));
}

export function abortFailure(by: 'timeout' | 'cancelled', timeoutMs: number): Failure {
  return by === 'timeout'
    ? fail('timeout', `The platform did not answer within ${secondsText(timeoutMs)} s`)
    : fail('cancelled', 'Cancelled');
}

const KEY_CODES: ReadonlySet<string> = new Set([
  'keychain-unavailable',
  'vault-locked',
  'vault-passphrase',
  'no-key',
  'bad-input',
  'io',
]);

/** A key store failure; its own code is kept when it has one of ours. No secret is in these. */
export function keyFailure(error: unknown): Failure {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : 'the key store failed';
  if (typeof code === 'string' && KEY_CODES.has(code)) return fail(code as ErrorCode, message);
  return fail('keychain-unavailable', `Could not get the API key from the key store: ${message}`);
}

/**
 * Error codes after which no byte of the request can have reached the platform: the name did not
 * resolve, the connection was refused or unroutable, TLS failed before the request was written,
 * undici refused the request's own options before sending (`UND_ERR_INVALID_ARG`: a header value
 * it will not put on the wire), or the HTTP client could not be loaded (`ERR_TRANSPORT_UNAVAILABLE`,
 * transport.ts). Everything else (a reset, a socket closed mid-answer) may have been sent.
 */
const NOT_SENT_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|CERT_|ERR_TLS_CERT|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_SSL_|UND_ERR_INVALID_ARG$|ERR_TRANSPORT_UNAVAILABLE$)/;

export function deliveryOf(error: unknown): 'not-sent' | 'maybe-sent' {
  const code = (codedError(error) as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_SENT_CODES.test(code) ? 'not-sent' : 'maybe-sent';
}

/**
 * The error that carries the OS, TLS or undici code of a failed request: undici's `request`
 * rejects with it, `fetch` wraps it in the `cause` of a "fetch failed" TypeError.
 */
export function codedError(error: unknown): unknown {
  if (typeof (error as { code?: unknown } | null)?.code === 'string') return error;
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}
