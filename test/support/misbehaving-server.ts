/**
 * A platform stand-in that misbehaves on purpose, for the fault tests: it records every request
 * and answers with whatever `Behaviour` the test set: malformed JSON, an HTML error page, an empty
 * or truncated body, a body larger than the client accepts, 429s, a skewed `Date` header, no
 * answer at all, or dying half-way through paging. It does not check signatures (the verifying
 * server does that); it listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const MISBEHAVING_ORG = 'org-misbehaving';

export interface Hit {
  method: string;
  /** Path and query as received. */
  url: string;
  /** performance-style milliseconds since the server started. */
  at: number;
}

/** Answers one request; `n` counts requests from 0 since the behaviour was set. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, n: number) => void;

export interface MisbehavingServer {
  baseUrl: string;
  hits: Hit[];
  /** Sets the behaviour for the next requests and clears the hit list. */
  behave(behaviour: Behaviour): void;
  /** Stops listening and drops every open connection: the platform is gone. */
  die(): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
};

/** A plausible activity row; the client does not validate rows, the renderer treats them as text. */
export function activity(i: number): Record<string, string> {
  return {
    activityId: `act-${i}`,
    activityType: 'deposit',
    createdAt: String(1_700_000_000_000 + i),
    organizationId: MISBEHAVING_ORG,
  };
}

/** Healthy answers for the operations the fault tests call. */
export const healthy: Behaviour = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.endsWith('/activities')) {
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const count = Math.max(0, Math.min(limit, 1500 - offset));
    return json(res, 200, { activities: Array.from({ length: count }, (_, i) => activity(offset + i)) });
  }
  if (url.pathname.endsWith('/portfolios')) return json(res, 200, { portfolios: [] });
  json(res, 404, { error: 'not-found', message: 'Not found' });
};

export const behaviours = {
  healthy,
  /** Never answers (until the connection is dropped by the client). */
  silent: (): Behaviour => () => undefined,
  malformedJson: (): Behaviour => (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"portfolios": [{"portfolioId": "p1",');
  },
  /** A proxy's or login page's HTML, with some script in it for good measure. */
  htmlPage:
    (status: number): Behaviour =>
    (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<html><body><h1>Bad Gateway</h1><script>alert("pwned")</script></body></html>');
    },
  emptyBody: (): Behaviour => (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '0' });
    res.end();
  },
  /** Declares more bytes than it sends, then closes the connection. */
  truncated: (): Behaviour => (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
    res.write('{"portfolios": [');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  /** Announces `bytes` in Content-Length, sends a little and then waits (the client must not). */
  declaredHuge:
    (bytes: number): Behaviour =>
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(bytes) });
      res.write('{"portfolios": [');
    },
  /** Streams chunked JSON-looking bytes until `maxBytes` or until the client hangs up. */
  endless:
    (maxBytes: number): Behaviour =>
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      res.write('{"portfolios": [');
      const pump = () => {
        while (sent < maxBytes && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end(']}');
      };
      res.on('close', () => (sent = maxBytes));
      pump();
    },
  tooManyRequests:
    (retryAfterSeconds?: number): Behaviour =>
    (_req, res) =>
      json(
        res,
        429,
        { error: 'too-many-requests', message: 'Rate limit exceeded' },
        retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
      ),
  /** A refused signature with a server clock `offsetMs` away from ours. */
  skewedUnauthorized:
    (offsetMs: number): Behaviour =>
    (_req, res) =>
      json(
        res,
        401,
        { error: 'unauthorized', message: 'Invalid timestamp' },
        { Date: new Date(Date.now() + offsetMs).toUTCString() },
      ),
};

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const started = performance.now();
  const hits: Hit[] = [];
  let behaviour: Behaviour = healthy;
  let count = 0;
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', at: performance.now() - started });
    // The body is irrelevant here; drain it so the request completes.
    req.resume();
    behaviour(req, res, count++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let dead = false;
  const die = () => {
    if (dead) return;
    dead = true;
    server.close();
    server.closeAllConnections();
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/platform`,
    hits,
    behave(next) {
      behaviour = next;
      count = 0;
      hits.length = 0;
    },
    die,
    close: () =>
      new Promise<void>((resolve) => {
        if (dead) return resolve();
        dead = true;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
