/**
 * The HTTP front: reads the body (capped, timed), routes `/sandbox/...` controls (guarded by
 * control-guard.ts) and `/platform/...` operations (logged, signed, rate-limited, maybe faulted or
 * quirky), and turns every outcome, including bugs, into a JSON envelope. Nothing a client sends
 * may produce an unanswered request, except an injected `drop-after-commit` fault.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiKeyRecord, Authenticator } from './auth';
import { EMPTY_BODY, hasNoBody, readBody } from './body';
import { guardControl } from './control-guard';
import type { ControlPanel } from './controls';
import { HttpError, envelope, notFound } from './errors';
import type { Fault, FaultTable } from './faults/faults';
import type { RequestLog } from './faults/request-log';
import type { PageSizeSetting } from './page-sizes';
import { encodeBody, rowsOf, type Encoding, type QuirkEngine, type WireAnswer } from './quirks';
import type { RateLimiter } from './rate-limit';
import type { PathMatcher } from './path-matcher';
import type { Caller, PlatformRequest, Reply, RouteHandler } from './router';
import type { SandboxStore } from './state/store';

export interface ServerDeps {
  store: SandboxStore;
  auth: Authenticator;
  limiter: RateLimiter;
  router: PathMatcher<RouteHandler>;
  controls: ControlPanel;
  controlToken: string;
  faults: FaultTable;
  requestLog: RequestLog;
  quirks: QuirkEngine;
  /** The per-list page size setting (page-sizes.ts). */
  pageSizes: PageSizeSetting;
  /** Pending delay-after-commit answers, cleared on close. */
  timers: Set<NodeJS.Timeout>;
}

const PLATFORM = '/platform';
const JSON_TYPE = 'application/json; charset=utf-8';
const SANDBOX = '/sandbox';

export { isLoopbackAddress } from './control-guard';

