/**
 * The error envelope `{ error, message }` of the specification, as a throwable value. Handlers
 * throw `HttpError`; the server turns anything else into a 500 envelope (which tests forbid).
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, 'bad-request', message);
export const unauthorized = (message: string): HttpError => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string): HttpError => new HttpError(403, 'forbidden', message);
export const notFound = (message: string): HttpError => new HttpError(404, 'not-found', message);
export const conflict = (message: string): HttpError => new HttpError(409, 'conflict', message);
export const methodNotAllowed = (allow: string[]): HttpError =>
  new HttpError(405, 'method-not-allowed', `method not allowed; use ${allow.join(', ')}`, {
    Allow: allow.join(', '),
  });
export const tooManyRequests = (message: string, retryAfterSec?: number): HttpError =>
  new HttpError(
    429,
    'too-many-requests',
    message,
    retryAfterSec === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))) },
  );

export const envelope = (code: string, message: string): { error: string; message: string } => ({
  error: code,
  message,
});
