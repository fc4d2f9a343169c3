/** Starts a sandbox for one test file and exposes signed helpers bound to it. */
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
