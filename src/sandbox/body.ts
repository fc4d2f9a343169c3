/**
 * Reads a request body with a size cap and a read timeout, so that no client can make a handler
 * wait forever or buffer without bound. JSON parsing of the bytes lives here too.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;
export const BODY_TIMEOUT_MS = 5_000;

/**
 * True when the request carries no body: neither Content-Length (or `0`) nor Transfer-Encoding
 * (RFC 9112 §6.3), as most GETs. Its body is `EMPTY_BODY` and nothing needs to be waited for.
 */
export function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

export const EMPTY_BODY: Buffer = Buffer.alloc(0);

export function readBody(
  req: IncomingMessage,
  maxBytes = MAX_BODY_BYTES,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<Buffer> {
  // No timer, no listeners and no promise executor for a request without a body (they were a
  // tenth of a page's cost); callers on the hot path test `hasNoBody` first and skip the await.
  if (hasNoBody(req)) {
    req.resume();
    return Promise.resolve(EMPTY_BODY);
  }
  return new Promise((resolve, reject) => {
    const tooLarge = (): HttpError =>
      new HttpError(413, 'payload-too-large', `request body is larger than ${maxBytes} bytes`);
    const length = req.headers['content-length'];
    const declared = Number(length ?? '0');
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: HttpError | null): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (err !== null) {
        // Keep draining so the client can read the refusal instead of a reset.
        req.resume();
        reject(err);
      } else {
        resolve(chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, size));
      }
    };
    const timer = setTimeout(
      () => finish(new HttpError(408, 'request-timeout', `request body not received within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > maxBytes) finish(tooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => finish(null));
    // The error is made only when it is needed: 'close' comes after every body, and building an
    // HttpError (with its stack) each time cost more than reading the body.
    req.on('error', () => {
      if (!finished) finish(badRequest('request body could not be read'));
    });
    req.on('close', () => {
      if (!finished) finish(badRequest('request body was cut short'));
    });
  });
}

/** The media type without parameters, lower case; `undefined` when the header is absent. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === '' ? undefined : type;
}

export type JsonObjectBody = Record<string, unknown>;

/** Parses a JSON object body; `allowEmpty` turns an empty body into `{}`. */
export function parseJsonObject(body: Buffer, allowEmpty = false): JsonObjectBody {
  const text = body.toString('utf8');
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw badRequest('request body is required (a JSON object)');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('request body must be a JSON object');
  }
  return value as JsonObjectBody;
}
