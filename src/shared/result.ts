/**
 * Errors cross the process boundary as values, never as thrown exceptions (Electron passes only a
 * message string for those). Every code the renderer may see is listed here.
 */
export const ERROR_CODES = [
  // the call itself
  'bad-input', // the renderer sent an input the contract's schema refuses; message names the field
  'unknown-call',
  'internal', // a bug on the main side; the message is generic and the details are logged
  // the platform's own answers
  'bad-request', // 400
  'forbidden', // 403
  'conflict', // 409
  'not-found', // 404
  'auth-failed', // 401, or a signature / key refusal: never retried
  'rate-limited', // 429
  'server-error', // 5xx
  'bad-response', // an answer that is not what the specification promises (HTML, truncated, huge)
  'http-error', // any other status
  // transport
  'network',
  'timeout',
  'cancelled',
  'clock-skew',
  // local services
  'no-key', // the workspace has no API key configured
  'keychain-unavailable',
  'vault-locked',
  'vault-passphrase',
  'workspace-not-found',
  'io',
  'unsupported',
  // prepared actions (src/main/actions): refused by the console, nothing was sent
  'prepared-expired', // the one-shot id is older than its lifetime: prepare again
  'prepared-used', // the one-shot id was executed already, or never existed
  'confirmation-required', // production: the typed phrase did not arrive with execute
  'action-in-progress', // the same action on the same object is in flight or its outcome unsettled
  'guard-refused', // the lockout guard: this request could be the one that locks the key or user out
  'journal-unwritable', // the journal cannot record an action (disk, or it failed its anchor check): nothing is sent
  'review-changed', // the base URL or key changed after the review: nothing was sent, review again
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  message: string;
  /** HTTP status when the error is the platform's answer. */
  status?: number;
  /** The platform's machine-readable `error` field, as it sent it. */
  platformError?: string;
  /** The input field at fault (dotted path), so the form shows the error beside it. */
  field?: string;
  /** Epoch milliseconds (a string) before which the console will not try again (429, lockout guard). */
  retryAt?: string;
  /**
   * For a request that got no answer: whether it can have reached the platform. `not-sent` only
   * where that is certain (refused by the console, connection refused, name not resolved).
   */
  delivery?: 'not-sent' | 'maybe-sent';
  /** Other fields of the platform's error answer (`requestId`, …), cleaned, for quoting to support. */
  details?: Record<string, string>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (
  code: ErrorCode,
  message: string,
  extra: Partial<AppError> = {},
): { ok: false; error: AppError } => ({
  ok: false,
  error: { code, message, ...extra },
});