/** The peer's address, read once per connection (each read of it walks the socket's getters). */
const REMOTE_ADDRESS = Symbol('sandbox remote address');
function remoteAddressOf(socket: Socket & { [REMOTE_ADDRESS]?: string }): string {
  return (socket[REMOTE_ADDRESS] ??= socket.remoteAddress ?? '');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(
  res: ServerResponse,
  reply: Reply,
  extraHeaders?: Record<string, string>,
  encoding?: Encoding,
): void {
  if (encoding !== undefined && !('csv' in reply)) {
    sendEncoded(res, reply, extraHeaders, encoding);
    return;
  }
  if ('parts' in reply) {
    let length = 0;
    for (const part of reply.parts) length += part.length;
    res.writeHead(
      reply.status,
      // A literal of one shape, not spreads: this is every page's head.
      extraHeaders === undefined
        ? { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'Content-Length': length }
        : {
            'Content-Type': JSON_TYPE,
            'Cache-Control': 'no-store',
            'Content-Length': length,
            ...extraHeaders,
          },
    );
    // Corked: the head and every part leave in one writev, as one buffer would.
    res.cork();
    const last = reply.parts.length - 1;
    for (let i = 0; i < last; i++) res.write(reply.parts[i]);
    res.end(reply.parts[last]);
    return;
  }
  const isCsv = 'csv' in reply;
  const payload = isCsv ? reply.csv : 'body' in reply ? reply.body : JSON.stringify(reply.json);
  res.writeHead(reply.status, {
    'Content-Type': isCsv ? 'text/csv; charset=utf-8' : JSON_TYPE,
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    ...extraHeaders,
  });
  res.end(payload);
}

/** A JSON answer under the transport quirks (quirks/wire.ts): gzip, a BOM, a body cut short. */
function sendEncoded(
  res: ServerResponse,
  reply: Exclude<Reply, { csv: Buffer }>,
  extraHeaders: Record<string, string> | undefined,
  encoding: Encoding,
): void {
  const payload =
    'parts' in reply
      ? Buffer.concat(reply.parts)
      : 'body' in reply
        ? reply.body
        : Buffer.from(JSON.stringify(reply.json));
  const { body, headers } = encodeBody(payload, encoding);
  res.writeHead(reply.status, {
    'Content-Type': JSON_TYPE,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    ...headers,
    ...extraHeaders,
  });
  if (!encoding.cutOff) {
    res.end(body);
    return;
  }
  // The full length was declared; half the body arrives, then the connection closes.
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

/** An answer that replaces the operation's (quirks/wire.ts), written as is. */
function sendWire(res: ServerResponse, answer: WireAnswer): void {
  res.writeHead(answer.status, {
    ...answer.headers,
    'Content-Length': answer.body.length,
    'Cache-Control': 'no-store',
  });
  res.end(answer.body);
}

function sendError(
  res: ServerResponse,
  err: unknown,
  extra: (code: string) => Record<string, string> = () => ({}),
  encoding?: Encoding,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof HttpError) {
    // After a refused body the connection may hold unread bytes: close it.
    const close: Record<string, string> =
      err.status === 413 || err.status === 408 ? { Connection: 'close' } : {};
    send(
      res,
      { status: err.status, json: { ...envelope(err.code, err.message), ...extra(err.code) } },
      { ...err.headers, ...close },
      encoding,
    );
    return;
  }
  console.error('[sandbox] unexpected error', err);
  send(
    res,
    {
      status: 500,
      json: { ...envelope('internal', 'the sandbox failed to handle this request'), ...extra('internal') },
    },
    undefined,
    encoding,
  );
}

/** Thrown to leave the answer to a fault (a dropped or delayed answer). */
class AnsweredByFault extends Error {}

function afterCommit(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault,
  answer: () => void,
): void {
  switch (fault.mode) {
    case 'drop-after-commit':
      req.socket.destroy();
      return;
    case '500-after-commit':
      send(res, {
        status: 500,
        json: envelope(
          'internal',
          'sandbox fault 500-after-commit: the operation took effect; its answer was replaced',
        ),
      });
      return;
    case 'delay-after-commit': {
      const timer = setTimeout(() => {
        deps.timers.delete(timer);
        if (!res.destroyed && !res.headersSent) answer();
      }, fault.delayMs ?? 0);
      deps.timers.add(timer);
      return;
    }
    case '500-before-commit':
      return;
  }
}

/** A platform operation whose body has been read: authenticate, limit, route and answer. */
function answerPlatform(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  target: string,
  pathname: string,
  search: string,
  body: Buffer,
): void {
  const key = deps.auth.verify({
    method,
    target,
    body,
    remoteAddress: remoteAddressOf(req.socket),
    authorization: header(req, 'authorization'),
    timestamp: header(req, 'x-timestamp'),
    signature: header(req, 'x-signature'),
  });
  deps.limiter.take(key.apiKey);
  const throttled = deps.quirks.throttle(deps.store.options.clock.wallNow());
  if (throttled !== undefined) throw throttled;
  const replaced = deps.quirks.before(target, header(req, 'host'));
  if (replaced !== undefined) {
    sendWire(res, replaced);
    return;
  }
  const path = pathname.slice(PLATFORM.length);
  const fault = deps.faults.take(method, path);
  if (fault?.mode === '500-before-commit')
    throw new HttpError(500, 'internal', 'sandbox fault 500-before-commit: nothing was changed');
  deps.store.settle();
  const sent = new URLSearchParams(search);
  let reply: Reply | undefined;
  let failure: unknown;
  try {
    const params = deps.pageSizes.apply(
      method,
      path,
      deps.quirks.rewriteParams(method, path, sent, header(req, 'accept')),
    );
    const route = deps.router.match(method, path);
    const request: PlatformRequest = {
      method,
      path,
      params: route.params,
      query: params,
      headers: req.headers,
      body,
      caller: callerOf(key),
      store: deps.store,
    };
    // Only under movingRows / growingTotal: no closure per request otherwise.
    if (deps.quirks.movesRows()) movePage(deps, request, sent);
    reply = deps.quirks.transform(method, path, sent, route.handler(request));
  } catch (err) {
    failure = err;
  }
  if (fault === undefined) {
    if (reply === undefined) throw failure;
    send(res, reply, undefined, deps.quirks.encoding());
    return;
  }
  // The operation has run (or refused on its own): the fault now decides what the client sees.
  afterCommit(deps, req, res, fault, () => answerOperation(deps, res, reply, failure));
  throw new AnsweredByFault();
}

/** Lets the quirks move or add rows before this page is read; they peek at other pages. */
function movePage(deps: ServerDeps, request: PlatformRequest, sent: URLSearchParams): void {
  const { handler } = deps.router.match(request.method, request.path);
  deps.quirks.beforePage(
    {
      store: deps.store,
      organizationId: request.caller.organizationId,
      query: request.query,
      peek: (query) => rowsOf(handler({ ...request, query })),
    },
    request.method,
    request.path,
    sent,
  );
}

function callerOf(key: ApiKeyRecord): Caller {
  const caller: Caller = { apiKey: key.apiKey, organizationId: key.organizationId, userId: key.userId };
  if (key.portfolioId !== undefined) caller.portfolioId = key.portfolioId;
  return caller;
}

function answerOperation(
  deps: ServerDeps,
  res: ServerResponse,
  reply: Reply | undefined,
  failure: unknown,
): void {
  const encoding = deps.quirks.encoding();
  if (reply !== undefined) send(res, reply, undefined, encoding);
  else sendError(res, failure, (c) => deps.quirks.errorFields(c), encoding);
}

/** The request log's id of a platform request, for its status once answered. */
const LOG_ID = Symbol('sandbox request log id');
type LoggedResponse = ServerResponse & { [LOG_ID]?: number };

/**
 * Starts answering one request. Returns a promise only when a body has to be read first: a GET
 * is answered synchronously, with no promise, timer, closure or microtask of its own (each was
 * measurable per request under load, bench/3-sandbox-throughput.ts).
 */
function route(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  logAnswer: (this: LoggedResponse) => void,
): Promise<void> | undefined {
  const target = req.url ?? '/';
  const method = (req.method ?? 'GET').toUpperCase();
  const q = target.indexOf('?');
  const pathname = q < 0 ? target : target.slice(0, q);
  const search = q < 0 ? '' : target.slice(q + 1);
  const isPlatform = pathname === PLATFORM || pathname.startsWith(`${PLATFORM}/`);
  const isControl = pathname === SANDBOX || pathname.startsWith(`${SANDBOX}/`);
  if (!isPlatform && !isControl) {
    req.resume();
    throw notFound(`no such path: ${pathname.slice(0, 200)}; the API is below ${PLATFORM}`);
  }
  if (isPlatform) {
    (res as LoggedResponse)[LOG_ID] = deps.requestLog.record({
      method,
      path: pathname.slice(PLATFORM.length),
      contentType: header(req, 'content-type')?.slice(0, 200) ?? null,
      at: deps.store.options.clock.wallNow(),
    });
    res.on('finish', logAnswer);
    if (hasNoBody(req)) {
      req.resume();
      answerPlatform(deps, req, res, method, target, pathname, search, EMPTY_BODY);
      return undefined;
    }
    return readBody(req).then((body) =>
      answerPlatform(deps, req, res, method, target, pathname, search, body),
    );
  }
  return readBody(req).then((body) => {
    guardControl(req, body, deps.controlToken);
    const reply = deps.controls.handle(pathname.slice(SANDBOX.length), {
      method,
      body,
      query: new URLSearchParams(search),
    });
    send(res, reply);
  });
}

export function createRequestListener(deps: ServerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  // One listener for every response: 'finish' means the answer was handed to the connection.
  const logAnswer = function (this: LoggedResponse): void {
    const id = this[LOG_ID];
    if (id !== undefined) deps.requestLog.answered(id, this.statusCode);
  };
  const fail = (req: IncomingMessage, res: ServerResponse, err: unknown): void => {
    if (err instanceof AnsweredByFault) return;
    try {
      const isPlatform = (req.url ?? '').startsWith(PLATFORM);
      if (isPlatform) sendError(res, err, (c) => deps.quirks.errorFields(c), deps.quirks.encoding());
      else sendError(res, err);
    } catch (again) {
      console.error('[sandbox] could not send an error answer', again);
      res.destroy();
    }
  };
  const clock = deps.store.options.clock;
  return (req, res) => {
    // The sandbox's own clock (Node's would be the real one): skewed or unreadable on demand.
    res.setHeader('Date', deps.quirks.dateHeader(clock.wallNow()));
    let pending: Promise<void> | undefined;
    try {
      pending = route(deps, req, res, logAnswer);
    } catch (err) {
      fail(req, res, err);
      return;
    }
    pending?.catch((err: unknown) => fail(req, res, err));
  };
}
