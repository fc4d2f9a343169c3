/**
 * Talks to a sandbox directly, as another client of the platform would: a signed request
 * (HMAC-SHA256 over timestamp + method + path + body, as docs/sandbox.md describes) with a key of
 * its own from `POST /sandbox/keys` (with the console server's control token). Used to change
 * state behind the console's back.
 */
import { createHmac } from 'node:crypto';
import { sandboxControlHeaders } from './console-server';

export interface SandboxKey {
  apiKey: string;
  apiSecret: string;
  organizationId: string;
}

let lastTimestamp = 0;

/** Strictly increasing: two requests signed in the same millisecond would be refused as a replay. */
function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return String(lastTimestamp);
}

/** `baseUrl` is the workspace's `.../platform`; the control panel sits beside it at `/sandbox`. */
export async function createSandboxKey(baseUrl: string): Promise<SandboxKey> {
  const controlUrl = baseUrl.replace(/\/platform$/, '/sandbox');
  const res = await fetch(`${controlUrl}/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
    body: '{}',
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/keys answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as SandboxKey;
}

export async function signedRequest(
  baseUrl: string,
  key: SandboxKey,
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  opts: { contentType?: string; body?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const body = opts.body ?? '';
  const timestamp = nextTimestamp();
  // The signed path is the request target as the server receives it, `/platform` included.
  const target = new URL(baseUrl).pathname + path;
  const signature = createHmac('sha256', key.apiSecret)
    .update(timestamp + method + target + body)
    .digest('hex');
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `ApiKey ${key.apiKey}`,
      'X-Timestamp': timestamp,
      'X-Signature': signature,
      ...(opts.contentType ? { 'Content-Type': opts.contentType } : {}),
    },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Approves a loan as another client of the same organization would. */
export async function approveLoanDirectly(
  baseUrl: string,
  organizationId: string,
  loanId: string,
): Promise<void> {
  const key = await createSandboxKey(baseUrl);
  const res = await signedRequest(baseUrl, key, 'PATCH', `/organizations/${organizationId}/loans/${loanId}`, {
    contentType: 'application/vnd.approve-loan+json',
  });
  if (res.status !== 200)
    throw new Error(`direct approve answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/** A `/sandbox/...` control of the console's embedded sandbox, with its control token. */
export async function sandboxControl(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const controlUrl = baseUrl.replace(/\/platform$/, '/sandbox');
  const res = await fetch(`${controlUrl}${path}`, {
    method,
    headers: {
      ...sandboxControlHeaders(controlUrl),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Injects a fault (docs/sandbox.md, "Faults and the request log"); throws when refused. */
export async function addFault(
  baseUrl: string,
  fault: {
    method: 'GET' | 'POST' | 'PATCH';
    pathPrefix: string;
    mode: 'drop-after-commit' | 'delay-after-commit' | '500-after-commit' | '500-before-commit';
    delayMs?: number;
    times?: number;
  },
): Promise<void> {
  const res = await sandboxControl(baseUrl, 'POST', '/faults', fault);
  if (res.status !== 201)
    throw new Error(`POST /sandbox/faults answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/** How many platform requests with this method and path prefix reached the sandbox. */
export async function countRequests(baseUrl: string, method: string, pathPrefix: string): Promise<number> {
  const query = new URLSearchParams({ method, pathPrefix }).toString();
  const res = await sandboxControl(baseUrl, 'GET', `/requests?${query}`);
  if (res.status !== 200)
    throw new Error(`GET /sandbox/requests answered ${res.status}: ${JSON.stringify(res.json)}`);
  return (res.json as { count: number }).count;
}
