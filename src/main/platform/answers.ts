/**
 * Turning the platform's HTTP answers into values: reading a body within a byte limit, parsing
 * JSON, and mapping statuses and error envelopes to `AppError` codes. Pure functions (apart from
 * reading the body), so that the mapping is tested without a server.
 */
import { Readable } from 'node:stream';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { jsonNumberText } from '../../shared/json-number';
import { fail, type AppError, type ErrorCode } from '../../shared/result';
import { codedError } from './attempt-control';
import type { Body } from './transport';

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
    return envelopeOf(JSON.parse(withoutBom(text)));
  } catch {
    return null;
  }
}

/**
 * An error envelope in an already parsed answer: an object with a string `error` or `message`
 * (and the other scalar fields kept as details). Null for anything else.
 */
export function envelopeOf(value: unknown): ErrorEnvelope | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
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
 * Stops reading a body and drops what is left of it: a Node stream is destroyed (its connection
 * closed rather than left holding an unread answer), a web stream cancelled. `iterator` is the one
 * a reader already holds (a web stream gives only one). Never throws.
 *
 * A Node stream is destroyed directly: its async iterator is a generator, whose `return()` before
 * the first `next()` ends it without running the code that destroys the stream.
 */
export async function dropBody(body: Body | null, iterator?: AsyncIterator<Uint8Array>): Promise<void> {
  if (body === null) return;
  if (body instanceof Readable) {
    // Destroyed unread, undici's body emits an abort error: heard here, not left uncaught.
    body.on('error', () => undefined).destroy();
    return;
  }
  try {
    await (iterator ?? body[Symbol.asyncIterator]()).return?.();
  } catch {
    // Already failed or closed: nothing is left to drop.
  }
}

/**
 * Reads a whole body, stopping as soon as it passes `maxBytes` so an endless or huge answer cannot
 * exhaust memory. Chunks are joined once at the end (no repeated concatenation); a body that came
 * in one chunk, as a short answer on a local or fast link does, is used where it lies, uncopied
 * (the chunk is the stream's own: it hands it over and keeps no reference).
 */
export async function readBounded(
  body: Body | null,
  declaredLength: string | null,
  maxBytes: number,
): Promise<BodyRead> {
  if (declaredLength !== null && Number(declaredLength) > maxBytes) {
    await dropBody(body);
    return { ok: false, reason: 'too-large', detail: `declared ${declaredLength} bytes` };
  }
  if (body === null) return { ok: true, bytes: Buffer.alloc(0) };
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const step = await iterator.next();
      if (step.done === true) break;
      const value = step.value;
      total += value.byteLength;
      if (total > maxBytes) {
        await dropBody(body, iterator);
        return { ok: false, reason: 'too-large', detail: `more than ${maxBytes} bytes` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { ok: false, reason: 'broken', detail: `${describeNetworkError(error)} after ${total} bytes` };
  }
  if (chunks.length === 1) {
    const only = chunks[0] as Uint8Array;
    return { ok: true, bytes: Buffer.from(only.buffer, only.byteOffset, only.byteLength) };
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

/** A short reason for a network failure: `fetch` hides the OS code in `cause`, undici's `request` does not. */
export function describeNetworkError(error: unknown): string {
  const cause = codedError(error);
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/** A UTF-8 byte order mark some servers put before JSON: not part of the JSON text. */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * How an answer's JSON numbers are read:
 * - 'strings': the platform's own answers. Its specification returns every numeric value
 *   (amounts, timestamps, counts, ids) as a JSON string, so a JSON number there is kept with its
 *   digits as a `JsonNumberText`, never rounded by `JSON.parse` and never taken for a count.
 * - 'exact': answers in another service's format (the exchange's), whose numbers are numbers: one
 *   that a JavaScript number holds exactly stays a number; the others keep their digits.
 */
export type NumberReading = 'strings' | 'exact';

/**
 * Whether a parsed JSON value holds a number anywhere. This walk is the whole cost of the lossless
 * re-read for an answer without numbers: about 0.1 ms for a page of 1,000 activities (260 kB),
 * some 5% of its `JSON.parse` and under 1% of the page's walk (bench 4). A regular expression scan
 * of the text for a number cost three times as much: the scan must read every character, while
 * this reads each value once and skips strings without looking inside them.
 * Strings, the bulk of every row, are looked at once and never pushed; the stack makes any depth
 * that `JSON.parse` accepted safe.
 */
function holdsNumber(root: unknown): boolean {
  if (typeof root === 'number') return true;
  if (typeof root !== 'object' || root === null) return false;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const value = node[i];
        if (typeof value === 'object') {
          if (value !== null) stack.push(value);
        } else if (typeof value === 'number') return true;
      }
    } else {
      for (const key in node) {
        const value = node[key];
        if (typeof value === 'object') {
          if (value !== null) stack.push(value);
        } else if (typeof value === 'number') return true;
      }
    }
  }
  return false;
}

