/**
 * Sandbox-only controls under `/sandbox/...` (loopback Host, no Origin, JSON, control token;
 * see control-guard.ts). Controls are
 * registered on a `ControlPanel`, so that later features (webhook subscriptions) add their own
 * with `panel.register(...)` without touching the server.
 */
import type { Authenticator } from './auth';
import { generateKeyPair } from './auth';
import { parseJsonObject } from './body';
import type { SandboxClock } from './clock';
import { badRequest, methodNotAllowed, notFound } from './errors';
import type { RateLimiter } from './rate-limit';
import { movePrices, parsePriceUpdate, pricesView } from './state/prices';
import type { SandboxStore } from './state/store';

export interface ControlDeps {
  store: SandboxStore;
  auth: Authenticator;
  limiter: RateLimiter;
  clock: SandboxClock;
}

export interface ControlRequest {
  method: string;
  body: Buffer;
  query: URLSearchParams;
}

export interface ControlReply {
  status: number;
  json: unknown;
}

/** `params` holds the `:name` segments of the registered path (e.g. `/webhooks/subscriptions/:id`). */
export type ControlHandler = (req: ControlRequest, params: Record<string, string>) => ControlReply;

/** Ten years: far enough for any test, small enough to stay a safe integer of milliseconds. */
const MAX_ADVANCE_MS = 10 * 365 * 86_400_000;

export class ControlPanel {
  private readonly routes = new Map<string, Map<string, ControlHandler>>();
  private readonly resetHooks: (() => void)[] = [];

  /** Runs on `POST /sandbox/reset` (faults and quirks are cleared there). */
  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  runResetHooks(): void {
    for (const hook of this.resetHooks) hook();
  }

  /** `path` is below `/sandbox`, e.g. `/reset`. */
  register(method: string, path: string, handler: ControlHandler): void {
    let byMethod = this.routes.get(path);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.routes.set(path, byMethod);
    }
    byMethod.set(method, handler);
  }

  handle(path: string, req: ControlRequest): ControlReply {
    let params: Record<string, string> = {};
    let byMethod = this.routes.get(path);
    if (byMethod === undefined) {
      const found = this.matchPattern(path);
      if (found === undefined) throw notFound(`no such sandbox control: ${path.slice(0, 200)}`);
      [byMethod, params] = found;
    }
    const handler = byMethod.get(req.method);
    if (handler === undefined) throw methodNotAllowed([...byMethod.keys()]);
    return handler(req, params);
  }

  /** Registered paths with `:name` segments; few, so a linear scan is fine. */
  private matchPattern(path: string): [Map<string, ControlHandler>, Record<string, string>] | undefined {
    const segments = path.split('/');
    for (const [pattern, byMethod] of this.routes) {
      if (!pattern.includes('/:')) continue;
      const parts = pattern.split('/');
      if (parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = parts.every((part, i) => {
        const seg = segments[i] ?? '';
        if (!part.startsWith(':')) return part === seg;
        if (seg === '') return false;
        try {
          params[part.slice(1)] = decodeURIComponent(seg);
        } catch {
          throw badRequest(`path segment ${part.slice(1)} is not valid percent-encoding`);
        }
        return true;
      });
      if (matches) return [byMethod, params];
    }
    return undefined;
  }
}

function clockView(deps: ControlDeps): Record<string, string> {
  return {
    now: String(deps.clock.now()),
    wallNow: String(deps.clock.wallNow()),
    offsetMs: String(deps.clock.offset()),
    pendingActivationAt: String(deps.store.activationAt()),
  };
}

export function registerCoreControls(panel: ControlPanel, deps: ControlDeps): void {
  const { store } = deps;
  panel.register('POST', '/reset', () => {
    store.reset();
    deps.limiter.reset();
    panel.runResetHooks();
    return { status: 200, json: { reset: true, clock: clockView(deps) } };
  });
  panel.register('GET', '/clock', () => ({ status: 200, json: clockView(deps) }));
  panel.register('POST', '/clock/advance', (req) => {
    const body = parseJsonObject(req.body);
    const ms = body.ms;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
      throw badRequest(`ms must be an integer between 0 and ${MAX_ADVANCE_MS}`);
    }
    deps.clock.advance(ms);
    store.settle();
    return { status: 200, json: clockView(deps) };
  });
  panel.register('POST', '/keys', (req) => {
    const body = parseJsonObject(req.body, true);
    const requested = body.organizationId ?? store.data.callerOrganizationId;
    if (typeof requested !== 'string') throw badRequest('organizationId must be a string');
    const org = store.organization(requested);
    if (org === undefined)
      throw badRequest('organizationId is not a sandbox organization (see GET /sandbox/info)');
    const portfolioId = body.portfolioId ?? undefined;
    if (
      portfolioId !== undefined &&
      (typeof portfolioId !== 'string' || !store.isOwnPortfolio(portfolioId, org.organizationId))
    )
      throw badRequest('portfolioId must be a portfolio of the organization (see GET /sandbox/info)');
    const pair = generateKeyPair();
    deps.auth.addKey({
      ...pair,
      organizationId: org.organizationId,
      userId: org.userIds[0] ?? '',
      ...(portfolioId === undefined ? {} : { portfolioId }),
    });
    return {
      status: 201,
      json: {
        ...pair,
        organizationId: org.organizationId,
        ...(portfolioId === undefined ? {} : { portfolioId }),
      },
    };
  });
  panel.register('GET', '/prices', () => ({ status: 200, json: { prices: pricesView(store.prices) } }));
  panel.register('POST', '/prices', (req) => {
    const update = parsePriceUpdate(parseJsonObject(req.body));
    store.settle();
    const result = movePrices(store, update);
    return { status: 200, json: { prices: pricesView(store.prices), ...result } };
  });
  panel.register('GET', '/info', () => {
    store.settle();
    const d = store.data;
    const count = <T>(m: Map<string, T[]>): number => [...m.values()].reduce((n, l) => n + l.length, 0);
    return {
      status: 200,
      json: {
        callerOrganizationId: d.callerOrganizationId,
        seed: String(store.options.seed),
        size: store.options.size,
        organizations: d.organizations.map((o) => ({
          organizationId: o.organizationId,
          name: o.name,
          role: o.role,
          counterpartyId: o.counterparty.counterpartyId,
          portfolios: d.portfolios
            .filter((p) => p.organizationId === o.organizationId)
            .map((p) => ({
              portfolioId: p.portfolioId,
              portfolioName: p.portfolioName,
              portfolioType: p.portfolioType,
            })),
        })),
        counts: {
          portfolios: String(d.portfolios.length),
          wallets: String(d.wallets.length),
          loans: String(d.loans.length),
          activities: String(count(d.activities)),
          clearLoopActions: String(count(d.clearLoopActions)),
          cryptoAddresses: String(count(d.cryptoAddresses)),
          agentWallets: String(d.agentWallets.length),
        },
        clock: clockView(deps),
      },
    };
  });
}
