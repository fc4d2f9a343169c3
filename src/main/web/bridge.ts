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
 * Slowloris bounds: one operator's browser needs a handful of connections (the event stream, a
 * few calls in flight, static files); a local process holding hundreds open, or sending its
 * headers a byte at a time, must not be able to starve it.
 */
export const BRIDGE_LIMITS = {
  maxConnections: 64,
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

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
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

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
      let input: unknown;
      try {
        const text = await readBody(req);
        input = text.length ? JSON.parse(text) : {};
      } catch {
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
      return openEventStream(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    return serveStatic(url.pathname, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log.error('web-bridge', 'request failed', error);
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'Internal error.' } });
      else res.destroy();
    });
  });
  server.headersTimeout = BRIDGE_LIMITS.headersTimeoutMs;
  server.requestTimeout = BRIDGE_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = BRIDGE_LIMITS.keepAliveTimeoutMs;
  server.maxConnections = BRIDGE_LIMITS.maxConnections;

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
