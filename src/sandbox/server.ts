/**
 * The HTTP front: reads the body (capped, timed), routes `/sandbox/...` controls (guarded by
 * control-guard.ts) and `/platform/...` operations (logged, signed, rate-limited, maybe faulted or
 * quirky), and turns every outcome, including bugs, into a JSON envelope. Nothing a client sends
 * may produce an unanswered request, except an injected `drop-after-commit` fault.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from './auth';
import { readBody } from './body';
import { guardControl } from './control-guard';
import type { ControlPanel } from './controls';
import { HttpError, envelope, notFound } from './errors';
import type { Fault, FaultTable } from './faults/faults';
import type { RequestLog } from './faults/request-log';
import type { QuirkEngine } from './quirks';
import type { RateLimiter } from './rate-limit';
import type { PathMatcher } from './path-matcher';
import type { Reply, RouteHandler } from './router';
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
  /** Pending delay-after-commit answers, cleared on close. */
  timers: Set<NodeJS.Timeout>;
}

const PLATFORM = '/platform';
const SANDBOX = '/sandbox';

export { isLoopbackAddress } from './control-guard';

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string> = {}): void {
  if ('parts' in reply) {
    let length = 0;
    for (const part of reply.parts) length += part.length;
    res.writeHead(reply.status, { ...JSON_HEADERS, 'Content-Length': length, ...extraHeaders });
    // Corked: the head and every part leave in one writev, as one buffer would.
    res.cork();
    const last = reply.parts.length - 1;
    reply.parts.forEach((part, i) => {
      if (i < last) res.write(part);
    });
    res.end(reply.parts[last]);
    return;
  }
  const isCsv = 'csv' in reply;
  const payload = isCsv ? reply.csv : 'body' in reply ? reply.body : JSON.stringify(reply.json);
  res.writeHead(reply.status, {
    'Content-Type': isCsv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    ...extraHeaders,
  });
  res.end(payload);
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
} as const;

function sendError(
  res: ServerResponse,
  err: unknown,
  extra: (code: string) => Record<string, string> = () => ({}),
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
    );
    return;
  }
  console.error('[sandbox] unexpected error', err);
  send(res, {
    status: 500,
    json: { ...envelope('internal', 'the sandbox failed to handle this request'), ...extra('internal') },
  });
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

async function handlePlatform(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  target: string,
  pathname: string,
  search: string,
): Promise<void> {
  const body = await readBody(req);
  const key = deps.auth.verify({
    method,
    target,
    body,
    remoteAddress: req.socket.remoteAddress ?? '',
    authorization: header(req, 'authorization'),
    timestamp: header(req, 'x-timestamp'),
    signature: header(req, 'x-signature'),
  });
  deps.limiter.take(key.apiKey);
  const throttled = deps.quirks.throttle();
  if (throttled !== undefined) throw throttled;
  const path = pathname.slice(PLATFORM.length);
  const fault = deps.faults.take(method, path);
  if (fault?.mode === '500-before-commit')
    throw new HttpError(500, 'internal', 'sandbox fault 500-before-commit: nothing was changed');
  deps.store.settle();
  const sent = new URLSearchParams(search);
  const params = deps.quirks.rewriteParams(method, path, sent, header(req, 'accept'));
  let reply: Reply | undefined;
  let failure: unknown;
  try {
    const route = deps.router.match(method, path);
    reply = route.handler({
      method,
      path,
      params: route.params,
      query: params,
      headers: req.headers,
      body,
      caller: {
        apiKey: key.apiKey,
        organizationId: key.organizationId,
        userId: key.userId,
        ...(key.portfolioId === undefined ? {} : { portfolioId: key.portfolioId }),
      },
      store: deps.store,
    });
    reply = deps.quirks.transform(method, path, sent, reply);
  } catch (err) {
    failure = err;
  }
  const answer = (): void =>
    reply !== undefined ? send(res, reply) : sendError(res, failure, (c) => deps.quirks.errorFields(c));
  if (fault === undefined) {
    if (reply === undefined) throw failure;
    answer();
    return;
  }
  // The operation has run (or refused on its own): the fault now decides what the client sees.
  afterCommit(deps, req, res, fault, answer);
  throw new AnsweredByFault();
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    const logged = deps.requestLog.record({
      method,
      path: pathname.slice(PLATFORM.length),
      contentType: header(req, 'content-type')?.slice(0, 200) ?? null,
      status: null,
      at: String(deps.store.options.clock.wallNow()),
    });
    res.once('finish', () => {
      logged.status = res.statusCode;
    });
    await handlePlatform(deps, req, res, method, target, pathname, search);
    return;
  }
  const body = await readBody(req);
  guardControl(req, body, deps.controlToken);
  const reply = deps.controls.handle(pathname.slice(SANDBOX.length), {
    method,
    body,
    query: new URLSearchParams(search),
  });
  send(res, reply);
}

export function createRequestListener(deps: ServerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      if (err instanceof AnsweredByFault) return;
      try {
        const isPlatform = (req.url ?? '').startsWith(PLATFORM);
        sendError(res, err, isPlatform ? (c) => deps.quirks.errorFields(c) : undefined);
      } catch (again) {
        console.error('[sandbox] could not send an error answer', again);
        res.destroy();
      }
    });
  };
}
