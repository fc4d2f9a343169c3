/**
 * HTTP to a sandbox's `/sandbox/...` controls (webhook subscriptions, the delivery log). Lives in
 * the platform folder because this folder is the only one that talks HTTP. The controls are
 * unsigned and loopback-only, so the control URL is derived from a sandbox workspace's base URL
 * (already checked to be loopback) and never from anything the renderer sends. They also need the
 * sandbox's control token: the embedded sandbox's is handed over at start, held here in memory,
 * and sent only to that sandbox's own control URL, never to another loopback server.
 */
import type { SandboxDelivery, SandboxSubscription } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/result';
import { describeNetworkError, parseEnvelope, readBounded } from './answers';
import { buildQuery, path, safePath } from './query';

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** `http://127.0.0.1:8787/platform` → `http://127.0.0.1:8787/sandbox`. */
export function controlUrlOf(baseUrl: string): Result<string> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return fail('bad-input', 'The workspace base URL is not a URL.');
  }
  const host = url.hostname;
  if (url.protocol !== 'http:' || !(host === '127.0.0.1' || host === 'localhost'))
    return fail('unsupported', 'Sandbox controls are reachable only on a loopback http base URL.');
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/platform'))
    return fail(
      'unsupported',
      'The workspace base URL does not end in /platform, so it has no /sandbox controls.',
    );
  return ok(`${url.origin}${path.slice(0, -'/platform'.length)}/sandbox`);
}

export interface SandboxControlsOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The embedded sandbox: its control URL and the token its controls require. */
  embedded?: { controlUrl: string; controlToken: string };
}

const CONTROL_TOKEN_HEADER = 'X-Sandbox-Token';

export class SandboxControls {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly embedded: SandboxControlsOptions['embedded'];

  constructor(options: SandboxControlsOptions = {}) {
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
    this.embedded = options.embedded;
  }

  /** The token for exactly the embedded sandbox's controls; none for any other server. */
  private tokenHeader(controlUrl: string): Record<string, string> {
    const embedded = this.embedded;
    return embedded !== undefined && embedded.controlUrl === controlUrl
      ? { [CONTROL_TOKEN_HEADER]: embedded.controlToken }
      : {};
  }

  async subscribe(
    controlUrl: string,
    body: { url: string; events: readonly string[]; apiKey: string; portfolioIds?: readonly string[] },
  ): Promise<Result<SandboxSubscription>> {
    const answer = await this.send(controlUrl, 'POST', '/webhooks/subscriptions', body);
    return answer.ok ? ok(toSubscription(answer.value)) : answer;
  }

  async subscriptions(controlUrl: string): Promise<Result<SandboxSubscription[]>> {
    const answer = await this.send(controlUrl, 'GET', '/webhooks/subscriptions');
    if (!answer.ok) return answer;
    const list = (answer.value as { subscriptions?: unknown }).subscriptions;
    return Array.isArray(list) ? ok(list.map(toSubscription)) : badAnswer('subscriptions');
  }

  async unsubscribe(controlUrl: string, subscriptionId: string): Promise<Result<{ deleted: true }>> {
    // The shared path builder encodes the id and refuses `.`/`..`, which would leave the path.
    const target = safePath(() => path`/webhooks/subscriptions/${subscriptionId}`);
    if (!target.ok) return target;
    const answer = await this.send(controlUrl, 'DELETE', target.value);
    return answer.ok ? ok({ deleted: true }) : answer;
  }

  async deliveries(controlUrl: string, subscriptionId?: string): Promise<Result<SandboxDelivery[]>> {
    const query = buildQuery({ subscriptionId }, ['subscriptionId']);
    const answer = await this.send(controlUrl, 'GET', `/webhooks/deliveries${query}`);
    if (!answer.ok) return answer;
    const list = (answer.value as { deliveries?: unknown }).deliveries;
    // The sandbox is our own code: its log entries already have the contract's shape.
    return Array.isArray(list) ? ok(list as SandboxDelivery[]) : badAnswer('deliveries');
  }

  /** The sandbox's USD prices per currency (`GET /sandbox/prices`), for the reference price sheet. */
  async prices(controlUrl: string): Promise<Result<Record<string, string>>> {
    const answer = await this.send(controlUrl, 'GET', '/prices');
    if (!answer.ok) return answer;
    const prices = (answer.value as { prices?: unknown }).prices;
    if (typeof prices !== 'object' || prices === null) return badAnswer('prices');
    return ok(Object.fromEntries(Object.entries(prices).filter(([, v]) => typeof v === 'string')));
  }

  private async send(
    controlUrl: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Result<object>> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${controlUrl}${path}`, {
        method,
        headers: {
          ...this.tokenHeader(controlUrl),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        return fail('timeout', `The sandbox controls did not answer within ${this.timeoutMs / 1000} s.`);
      return fail('network', `Could not reach the sandbox controls: ${describeNetworkError(error)}`);
    }
    const read = await readBounded(res.body, res.headers.get('content-length'), MAX_ANSWER_BYTES);
    if (!read.ok)
      return fail('bad-response', `The sandbox controls' answer was ${read.reason}: ${read.detail}`);
    const text = read.bytes.toString('utf8');
    if (res.status < 200 || res.status > 299) {
      const envelope = parseEnvelope(text);
      const message = envelope?.message ?? `HTTP ${res.status}`;
      const code =
        res.status === 400
          ? 'bad-request'
          : res.status === 404
            ? 'not-found'
            : res.status === 409
              ? 'conflict'
              : res.status === 403
                ? 'forbidden'
                : 'http-error';
      return fail(code, `The sandbox refused: ${message}`, {
        status: res.status,
        ...(envelope ? { platformError: envelope.error } : {}),
      });
    }
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) return ok(value);
    } catch {
      // fall through
    }
    return fail('bad-response', 'The sandbox controls sent an answer that is not a JSON object.');
  }
}

function badAnswer(field: string): Result<never> {
  return fail('bad-response', `The sandbox controls' answer has no ${field} list.`);
}

const strOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Only the contract's fields: the sandbox also answers the API key, which the renderer never needs. */
function toSubscription(value: unknown): SandboxSubscription {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s) => typeof s === 'string') : []);
  return {
    subscriptionId: strOf(v.subscriptionId),
    url: strOf(v.url),
    events: strings(v.events),
    portfolioIds: Array.isArray(v.portfolioIds) ? strings(v.portfolioIds) : null,
    organizationId: strOf(v.organizationId),
    createdAt: strOf(v.createdAt),
  };
}
