/**
 * How the platform client puts a request on the wire: undici's `request()` on an agent of the
 * client's own, instead of the global `fetch`.
 *
 * Why not `fetch`: on a 100-row page from the local sandbox, `fetch` plus its WHATWG body stream
 * cost some 170 µs more than `request()` (0.76–0.79 of fetch's median latency, paired request by
 * request), more than everything the client adds of its own (signing, the number check, the
 * request history). Benchmark 2 holds the client to 1.15 × a bare `fetch`.
 *
 * What stays as it was with `fetch`:
 * - Redirects are not followed: a 3xx is an answer (an error, to the client).
 * - Compressed answers are decoded: the request says `Accept-Encoding: gzip, deflate, br`, as
 *   `fetch` did, and a 2xx or error answer (the client reads the error envelope) is decoded with
 *   node:zlib. The client's size bound applies to the decoded bytes. Written here rather than with
 *   undici's decompress interceptor, which is marked experimental and warns on every start.
 * - The attempt's abort signal cancels the request, before or after the headers: the body then
 *   fails with the abort, and the client says timeout or cancelled (`AttemptControl`).
 * - Errors keep their codes (`ECONNREFUSED`, `UND_ERR_SOCKET`, TLS codes), which decide whether
 *   a failed request may have reached the platform (`deliveryOf`).
 */
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Dispatcher } from 'undici';

/** The methods the platform's API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface SendInit {
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** A body as the client reads it: a Node stream here; a web stream (`fetch`'s) reads the same way. */
export type Body = AsyncIterable<Uint8Array>;

/** An answer's status line and headers, with its body still to read. */
export interface Answer {
  status: number;
  statusText: string;
  /** A header by its lowercase name; repeated headers joined with ", " as `fetch` did. */
  header(name: string): string | null;
  /**
   * The (decoded) body. Read it to the end, or drop it with `dropBody` (answers.ts), which closes
   * the connection: an unread body holds its socket. A `break` out of `for await` drops it too,
   * but an iterator's `return()` before its first `next()` does not.
   */
  body: Body;
}

/** Sends one request; rejects when no answer came (refused, reset, aborted, TLS failure…). */
export type Send = (href: string, init: SendInit) => Promise<Answer>;

/** What every request asks for, as `fetch` did: the platform may compress. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

interface Loaded {
  request: typeof import('undici').request;
  agent: Dispatcher;
}

let loading: Promise<Loaded> | undefined;

/**
 * undici, loaded on first use rather than with the main side: the package takes ~100 ms to load
 * and compile, which at start-up would delay the window. The main side starts loading it first
 * thing (`startLoadingTransport`), while its start-up waits on the disk and the keychain; the
 * warm-up (`app/warm-up.ts`) then opens a connection. The agent every platform client shares (keep-alive
 * connections per origin) is made with it. It is the client's own, not undici's global
 * dispatcher: Node's built-in `fetch` installs a global dispatcher of its own undici version.
 *
 * A failed load is not cached: the next request tries again.
 */
function load(): Promise<Loaded> {
  loading ??= import('undici').then(
    (undici) => ({ request: undici.request, agent: new undici.Agent() }),
    (error: unknown) => {
      loading = undefined;
      throw Object.assign(new Error(`The HTTP client could not be loaded: ${String(error)}`), {
        code: TRANSPORT_UNAVAILABLE,
      });
    },
  );
  return loading;
}

/**
 * Starts loading undici without waiting for it, for a caller with idle time to fill (the main
 * side's start-up). A failure here is not reported: the first request tries again and says why.
 */
export function startLoadingTransport(): void {
  load().catch(() => undefined);
}

/** The code of a request that failed because the HTTP client is missing: nothing was sent. */
export const TRANSPORT_UNAVAILABLE = 'ERR_TRANSPORT_UNAVAILABLE';

/**
 * The decoders of the codings asked for (a Map: a coding named "constructor" must find nothing).
 * An answer in a coding not listed is left as it came, and fails as unreadable JSON.
 */
const DECODERS: ReadonlyMap<string, () => Transform> = new Map([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

/**
 * The body decoded as its Content-Encoding says (codings applied in order, so undone in reverse).
 * An answer with no content by definition (204, 304) is left alone: an empty gzip body is an
 * error. A failure anywhere (a corrupt stream, the connection dropped, the attempt aborted) fails
 * the decoded body; destroying it destroys the answer's body and drops the connection.
 */
export function decodedBody(body: Readable, status: number, contentEncoding: string | null): Readable {
  if (contentEncoding === null || status === 204 || status === 304) return body;
  const decoders: Transform[] = [];
  for (const coding of contentEncoding.toLowerCase().split(',').reverse()) {
    const name = coding.trim();
    if (name === '' || name === 'identity') continue;
    const make = DECODERS.get(name);
    if (make === undefined) return body;
    decoders.push(make());
  }
  const last = decoders.at(-1);
  if (last === undefined) return body;
  // Errors reach the reader through the last decoder, which the pipeline destroys with them.
  pipeline([body, ...decoders], () => undefined);
  return last;
}

function answerOf(data: Dispatcher.ResponseData): Answer {
  const { headers, statusCode } = data;
  const header = (name: string): string | null => {
    const value = headers[name];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  };
  return {
    status: statusCode,
    statusText: data.statusText,
    header,
    body: decodedBody(data.body, statusCode, header('content-encoding')),
  };
}

/** Sends with undici; completes `init.headers` in place with the Accept-Encoding it decodes. */
export const undiciSend: Send = async (href, init) => {
  const { request, agent } = await load();
  init.headers['Accept-Encoding'] = ACCEPT_ENCODING;
  const data = await request(href, {
    method: init.method,
    headers: init.headers,
    body: init.body,
    signal: init.signal,
    dispatcher: agent,
  });
  return answerOf(data);
};
