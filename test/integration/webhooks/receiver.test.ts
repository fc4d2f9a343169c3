/**
 * The main side's receiver against deliveries from the real sandbox: genuine ones are valid, a
 * tampered one is invalid, the verify tool's function agrees with the receiver on the same bytes,
 * a receiver with a skewed clock calls them stale (and the sandbox retries), bad input is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { WebhookReceiver } from '../../../src/main/webhooks/receiver';
import { verifyDelivery } from '../../../src/main/webhooks/verify';
import type { ReceivedWebhook } from '../../../src/shared/contract';
import type { Loan } from '../../../src/shared/platform/resources';
import { rawRequest } from '../../support/sandbox-http';
import { useHarness } from '../sandbox/harness';

const h = useHarness({ webhookRetry: { attempts: 2, baseDelayMs: 50 } }, { dropSubscriptions: true });
let receiver: WebhookReceiver;
afterEach(async () => {
  await receiver?.stop();
});

async function startReceiver(
  options: ConstructorParameters<typeof WebhookReceiver>[0] = {},
): Promise<string> {
  receiver = new WebhookReceiver(options);
  await receiver.start({
    workspaceId: 'ws-test',
    port: 0,
    signer: async () => createHmacSigner(h.sb.apiKey, h.sb.apiSecret),
  });
  const url = receiver.status().url;
  if (url === null) throw new Error('receiver did not start');
  return url;
}

async function approve(): Promise<void> {
  const loans = (await h.get<{ loans: Loan[] }>(`/platform/organizations/${h.org}/loans?limit=1000`)).loans;
  const loan = loans.find((l) => l.externalId === 'sandbox-approve-lend-2');
  const res = await h.req('PATCH', `/platform/organizations/${h.org}/loans/${loan?.loanId}`, {
    headers: { 'Content-Type': 'application/vnd.approve-loan+json' },
  });
  expect(res.status).toBe(200);
}

async function waitForEntries(n: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
  const end = Date.now() + timeoutMs;
  while (receiver.size < n) {
    if (Date.now() > end) throw new Error(`receiver has ${receiver.size} entries, wanted ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return receiver.list();
}

function post(url: string, headers: Record<string, string>, body: string | Buffer) {
  const u = new URL(url);
  return rawRequest(u.origin, 'POST', u.pathname, headers, body);
}

function signedHeaders(e: ReceivedWebhook): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Signature': e.headers['X-Signature'] ?? '',
    'X-Timestamp': e.headers['X-Timestamp'] ?? '',
    'X-Id': e.headers['X-Id'] ?? '',
  };
}

describe('WebhookReceiver with the real sandbox', () => {
  it('calls a genuine delivery valid and a tampered one invalid; the verify tool agrees', async () => {
    const url = await startReceiver();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    const sub = await h.control('POST', '/webhooks/subscriptions', { url, events: ['loan-updated'] });
    expect(sub.status).toBe(201);
    await approve();
    const [genuine] = await waitForEntries(1);
    expect(genuine).toMatchObject({ verdict: 'valid', event: 'loan-updated', path: '/webhooks' });
    expect(genuine?.subscriptionId).toBe((sub.json as { subscriptionId: string }).subscriptionId);
    expect((genuine?.payload as { action: string }).action).toBe('approve');
    const log = (await h.control('GET', '/webhooks/deliveries')).json as {
      deliveries: { state: string; attempts: { status: number }[] }[];
    };
    expect(log.deliveries[0]?.state).toBe('delivered');

    const e = genuine!;
    const tamperedBody = e.rawBody.replace('"approve"', '"approvd"');
    const answer = await post(url, signedHeaders(e), tamperedBody);
    expect(answer.status).toBe(401);
    const [tampered] = receiver.list({ limit: 1 });
    expect(tampered?.verdict).toBe('invalid');

    const signer = createHmacSigner(h.sb.apiKey, h.sb.apiSecret);
    for (const entry of receiver.list()) {
      const tool = verifyDelivery({
        signer,
        headers: entry.headers,
        rawBody: Buffer.from(entry.rawBody),
        now: Number(entry.receivedAt),
      });
      expect(tool.verdict).toBe(entry.verdict);
      expect(tool.reason).toBe(entry.reason);
    }
    expect(receiver.list({ verdict: 'valid' })).toHaveLength(1);
    expect(receiver.list({ eventType: 'loan-updated' })).toHaveLength(2);
    expect(receiver.list({ eventType: 'nope' })).toHaveLength(0);
  });

  it('calls deliveries outside its window stale and answers 401, so the sandbox retries', async () => {
    const url = await startReceiver({ now: () => Date.now() + 10 * 60_000 });
    await h.control('POST', '/webhooks/subscriptions', { url, events: ['loan-updated'] });
    await approve();
    const entries = await waitForEntries(2);
    expect(entries.map((e) => e.verdict)).toEqual(['stale', 'stale']);
    const end = Date.now() + 3000;
    let state = '';
    while (state !== 'failed' && Date.now() < end) {
      const log = (await h.control('GET', '/webhooks/deliveries')).json as {
        deliveries: { state: string; attempts: { status: number }[] }[];
      };
      state = log.deliveries[0]?.state ?? '';
      if (state === 'failed') expect(log.deliveries[0]?.attempts.map((a) => a.status)).toEqual([401, 401]);
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(state).toBe('failed');
  });

  it('refuses what is not a delivery and keeps a bounded log, newest first', async () => {
    const url = await startReceiver({ maxEntries: 3 });
    const u = new URL(url);
    expect((await rawRequest(u.origin, 'GET', '/webhooks')).status).toBe(405);
    expect((await post(url, { Host: 'evil.example' }, '{}')).status).toBe(421);
    const malformed = await post(url, { 'Content-Type': 'application/json' }, 'not json');
    expect(malformed.status).toBe(400);
    expect(receiver.list()[0]?.verdict).toBe('malformed');
    const json = { 'Content-Type': 'application/json' };
    const big = await post(url, json, Buffer.alloc(1024 * 1024 + 1, 0x20));
    expect(big.status).toBe(413);
    for (let i = 0; i < 4; i++) await post(`${url}/n${i}`, json, `{"n":${i}}`);
    expect(receiver.list().map((e) => e.path)).toEqual(['/webhooks/n3', '/webhooks/n2', '/webhooks/n1']);
    receiver.clear();
    expect(receiver.size).toBe(0);
  });

  it('listens on loopback only, refuses privileged ports and reports a port in use', async () => {
    await startReceiver();
    const port = receiver.status().port ?? 0;
    const second = new WebhookReceiver();
    const target = { workspaceId: 'x', signer: async () => null };
    await expect(second.start({ ...target, port: 80 })).rejects.toThrow(/port/);
    await expect(second.start({ ...target, port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(second.status().running).toBe(false);
    await receiver.stop();
    expect(receiver.status()).toMatchObject({ running: false, port: null, url: null });
  });

  it('refuses a browser Origin or a non-JSON type before recording, and counts them (issue 17.6)', async () => {
    const url = await startReceiver();
    const pushed: ReceivedWebhook[] = [];
    receiver.onReceived((entry) => pushed.push(entry));
    const json = 'application/json';
    const refused: Array<[Record<string, string>, number]> = [
      [{ 'Content-Type': json, Origin: 'http://attacker.example' }, 403],
      [{ 'Content-Type': json, Origin: 'null' }, 403],
      [{ 'Content-Type': json, Origin: `http://127.0.0.1:${receiver.status().port}` }, 403],
      [{ 'Content-Type': 'text/plain' }, 415],
      [{ 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
      [{ 'Content-Type': 'multipart/form-data; boundary=x' }, 415],
      [{ 'Content-Type': 'application/jsonx' }, 415],
      [{}, 415],
    ];
    for (const [headers, status] of refused) {
      const res = await post(url, headers, '{"event":"loan-approved"}');
      expect(res.status, JSON.stringify(headers)).toBe(status);
    }
    expect(receiver.size).toBe(0);
    expect(pushed).toEqual([]);
    expect(receiver.status().refused).toEqual({ origin: 3, contentType: 5 });

    // A platform-shaped request (JSON, no Origin, with parameters or a +json type) is still recorded.
    expect((await post(url, { 'Content-Type': 'application/json; charset=utf-8' }, '{}')).status).toBe(400);
    expect((await post(url, { 'Content-Type': 'application/vnd.copper+json' }, '{}')).status).toBe(400);
    expect(receiver.size).toBe(2);
    expect(pushed).toHaveLength(2);
  });
});

describe('receiver failures (issue 25)', () => {
  it('logs an error of the listening server instead of throwing it, and keeps answering', async () => {
    const failures: string[] = [];
    const url = await startReceiver({ onError: (m, e) => failures.push(`${m}: ${String(e)}`) });
    const server = (receiver as unknown as { server: import('node:http').Server }).server;
    // Node throws an 'error' event nobody listens to: that would end the main process.
    expect(() => server.emit('error', new Error('accept EMFILE'))).not.toThrow();
    expect(failures).toEqual(['the webhook receiver failed: Error: accept EMFILE']);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400); // an unsigned body: malformed, answered as ever
  });
});
