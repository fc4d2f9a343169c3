/**
 * Turning the platform's HTTP answers into values: reading a body within a byte limit, parsing
 * JSON, and mapping statuses and error envelopes to `AppError` codes. Pure functions (apart from
 * reading the body), so that the mapping is tested without a server.
 */
import { fail, type AppError, type ErrorCode } from '../../shared/result';

type Failure = { ok: false; error: AppError };

/** A platform message is shown to the operator; keep it readable and bounded. */
const MAX_MESSAGE_CHARS = 500;
/** Error answers are small envelopes; a multi-megabyte "error" is itself a bad answer. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface ErrorEnvelope {
  error: string;
  message: string;
  /** Every other string (or number) field, such as `requestId`: raw, cleaned by `errorForStatus`. */
  extra?: Record<string, string>;
}

/** Bounds on the extra fields kept from an error envelope: they are shown and copied, not parsed. */
const MAX_DETAIL_FIELDS = 20;
const DETAIL_KEY = /^[A-Za-z_][\w.-]{0,63}$/;

/** Codes after which a GET may be tried again; everything else is final. */
export const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate-limited',
  'server-error',
  'network',
]);

/**
 * The specification leaves the authentication error "not shown"; the real service answers 401, but
 * a refusal of the key, signature or timestamp may also come as 400/403 with its own code. Those
 * must be classed as auth failures: retrying them burns the 30-per-hour lockout budget.
 */
const AUTH_ERROR_FIELD = /unauthori[sz]ed|unauthenticated|authenticat|signature|api[-_ ]?key|timestamp/i;
const AUTH_MESSAGE =
  /\b(invalid|bad|wrong|missing|expired|unknown)\s+(signature|api[-_ ]?key|timestamp)\b|\bsignature\s+(mismatch|invalid|does not match)|\bapi[-_ ]?key\s+(is\s+)?(locked|revoked|unknown|invalid|expired)/i;

export function isAuthRefusal(envelope: ErrorEnvelope | null): boolean {
  if (envelope === null) return false;
  return AUTH_ERROR_FIELD.test(envelope.error) || AUTH_MESSAGE.test(envelope.message);
}

/** Strips control characters, redacts the API key should the platform echo it, and bounds length. */
export function cleanMessage(message: string, apiKey: string | undefined): string {
  let text = message.replace(/\p{Cc}/gu, ' ').trim();
  if (apiKey !== undefined && apiKey.length >= 4) text = text.split(apiKey).join('[api key]');
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

export function parseEnvelope(text: string): ErrorEnvelope | null {
  if (text === '' || text.length > MAX_ERROR_BODY_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { error, message, ...rest } = value as Record<string, unknown>;
    if (typeof error !== 'string' && typeof message !== 'string') return null;
    const extra: Record<string, string> = {};
    let kept = 0;
    for (const [key, field] of Object.entries(rest)) {
      if (kept >= MAX_DETAIL_FIELDS) break;
      if (!DETAIL_KEY.test(key)) continue;
      if (typeof field === 'string' || (typeof field === 'number' && Number.isFinite(field))) {
        extra[key] = String(field);
        kept++;
      }
    }
    return {
      error: typeof error === 'string' ? error : '',
      message: typeof message === 'string' ? message : '',
      ...(kept > 0 ? { extra } : {}),
    };
  } catch {
    return null;
  }
}

export interface StatusContext {
  status: number;
  statusText: string;
  /** "GET /platform/…", for messages that have nothing better to say. */
  what: string;
  envelope: ErrorEnvelope | null;
  apiKey: string | undefined;
}

/** Maps a non-2xx answer to its error. The status decides the code, the envelope the message. */
export function errorForStatus(ctx: StatusContext): Failure {
  const { status, envelope } = ctx;
  const platformMessage = envelope?.message ? cleanMessage(envelope.message, ctx.apiKey) : '';
  const extra: Partial<AppError> = { status };
  if (envelope?.error) extra.platformError = cleanMessage(envelope.error, ctx.apiKey);
  const details = cleanDetails(envelope?.extra, ctx.apiKey);
  if (details) extra.details = details;
  const say = (fallback: string) => platformMessage || fallback;
  const plain = `HTTP ${status}${ctx.statusText ? ` ${ctx.statusText}` : ''} for ${ctx.what}`;

  if (status === 401 || ((status === 400 || status === 403) && isAuthRefusal(envelope))) {
    return fail('auth-failed', say(`The platform refused the API key or signature (${plain})`), extra);
  }
  switch (status) {
    case 400:
      return fail('bad-request', say(`${plain}: the platform refused the request`), extra);
    case 403:
      return fail('forbidden', say(`${plain}: the API key is not allowed to do this`), extra);
    case 409:
      return fail('conflict', say(`${plain}: the resource is not in a state that allows this`), extra);
    case 404:
      return fail('not-found', say(`${plain}: not found`), extra);
    case 429:
      return fail('rate-limited', say(`${plain}: too many requests, the platform asks to slow down`), extra);
  }
  if (status >= 500 && status <= 599)
    return fail('server-error', say(`${plain}: the platform failed`), extra);
  if (status >= 300 && status <= 399) {
    // Redirects are not followed: the signature covers the path, and a redirect elsewhere would
    // also carry the Authorization header to another place.
    return fail('http-error', `${plain}: unexpected redirect, not followed`, extra);
  }
  return fail('http-error', say(plain), extra);
}

/**
 * The envelope's other fields (`requestId`, …) for the operator to quote to support: cleaned like
 * the message; a value that is empty once cleaned is dropped. Undefined when nothing is left.
 */
export function cleanDetails(
  raw: Record<string, string> | undefined,
  apiKey: string | undefined,
): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const clean = cleanMessage(value, apiKey);
    if (clean !== '') out[key] = clean;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export type BodyRead =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'broken'; detail: string };

/**
 * Reads a whole body, stopping as soon as it passes `maxBytes` so an endless or huge answer cannot
 * exhaust memory. Chunks are joined once at the end (no repeated concatenation).
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes: number,
): Promise<BodyRead> {
  if (declaredLength !== null && Number(declaredLength) > maxBytes) {
    await body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large', detail: `declared ${declaredLength} bytes` };
  }
  if (body === null) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large', detail: `more than ${maxBytes} bytes` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, reason: 'broken', detail: `${describeNetworkError(error)} after ${total} bytes` };
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

/** A short reason for a fetch failure: undici hides the OS code in `cause`. */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/** Parses a 2xx JSON body, refusing HTML, empty and non-JSON answers with a short reason. */
export function parseJsonAnswer(
  bytes: Buffer,
  contentType: string | null,
  status: number,
): { ok: true; value: unknown } | Failure {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (bytes.length === 0)
    return fail('bad-response', `The platform sent an empty answer (HTTP ${status})`, { status });
  if (type !== '' && !type.includes('json')) {
    return fail(
      'bad-response',
      `The platform answered ${type} instead of JSON (HTTP ${status}, ${bytes.length} bytes)`,
      {
        status,
      },
    );
  }
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return fail(
      'bad-response',
      `The platform's answer is not valid JSON (HTTP ${status}, ${bytes.length} bytes)`,
      {
        status,
      },
    );
  }
}
