/**
 * The local webhook receiver: a node:http server on 127.0.0.1 only, accepting POST on any path,
 * verifying each delivery with the signer of the workspace it was started for (`verifyDelivery`,
 * the same code as the verify tool) and keeping a bounded log, newest first.
 *
 * Answers: 200 valid, 401 invalid or stale, 400 malformed (413 too large, 405 not POST), so a
 * sender that retries on anything but 200 keeps retrying what we refused.
 *
 * A platform delivery never carries an `Origin` header and always has a JSON body; a browser page
 * aiming a form or fetch at this port does one or the other. Such requests are refused (403 / 415)
 * before their body is read, never recorded or pushed to the screen, only counted (`refused`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedWebhook, WebhookVerdict } from '../../shared/contract';
import type { Signer } from '../keychain/key-store';
import { curlFor } from './curl';
import { DEFAULT_WINDOW_MS, headerValue, verifyDelivery, type Verification } from './verify';

export interface ReceiverOptions {
  /** Stale window either way (default 5 minutes, see verify.ts). */
  windowMs?: number;
  now?: () => number;
  maxEntries?: number;
  /** Budget for the log's bodies, so 1,000 deliveries of 1 MB cannot hold a gigabyte. */
  maxLogBytes?: number;
  /**
   * Issue 25: a failure of the listening server (an `error` event after it started, e.g. out of
   * file handles) or of one delivery's handling. Logged here; it never ends the process.
   */
  onError?: (message: string, error: unknown) => void;
}

export interface ReceiverTarget {
  workspaceId: string;
  port: number;
  /** Asked per delivery, so a key changed in the keychain applies at once. */
  signer: () => Promise<Signer | null>;
}

export interface ReceivedFilter {
  workspaceId?: string;
  eventType?: string;
  verdict?: WebhookVerdict;
  limit?: number;
}

export const MAX_BODY_BYTES = 1024 * 1024;
const BODY_TIMEOUT_MS = 10_000;
const MAX_PATH = 2000;
const KEPT_HEADERS = ['X-Signature', 'X-Timestamp', 'X-Id', 'Content-Type'] as const;

type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; status: number; reason: string };

function readBody(req: IncomingMessage): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      req.resume();
      resolve({ ok: false, status: 413, reason: 'body larger than 1 MB' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (outcome: ReadOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      done({ ok: false, status: 408, reason: `body not received within ${BODY_TIMEOUT_MS} ms` });
      req.destroy();
    }, BODY_TIMEOUT_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the cap the rest is drained unread, so the sender can still read the 413; the
      // server's request timeout bounds a sender that never stops.
      if (size > MAX_BODY_BYTES) done({ ok: false, status: 413, reason: 'body larger than 1 MB' });
      else if (!settled) chunks.push(chunk);
    });
    req.on('end', () => done({ ok: true, bytes: Buffer.concat(chunks, size) }));
    req.on('error', () => done({ ok: false, status: 400, reason: 'body could not be read' }));
    req.on('close', () => done({ ok: false, status: 400, reason: 'body was cut short' }));
  });
}

function isLoopbackHostHeader(host: string | undefined): boolean {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return name === '127.0.0.1' || name === 'localhost';
}

function reply(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(text);
}

