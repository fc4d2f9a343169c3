/** Starts a sandbox for one test file and exposes signed helpers bound to it. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/index';
import {
  control,
  getJson,
  originOf,
  signed,
  type RawResponse,
  type SandboxTarget,
} from '../../support/sandbox-http';

export interface Harness {
  sb: RunningSandbox;
  target: SandboxTarget;
  org: string;
  get<T>(target: string): Promise<T>;
  req(
    method: string,
    target: string,
    opts?: { body?: string; headers?: Record<string, string>; timestamp?: string },
  ): Promise<RawResponse>;
  control(method: string, path: string, body?: unknown): Promise<RawResponse>;
  info(): Promise<SandboxInfo>;
  portfolioId(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface SandboxInfo {
  callerOrganizationId: string;
  organizations: {
    organizationId: string;
    name: string;
    role: string;
    counterpartyId: string;
    portfolios: { portfolioId: string; portfolioName: string; portfolioType: string }[];
  }[];
  counts: Record<string, string>;
}

export async function startHarness(opts: SandboxOptions = {}): Promise<Harness> {
  const sb = await startSandbox({ rateLimit: false, ...opts });
  const target: SandboxTarget = { origin: originOf(sb.baseUrl), apiKey: sb.apiKey, apiSecret: sb.apiSecret };
  const h: Harness = {
    sb,
    target,
    org: sb.organizationId,
    get: (t) => getJson(target, t),
    req: (method, t, o) => signed(target, method, t, o),
    control: (method, path, body) => control(target.origin, method, path, body, sb.controlToken),
    info: async () =>
      (await control(target.origin, 'GET', '/info', undefined, sb.controlToken)).json as SandboxInfo,
    portfolioId: async (name) => {
      const info = await h.info();
      const p = info.organizations[0]?.portfolios.find((x) => x.portfolioName === name);
      if (p === undefined) throw new Error(`no portfolio ${name}`);
      return p.portfolioId;
    },
    close: () => sb.close(),
  };
  return h;
}

/** A second signer for the same sandbox (another key, maybe another organization). */
export async function newKey(h: Harness, organizationId?: string): Promise<SandboxTarget> {
  const res = await h.control('POST', '/keys', organizationId === undefined ? {} : { organizationId });
  const body = res.json as { apiKey: string; apiSecret: string };
  return { origin: h.target.origin, apiKey: body.apiKey, apiSecret: body.apiSecret };
}

/** Deletes every webhook subscription the sandbox holds, then resets its state. */
export async function dropSubscriptions(h: Harness): Promise<void> {
  const subs = (await h.control('GET', '/webhooks/subscriptions')).json as {
    subscriptions: { subscriptionId: string }[];
  };
  for (const s of subs.subscriptions)
    await h.control('DELETE', `/webhooks/subscriptions/${s.subscriptionId}`);
  await h.control('POST', '/reset');
}

export interface HarnessHooks {
  /** Before each test: reset the sandbox's state. */
  reset?: boolean;
  /** Before each test: empty the request log (after the reset). */
  clearRequests?: boolean;
  /** After each test: {@link dropSubscriptions}. */
  dropSubscriptions?: boolean;
  /** How long starting may take (a large sandbox takes longer than the default hook timeout). */
  startTimeoutMs?: number;
}

/**
 * One sandbox for the calling test file: started before all its tests, closed after them, with
 * the chosen per-test hooks. The returned harness forwards to the running one, so it can be held
 * in a module-level const and used inside tests and hooks.
 */
export function useHarness(opts: SandboxOptions = {}, hooks: HarnessHooks = {}): Harness {
  let current: Harness | undefined;
  const live = (): Harness => {
    if (current === undefined) throw new Error('the sandbox harness is used before it started');
    return current;
  };
  beforeAll(async () => {
    current = await startHarness(opts);
  }, hooks.startTimeoutMs);
  afterAll(() => current?.close());
  if (hooks.reset === true || hooks.clearRequests === true)
    beforeEach(async () => {
      if (hooks.reset === true) await live().control('POST', '/reset');
      if (hooks.clearRequests === true) await live().control('DELETE', '/requests');
    });
  if (hooks.dropSubscriptions === true) afterEach(() => dropSubscriptions(live()));
  return {
    get sb() {
      return live().sb;
    },
    get target() {
      return live().target;
    },
    get org() {
      return live().org;
    },
    get: <T>(t: string) => live().get<T>(t),
    req: (method, t, o) => live().req(method, t, o),
    control: (method, path, body) => live().control(method, path, body),
    info: () => live().info(),
    portfolioId: (name) => live().portfolioId(name),
    close: () => live().close(),
  };
}
