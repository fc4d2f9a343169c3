/**
 * The local sandbox platform: `startSandbox()` serves the specification's operations under
 * `/platform` with seeded, deterministic data, and sandbox controls under `/sandbox`.
 */
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { SandboxQuirks } from '../shared/sandbox-quirks';
import { Authenticator, generateKeyPair } from './auth';
import { SandboxClock } from './clock';
import { checkControlToken, generateControlToken } from './control-guard';
import { ControlPanel, registerCoreControls } from './controls';
import { parseQuirks, registerFaultControls } from './faults/controls';
import { FaultTable } from './faults/faults';
import { RequestLog } from './faults/request-log';
import { QuirkEngine } from './quirks';
import {
  PageSizeSetting,
  parsePageSizeRules,
  registerPageSizeControls,
  type PageSizeRules,
} from './page-sizes';
import type { SandboxSize } from './data/types';
import type { SandboxVariant } from './data/vocabulary';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitRule } from './rate-limit';
import { platformRouter } from './router';
import { platformRoutes } from './routes';
import { createRequestListener } from './server';
import { SandboxStore } from './state/store';
import { registerWebhookControls } from './webhooks/controls';
import { WebhookHub, type WebhookRetryOptions } from './webhooks/hub';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1; anything that is not loopback is refused. */
  host?: string;
  seed?: number;
  size?: SandboxSize;
  /** `spellings`: the seed spells what the specification leaves open otherwise (data/vocabulary.ts). */
  variant?: SandboxVariant;
  apiKey?: string;
  /** Default: a fresh random pair. */
  apiSecret?: string;
  /** Default: the real platform's 1000 per 5 minutes; `false` disables. */
  rateLimit?: RateLimitRule | false;
  /** The sandbox clock's base (epoch ms); default `Date.now`. */
  now?: () => number;
  /** How long pending agent wallets / ClearLoop actions stay pending; default 30 s. */
  pendingActivationMs?: number;
  /** Webhook delivery retries: default 5 attempts, 1 s base delay doubling, 5 s timeout each. */
  webhookRetry?: WebhookRetryOptions;
  /** Every `/sandbox/...` control must carry it in `X-Sandbox-Token`; default: 32 random bytes, hex. */
  controlToken?: string;
  /** The quirks mode from the start (src/shared/sandbox-quirks.ts); default none. */
  quirks?: SandboxQuirks;
  /** The per-list page size setting from the start (page-sizes.ts); default none. */
  pageSizes?: PageSizeRules;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:<port>/platform */
  baseUrl: string;
  /** e.g. http://127.0.0.1:<port>/sandbox */
  controlUrl: string;
  /** The caller's organization (the one the default key belongs to). */
  organizationId: string;
  apiKey: string;
  apiSecret: string;
  /** The value for the `X-Sandbox-Token` header of control requests. */
  controlToken: string;
  close(): Promise<void>;
}

export { SANDBOX_SIZES, isSandboxSize, type SandboxSize } from './data/types';
export { SANDBOX_VARIANTS, isSandboxVariant, type SandboxVariant } from './data/vocabulary';
export const DEFAULT_SEED = 1;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Requests Node's parser refuses (bad framing, huge headers) still get the JSON envelope. */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
  const body = JSON.stringify({
    error: status === 431 ? 'headers-too-large' : 'bad-request',
    message: 'malformed HTTP request',
  });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`sandbox host must be a loopback address, not ${host}`);
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${port}`);
  const clock = new SandboxClock(opts.now ?? Date.now);
  const store = new SandboxStore({
    seed: opts.seed ?? DEFAULT_SEED,
    size: opts.size ?? 'small',
    variant: opts.variant,
    pendingActivationMs: opts.pendingActivationMs ?? 30_000,
    clock,
  });
  const auth = new Authenticator(() => clock.wallNow());
  const generated = generateKeyPair();
  const apiKey = opts.apiKey ?? generated.apiKey;
  const apiSecret = opts.apiSecret ?? generated.apiSecret;
  const caller = store.organization(store.data.callerOrganizationId);
  auth.addKey({
    apiKey,
    apiSecret,
    organizationId: store.data.callerOrganizationId,
    userId: caller?.userIds[0] ?? '',
  });
  const limiter = new RateLimiter(opts.rateLimit ?? DEFAULT_RATE_LIMIT, () => clock.wallNow());
  const controlToken = checkControlToken(opts.controlToken ?? generateControlToken());
  const quirks = new QuirkEngine(opts.quirks === undefined ? {} : parseQuirks(opts.quirks));
  const faults = new FaultTable();
  const requestLog = new RequestLog();
  const timers = new Set<NodeJS.Timeout>();
  const controls = new ControlPanel();
  registerCoreControls(controls, { store, auth, limiter, clock });
  registerFaultControls(controls, { faults, requestLog, quirks });
  const pageSizes = new PageSizeSetting(
    opts.pageSizes === undefined ? {} : parsePageSizeRules(opts.pageSizes),
  );
  registerPageSizeControls(controls, pageSizes);
  const hub = new WebhookHub({ store, auth, clock, defaultApiKey: apiKey, retry: opts.webhookRetry });
  registerWebhookControls(controls, { store, hub });
  const server = createServer(
    createRequestListener({
      store,
      auth,
      limiter,
      router: platformRouter(platformRoutes),
      controls,
      controlToken,
      faults,
      requestLog,
      quirks,
      pageSizes,
      timers,
    }),
  );
  server.on('clientError', answerClientError);
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => {
      hub.close();
      reject(err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    baseUrl: `${origin}/platform`,
    controlUrl: `${origin}/sandbox`,
    organizationId: store.data.callerOrganizationId,
    apiKey,
    apiSecret,
    controlToken,
    close: () =>
      new Promise<void>((resolve, reject) => {
        hub.close();
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