/** Answers an error without reading the body, which is drained so that the sender is not left waiting. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  req.resume();
  reply(res, status, { error, message }, headers);
}

const STATUS_OF: Record<WebhookVerdict, number> = { valid: 200, invalid: 401, stale: 401, malformed: 400 };

/** application/json or a structured `+json` type, parameters ignored; anything else is not a delivery. */
export function isJsonContentType(header: string | undefined): boolean {
  const type = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/** Requests refused before recording, by reason: shown in the receiver's status. */
export interface RefusedCounts {
  /** Carried an Origin header: a browser page, not the platform. */
  origin: number;
  /** Had no JSON Content-Type (a form post, text/plain, none). */
  contentType: number;
}

export class WebhookReceiver {
  private server: Server | null = null;
  private target: ReceiverTarget | null = null;
  private boundPort: number | null = null;
  private entries: ReceivedWebhook[] = [];
  private bytes = 0;
  private seq = 0;
  private listener: ((entry: ReceivedWebhook) => void) | undefined;
  private refusedCounts: RefusedCounts = { origin: 0, contentType: 0 };
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly maxLogBytes: number;
  private readonly onError: ReceiverOptions['onError'];

  constructor(options: ReceiverOptions = {}) {
    this.onError = options.onError;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxLogBytes = options.maxLogBytes ?? 64 * 1024 * 1024;
  }

  /** One listener (the handlers: event + notification). */
  onReceived(listener: ((entry: ReceivedWebhook) => void) | undefined): void {
    this.listener = listener;
  }

  /** Starts on 127.0.0.1; an already running receiver is stopped first (new port or workspace). */
  async start(target: ReceiverTarget): Promise<void> {
    if (!Number.isInteger(target.port) || (target.port !== 0 && (target.port < 1024 || target.port > 65535)))
      throw new RangeError('port must be 0 or between 1024 and 65535');
    await this.stop();
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.onError?.('a webhook delivery could not be handled', error);
        if (!res.headersSent) reply(res, 500, { verdict: 'malformed', reason: 'receiver failure' });
        else res.destroy();
      });
    });
    server.headersTimeout = 10_000;
    server.requestTimeout = 15_000;
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      server.once('error', onError);
      server.listen(target.port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve();
      });
    });
    // An 'error' event without a listener is thrown by Node: after the start it is logged instead
    // (the server keeps listening; a failed accept does not close it).
    server.on('error', (error) => this.onError?.('the webhook receiver failed', error));
    this.server = server;
    this.target = target;
    this.boundPort = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.target = null;
    this.boundPort = null;
    if (server === null) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  status(): {
    running: boolean;
    port: number | null;
    url: string | null;
    workspaceId: string | null;
    refused: RefusedCounts;
  } {
    return {
      running: this.server !== null,
      port: this.boundPort,
      url: this.boundPort === null ? null : `http://127.0.0.1:${this.boundPort}/webhooks`,
      workspaceId: this.target?.workspaceId ?? null,
      refused: { ...this.refusedCounts },
    };
  }

  get size(): number {
    return this.entries.length;
  }

  list(filter: ReceivedFilter = {}): ReceivedWebhook[] {
    const out: ReceivedWebhook[] = [];
    const limit = filter.limit ?? this.maxEntries;
    for (const e of this.entries) {
      if (out.length >= limit) break;
      if (filter.workspaceId !== undefined && e.workspaceId !== filter.workspaceId) continue;
      if (filter.eventType !== undefined && e.event !== filter.eventType) continue;
      if (filter.verdict !== undefined && e.verdict !== filter.verdict) continue;
      out.push(e);
    }
    return out;
  }

  clear(): void {
    this.entries = [];
    this.bytes = 0;
    this.refusedCounts = { origin: 0, contentType: 0 };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = this.target;
    if (req.method !== 'POST')
      return refuse(req, res, 405, 'method-not-allowed', 'deliveries are POSTed', { Allow: 'POST' });
    // A web page could aim a browser at this port through a rebinding DNS name: refuse other hosts.
    if (!isLoopbackHostHeader(req.headers.host) || target === null)
      return refuse(req, res, 421, 'misdirected', 'this receiver answers 127.0.0.1 and localhost only');
    if (req.headers.origin !== undefined) {
      this.refusedCounts.origin++;
      const message = 'requests from a web page (with an Origin header) are refused';
      return refuse(req, res, 403, 'browser-origin', message, { Connection: 'close' });
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      this.refusedCounts.contentType++;
      const message = 'deliveries must be sent as application/json';
      return refuse(req, res, 415, 'unsupported-media-type', message, { Connection: 'close' });
    }
    const read = await readBody(req);
    const signer = read.ok ? await target.signer().catch(() => null) : null;
    const rawBody = read.ok ? read.bytes : Buffer.alloc(0);
    const verification: Verification = read.ok
      ? verifyDelivery({ signer, headers: req.headers, rawBody, now: this.now(), windowMs: this.windowMs })
      : {
          verdict: 'malformed',
          reason: read.reason,
          event: null,
          eventId: null,
          subscriptionId: null,
          timestamp: null,
          payload: null,
        };
    const entry = this.record(req, rawBody, verification);
    if (!res.destroyed) {
      const status = read.ok ? STATUS_OF[entry.verdict] : read.status;
      reply(
        res,
        status,
        { verdict: entry.verdict, reason: entry.reason },
        read.ok ? {} : { Connection: 'close' },
      );
    }
  }

  private record(req: IncomingMessage, rawBody: Buffer, v: Verification): ReceivedWebhook {
    const headers: ReceivedWebhook['headers'] = {};
    for (const name of KEPT_HEADERS) {
      const value = headerValue(req.headers, name);
      if (value !== undefined) headers[name] = value.slice(0, 500);
    }
    const path = (req.url ?? '/').slice(0, MAX_PATH);
    const body = rawBody.toString('utf8');
    const { 'Content-Type': contentType, ...signed } = headers;
    const entry: ReceivedWebhook = {
      id: String(++this.seq),
      workspaceId: this.target?.workspaceId ?? '',
      receivedAt: String(this.now()),
      path,
      event: v.event,
      eventId: v.eventId,
      subscriptionId: v.subscriptionId,
      timestamp: v.timestamp,
      headers,
      rawBody: body,
      payload: v.payload,
      verdict: v.verdict,
      reason: v.reason,
      curl: curlFor(
        `http://127.0.0.1:${this.boundPort ?? 0}${path}`,
        { 'Content-Type': contentType ?? 'application/json', ...signed },
        body,
      ),
    };
    this.entries.unshift(entry);
    this.bytes += weight(entry);
    while (
      this.entries.length > this.maxEntries ||
      (this.bytes > this.maxLogBytes && this.entries.length > 1)
    ) {
      const dropped = this.entries.pop();
      if (dropped !== undefined) this.bytes -= weight(dropped);
    }
    try {
      this.listener?.(entry);
    } catch {
      // A listener's failure (a notifier, a closed window) must not fail the delivery's answer.
    }
    return entry;
  }
}

/** Rough memory of an entry: the body is held three times (raw, parsed payload, curl). */
const weight = (e: ReceivedWebhook): number => 3 * e.rawBody.length + 1024;