/**
 * Parses a JSON text (without its BOM). `JSON.parse` reads it; only when it holds a number is it
 * read again by a lossless parser, which puts a `JsonNumberText` where a number's digits would
 * otherwise be lost or promised as a string (see `NumberReading`). Throws a SyntaxError or, for
 * a re-read that cannot finish (nesting deeper than its recursion), a RangeError.
 */
export function parseJsonText(text: string, numbers: NumberReading = 'strings'): unknown {
  const value: unknown = JSON.parse(text);
  if (!holdsNumber(value)) return value;
  return parseLossless(text, null, {
    parseNumber: (digits) =>
      numbers === 'exact' && isSafeNumber(digits) ? Number(digits) : jsonNumberText(digits),
    // JSON.parse keeps the last of a repeated key; so does the re-read (lossless-json would throw).
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

/** Parses a 2xx JSON body, refusing HTML, empty and non-JSON answers with a short reason. */
export function parseJsonAnswer(
  bytes: Buffer,
  contentType: string | null,
  status: number,
  numbers: NumberReading = 'strings',
): { ok: true; value: unknown } | Failure {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (bytes.length === 0)
    return fail('bad-response', `The platform sent an empty answer (HTTP ${status})`, { status });
  if (type !== '' && !type.includes('json')) {
    return fail(
      'bad-response',
      `The platform answered ${type} instead of JSON (HTTP ${status}, ${bytes.length} bytes)`,
      { status },
    );
  }
  try {
    return { ok: true, value: parseJsonText(withoutBom(bytes.toString('utf8')), numbers) };
  } catch (error) {
    const why =
      error instanceof RangeError
        ? 'its numbers could not be read exactly (nested too deep)'
        : 'not valid JSON';
    return fail('bad-response', `The platform's answer is ${why} (HTTP ${status}, ${bytes.length} bytes)`, {
      status,
    });
  }
}

/**
 * A 2xx answer that is an error envelope (`{error, message}`) instead of the data asked for:
 * called once the answer failed its shape check, so a real answer that merely has such fields is
 * never taken for an error. The platform's own words are shown, not "not the expected shape".
 *
 * Its code is `bad-response`, for reads and actions alike. For an action this makes the outcome
 * "unknown", never "refused": the status says the platform accepted the request and the body says
 * it failed, and nothing in the specification says which of the two to believe (a gateway can wrap
 * a failure that came after the change was made, or one that came before it). Only a check of the
 * object shows what happened, so the operator is told to check before sending again.
 */
export function errorInAnswer(
  value: unknown,
  method: string,
  status: number,
  apiKey: string | undefined,
): Failure | null {
  const envelope = envelopeOf(value);
  if (envelope === null) return null;
  const message = cleanMessage(envelope.message, apiKey);
  const code = cleanMessage(envelope.error, apiKey);
  if (message === '' && code === '') return null;
  const extra: Partial<AppError> = { status };
  if (code !== '') extra.platformError = code;
  const details = cleanDetails(envelope.extra, apiKey);
  if (details) extra.details = details;
  const said = message !== '' ? message : code;
  const text =
    method === 'GET'
      ? `The platform answered HTTP ${status} with an error instead of data: ${said}`
      : `The platform answered HTTP ${status} but its answer is an error: ${said}. ` +
        'It is not clear whether the action took effect: check before sending it again.';
  return fail('bad-response', text, extra);
}
