/**
 * The browser-mode transport: the same router as Electron IPC, served over loopback.
 *
 * - Listens on 127.0.0.1 only, on a random port unless told otherwise.
 * - Every RPC and the event stream need the connection token in the `X-Copper-Token` header.
 *   The token reaches the page in the URL fragment, which browsers never send to a server, so it
 *   cannot leak through a Referer or a log of this server.
 * - The Host header must name this loopback address and port (defeats DNS rebinding); a request
 *   carrying a foreign Origin is refused (defeats a web page in the operator's browser).
 * - Static files of the built renderer are served with the same CSP as the Electron window.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, relative as relativePath, sep } from 'node:path';
import { EVENT_NAMES } from '../../shared/contract';
import type { Router } from '../router/router';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../log/logger';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { staticContentType } from '../security/static-content-type';

export const TOKEN_HEADER = 'x-copper-token';
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Connection bounds. One operator's browser needs a handful of connections (the event stream, a
 * few calls in flight, static files). A local process without the token must not be able to hold
 * them all: a cap alone is itself the denial (64 silent sockets, reopened now and then, used to
 * refuse every call). So the cap is kept by closing the connection that has been idle longest when
 * a new one arrives, and idle connections do not last: 2 s to send a first request, 5 s idle
 * between keep-alive requests. A connection carrying an accepted, token-bearing call or the event
 * stream is never closed for either reason; without the token a connection is never more than idle.
 */
export const BRIDGE_LIMITS = {
  maxConnections: 64,
  /** A new connection must have sent a whole request head within this time. */
  firstRequestMs: 2_000,
  /** A connection that has been answered must send its next request head within this time. */
  keepAliveIdleMs: 5_000,
  /** How often idle connections are looked for: the two rules above hold to within this. */
  sweepMs: 250,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
} as const;

/** The media type of a Content-Type header, lower-cased, without parameters; null when absent. */
export function mediaTypeOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const type = header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === '' ? null : type;
}

/** decodeURIComponent that answers null instead of throwing on a malformed escape such as "%E0%A4%A". */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export interface WebBridgeOptions {
  router: Router;
  events: EventBus;
  log: Logger;
  /** Folder of the built renderer (out/renderer). */
  staticDir: string;
  port?: number;
  token?: string;
}

export interface RunningBridge {
  url: string;
  origin: string;
  port: number;
  token: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * The built renderer is read into memory once, at start, up to these bounds: on a cold start the
 * window asks for about ten files at once while the main side is busiest, and a file answered from
 * memory costs neither a `stat`, an `open` nor a stream. Files past the bounds (a static folder
 * that is not a build) are still served, from disk. A new build is served after a restart.
 */
export const STATIC_MEMORY_LIMITS = {
  files: 500,
  bytes: 32 * 1024 * 1024,
  fileBytes: 4 * 1024 * 1024,
} as const;

interface StaticFile {
  body: Buffer;
  headers: Record<string, string | number>;
}

function staticHeaders(relative: string, size: number): Record<string, string | number> {
  return {
    'Content-Type': staticContentType(relative),
    'Content-Length': size,
    // Hashed assets never change under their name; index.html must be asked for again.
    'Cache-Control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** The static folder's regular files within the bounds, keyed by their path below it with "/" separators. */
async function loadStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  let entries: { name: string; parentPath: string; isFile(): boolean }[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return files;
  }
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile() || files.size >= STATIC_MEMORY_LIMITS.files) continue;
    const full = join(entry.parentPath, entry.name);
    try {
      const info = await stat(full);
      if (info.size > STATIC_MEMORY_LIMITS.fileBytes || bytes + info.size > STATIC_MEMORY_LIMITS.bytes)
        continue;
      const body = await readFile(full);
      const key = relativePath(root, full).split(sep).join('/');
      files.set(key, { body, headers: staticHeaders(key, body.length) });
      bytes += body.length;
    } catch {
      // Gone or unreadable since the listing: served (or refused) from disk like any other miss.
    }
  }
  return files;
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { ok: false, error: { code: 'forbidden', message } });
}

