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
  const timer = setTimeout(() => {
    by ??= 'timeout';
    controller.abort();
  }, timeoutMs);
  return {
    controller,
    abortedBy: () => by,
    release: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

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

/** Retry-After in seconds (the HTTP-date form is ignored: it depends on the clock we distrust); huge values are capped later. */
export function parseRetryAfter(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
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
 * OS and TLS error codes after which no byte of the request can have reached the platform: the
 * name did not resolve, the connection was refused or unroutable, or TLS failed before the request
 * was written. Everything else (a reset, a socket closed mid-answer) may have been sent.
 */
const NOT_SENT_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|CERT_|ERR_TLS_CERT|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_SSL_)/;

export function deliveryOf(error: unknown): 'not-sent' | 'maybe-sent' {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_SENT_CODES.test(code) ? 'not-sent' : 'maybe-sent';
}
