/**
 * The HTTP front: reads the body (capped, timed), routes `/sandbox/...` controls (loopback only)
 * and `/platform/...` operations (signed, rate-limited), and turns every outcome, including bugs,
 * into a JSON envelope. Nothing a client sends may produce an unanswered request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from './auth';
import { readBody } from './body';
import type { ControlPanel } from './controls';
import { HttpError, envelope, forbidden, notFound } from './errors';
import { QueryReader } from './query';
import type { RateLimiter } from './rate-limit';
import type { Reply, Router } from './router';
import type { SandboxStore } from './state/store';

export interface ServerDeps {
  store: SandboxStore;
  auth: Authenticator;
  limiter: RateLimiter;
  router: Router;
  controls: ControlPanel;
}

const PLATFORM = '/platform';
const SANDBOX = '/sandbox';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string> = {}): void {
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

function sendError(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof HttpError) {
    // After a refused body the connection may hold unread bytes: close it.
    const close: Record<string, string> =
      err.status === 413 || err.status === 408 ? { Connection: 'close' } : {};
    send(res, { status: err.status, json: envelope(err.code, err.message) }, { ...err.headers, ...close });
    return;
  }
  console.error('[sandbox] unexpected error', err);
  send(res, { status: 500, json: envelope('internal', 'the sandbox failed to handle this request') });
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
  const body = await readBody(req);
  const params = new URLSearchParams(search);
  if (isControl) {
    if (!isLoopbackAddress(req.socket.remoteAddress))
      throw forbidden('sandbox controls answer loopback clients only');
    const reply = deps.controls.handle(pathname.slice(SANDBOX.length), { method, body, query: params });
    send(res, reply);
    return;
  }
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
  deps.store.settle();
  const path = pathname.slice(PLATFORM.length);
  const route = deps.router.match(method, path);
  const reply = route.handler({
    method,
    path,
    params: route.params,
    query: new QueryReader(params),
    headers: req.headers,
    body,
    caller: { apiKey: key.apiKey, organizationId: key.organizationId, userId: key.userId },
    store: deps.store,
  });
  send(res, reply);
}

export function createRequestListener(deps: ServerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      try {
        sendError(res, err);
      } catch (again) {
        console.error('[sandbox] could not send an error answer', again);
        res.destroy();
      }
    });
  };
}
