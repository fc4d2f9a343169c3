/**
 * Sandbox-only controls under `/sandbox/...` (loopback Host, no Origin, JSON, control token;
 * see control-guard.ts). Controls are
 * registered on a `ControlPanel`, so that later features (webhook subscriptions) add their own
 * with `panel.register(...)` without touching the server.
 */
import { z } from 'zod';
import type { Authenticator } from './auth';
import { generateKeyPair } from './auth';
import { parseJsonObject } from './body';
import type { SandboxClock } from './clock';
import { badRequest } from './errors';
import { PathMatcher } from './path-matcher';
import type { RateLimiter } from './rate-limit';
import { movePrices, priceUpdate, pricesView } from './state/prices';
import type { SandboxStore } from './state/store';
import { parseOr400 } from './validation';
import { identifier as id } from './schemas/values';

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
const ADVANCE_RANGE = `must be an integer between 0 and ${MAX_ADVANCE_MS}`;

const advanceBody = z.strictObject({
  ms: z.number(ADVANCE_RANGE).int(ADVANCE_RANGE).min(0, ADVANCE_RANGE).max(MAX_ADVANCE_MS, ADVANCE_RANGE),
});

/** `POST /sandbox/keys`: both optional; default the caller's organization, no portfolio binding. */
const keysBody = z.strictObject({ organizationId: id.nullish(), portfolioId: id.nullish() });

export class ControlPanel {
  private readonly matcher = new PathMatcher<ControlHandler>('sandbox control');
  private readonly resetHooks: (() => void)[] = [];

  /** Runs on `POST /sandbox/reset` (faults and quirks are cleared there). */
  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  runResetHooks(): void {
    for (const hook of this.resetHooks) hook();
  }

  /** `path` is below `/sandbox`, e.g. `/reset` or `/webhooks/subscriptions/:id`. */
  register(method: string, path: string, handler: ControlHandler): void {
    this.matcher.add(method, path, handler);
  }

  handle(path: string, req: ControlRequest): ControlReply {
    const { handler, params } = this.matcher.match(req.method, path);
    return handler(req, params);
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
    const { ms } = parseOr400(advanceBody, parseJsonObject(req.body), { expected: 'the body is {ms}' });
    deps.clock.advance(ms);
    store.settle();
    return { status: 200, json: clockView(deps) };
  });
  panel.register('POST', '/keys', (req) => {
    const body = parseOr400(keysBody, parseJsonObject(req.body, true), {
      expected: 'the body is {organizationId?, portfolioId?}',
    });
    const org = store.organization(body.organizationId ?? store.data.callerOrganizationId);
    if (org === undefined)
      throw badRequest('organizationId: is not a sandbox organization (see GET /sandbox/info)');
    const portfolioId = body.portfolioId ?? undefined;
    if (portfolioId !== undefined && !store.isOwnPortfolio(portfolioId, org.organizationId))
      throw badRequest('portfolioId: must be a portfolio of the organization (see GET /sandbox/info)');
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
    const update = parseOr400(priceUpdate, parseJsonObject(req.body), {
      expected: `the sandbox's currencies are ${[...store.prices.keys()].join(', ')}`,
    });
    store.settle();
    const result = movePrices(store, update);
    return { status: 200, json: { prices: pricesView(store.prices), ...result } };
  });
  panel.register('GET', '/info', () => {
    store.settle();
    const d = store.data;
    const count = (m: Map<string, { length: number }>): number =>
      [...m.values()].reduce((n, l) => n + l.length, 0);
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