class BodyTooLarge extends Error {}

/**
 * The body as text, buffering at most MAX_BODY_BYTES. Past that (or when the declared length is
 * past it) the socket stops being read, so only node's read-ahead (a socket read or two, 64 KiB
 * each) is read beyond the limit, and the promise rejects with BodyTooLarge; the caller answers 413
 * with `Connection: close`.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_BODY_BYTES) {
      req.socket.pause();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        req.socket.pause();
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What the bridge knows about one connection, to close idle ones and never an accepted call. */
interface Connection {
  /** When the connection opened or last finished (or started) a request; performance.now(). */
  since: number;
  /** Requests received and not yet answered (HTTP/1.1 lets a client pipeline several). */
  inFlight: number;
  /** Of those, the ones that passed the Host, Origin and token checks (an RPC or the event stream). */
  accepted: number;
  /** Whether a response has been finished on it: the keep-alive rule then applies, not the first-request one. */
  answered: boolean;
}

export async function startWebBridge(options: WebBridgeOptions): Promise<RunningBridge> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const tokenBytes = Buffer.from(token);
  let allowedHosts: Set<string> = new Set();
  let allowedOrigins: Set<string> = new Set();
  const staticRoot = normalize(options.staticDir + sep);
  const inMemory = await loadStaticFiles(staticRoot);

  const tokenOk = (req: IncomingMessage): boolean => {
    const given = req.headers[TOKEN_HEADER];
    if (typeof given !== 'string') return false;
    const bytes = Buffer.from(given);
    return bytes.length === tokenBytes.length && timingSafeEqual(bytes, tokenBytes);
  };

  const serveStatic = async (pathname: string, res: ServerResponse): Promise<void> => {
    const relative = pathname === '/' ? 'index.html' : decodePath(pathname.slice(1));
    // A malformed escape is the client's mistake: a 400, not an internal error and a log line.
    if (relative === null)
      return sendJson(res, 400, {
        ok: false,
        error: { code: 'bad-input', message: 'The path has a malformed percent-escape.' },
      });
    const file = normalize(join(staticRoot, relative));
    if (!file.startsWith(staticRoot)) return refuse(res, 404, 'Not found.');
    const held = inMemory.get(file.slice(staticRoot.length).split(sep).join('/'));
    if (held !== undefined) {
      res.writeHead(200, held.headers);
      res.end(held.body);
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      res.writeHead(200, staticHeaders(relative, info.size));
      createReadStream(file).pipe(res);
    } catch {
      // Client-side routes fall back to the app; anything with an extension is a real miss.
      if (!extname(relative)) return serveStatic('/', res);
      sendJson(res, 404, { ok: false, error: { code: 'not-found', message: 'Not found.' } });
    }
  };

  const openEventStream = (req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = options.events.subscribe((event, payload) => {
      if (!(EVENT_NAMES as readonly string[]).includes(event)) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  };

  /** `accept` marks the request as a real call: its connection is then never closed as idle. */
  const handle = async (req: IncomingMessage, res: ServerResponse, accept: () => void): Promise<void> => {
    securityHeaders(res);
    if (!allowedHosts.has(req.headers.host ?? '')) return refuse(res, 421, 'Unexpected Host header.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin))
      return refuse(res, 403, 'Cross-origin calls are refused.');
    const url = new URL(req.url ?? '/', 'http://loopback');

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
      if (!tokenOk(req)) return refuse(res, 401, 'Missing or wrong connection token.');
      if (mediaTypeOf(req.headers['content-type']) !== 'application/json')
        return refuse(res, 415, 'Content-Type must be application/json.');
      accept();
      let input: unknown;
      try {
        const text = await readBody(req);
        input = text.length ? JSON.parse(text) : {};
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // The rest of the body is left unread: close the connection once the answer is out.
          res.setHeader('Connection', 'close');
          return sendJson(res, 413, {
            ok: false,
            error: { code: 'bad-input', message: 'The request body is larger than 1 MB.' },
          });
        }
        return sendJson(res, 400, {
          ok: false,
          error: { code: 'bad-input', message: 'The request body is not valid JSON.' },
        });
      }
      const result = await options.router.dispatch(url.pathname.slice('/rpc/'.length), input);
      return sendJson(res, 200, result);
    }
    if (url.pathname === '/events') {
      if (req.method !== 'GET') return refuse(res, 405, 'Use GET.');
      if (!tokenOk(req)) return refuse(res, 401, 'Missing or wrong connection token.');
      accept();
      return openEventStream(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    return serveStatic(url.pathname, res);
  };

  const connections = new Map<Socket, Connection>();
  let sweeper: NodeJS.Timeout | undefined;

  const drop = (socket: Socket): void => {
    connections.delete(socket);
    socket.destroy();
  };

  /** Closes the connections past their idle time; never one with an accepted call in flight. */
  const sweep = (): void => {
    const now = performance.now();
    for (const [socket, c] of connections) {
      if (c.accepted > 0) continue;
      // A refused request in flight is a response the client is slow to take: idle all the same.
      const limit =
        c.answered || c.inFlight > 0 ? BRIDGE_LIMITS.keepAliveIdleMs : BRIDGE_LIMITS.firstRequestMs;
      if (now - c.since >= limit) drop(socket);
    }
    if (connections.size === 0 && sweeper !== undefined) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  /**
   * The connection to close to admit a new one at the cap: one already closing, else the one idle
   * longest, else one busy only with a refused request (a client not taking its answer); never one
   * with an accepted call. Undefined when every connection carries an accepted call.
   */
  const victim = (): Socket | undefined => {
    let idle: Socket | undefined;
    let idleSince = Infinity;
    let busy: Socket | undefined;
    let busySince = Infinity;
    for (const [socket, c] of connections) {
      if (socket.destroyed) return socket;
      if (c.accepted > 0) continue;
      if (c.inFlight === 0) {
        if (c.since < idleSince) [idle, idleSince] = [socket, c.since];
      } else if (c.since < busySince) [busy, busySince] = [socket, c.since];
    }
    return idle ?? busy;
  };

  const server = createServer((req, res) => {
    const c = connections.get(req.socket);
    let accepted = false;
    if (c !== undefined) {
      c.inFlight++;
      c.since = performance.now();
      res.once('close', () => {
        c.inFlight--;
        if (accepted) c.accepted--;
        c.answered = true;
        c.since = performance.now();
      });
    }
    const accept = (): void => {
      if (accepted || c === undefined) return;
      accepted = true;
      c.accepted++;
    };
    handle(req, res, accept).catch((error: unknown) => {
      options.log.error('web-bridge', 'request failed', error);
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'Internal error.' } });
      else res.destroy();
    });
  });
  // Runs after node:http's own listener: the socket is already set up as an HTTP connection.
  server.on('connection', (socket: Socket) => {
    if (connections.size >= BRIDGE_LIMITS.maxConnections) {
      const old = victim();
      // Every connection carries an accepted call: only a token holder can be in this state.
      if (old === undefined) return void socket.destroy();
      drop(old);
    }
    connections.set(socket, { since: performance.now(), inFlight: 0, accepted: 0, answered: false });
    socket.once('close', () => connections.delete(socket));
    if (sweeper === undefined) {
      sweeper = setInterval(sweep, BRIDGE_LIMITS.sweepMs);
      sweeper.unref();
    }
  });
  server.once('close', () => {
    if (sweeper !== undefined) clearInterval(sweeper);
    sweeper = undefined;
  });
  // Node's own bounds stay as a second line; the cap is kept above, so node's must not refuse first.
  server.headersTimeout = BRIDGE_LIMITS.headersTimeoutMs;
  server.requestTimeout = BRIDGE_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = BRIDGE_LIMITS.keepAliveTimeoutMs;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no address'));
      const port = address.port;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        url: `${origin}/#token=${token}`,
        origin,
        port,
        token,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
