/**
 * The sandbox's webhooks over real HTTP: subscription validation, signed deliveries from real
 * state changes (checked with node:crypto, independently of the sandbox's code), retries with
 * backoff, the clock and the tick moving pending state, and the portfolio filter. Nothing here
 * measures time: the retry schedule is read from the deliveries' planned attempts on a sandbox
 * whose clock stands still, and deliveries are counted once they have settled.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import { startSink, type Captured, type Sink } from '../../support/webhook-sink';
import { newKey, startHarness, useHarness, type Harness } from '../sandbox/harness';
import { until } from '../../support/until';

const h = useHarness(
  { webhookRetry: { attempts: 3, baseDelayMs: 60, timeoutMs: 300 } },
  { dropSubscriptions: true },
);
let sink: Sink;
afterEach(async () => {
  await sink?.close();
});

interface Delivery {
  eventId: string;
  event: string;
  subscriptionId: string;
  state: string;
  attempts: { at: string; status: number | null; latencyMs: number; error: string | null }[];
  nextAttemptAt: string | null;
}

async function subscribe(body: Record<string, unknown>, on: Harness = h): Promise<string> {
  const res = await on.control('POST', '/webhooks/subscriptions', body);
  expect(res.status, res.text).toBe(201);
  return (res.json as { subscriptionId: string }).subscriptionId;
}

async function deliveries(subscriptionId: string, on: Harness = h): Promise<Delivery[]> {
  const res = await on.control('GET', `/webhooks/deliveries?subscriptionId=${subscriptionId}`);
  return (res.json as { deliveries: Delivery[] }).deliveries;
}

/** Independent check of platform-facts' rule: hex HMAC-SHA256(secret, X-Timestamp + eventId + raw body). */
function signatureOk(c: Captured, secret: string): boolean {
  const expected = createHmac('sha256', secret)
    .update(String(c.headers['x-timestamp']) + c.json.eventId)
    .update(c.raw)
    .digest('hex');
  return c.headers['x-signature'] === expected;
}

async function approveFixture(name = 'sandbox-approve-lend-1', on: Harness = h): Promise<Loan> {
  const loans = (await on.get<{ loans: Loan[] }>(`/platform/organizations/${on.org}/loans?limit=1000`)).loans;
  const loan = loans.find((l) => l.externalId === name);
  if (loan === undefined) throw new Error(`no fixture ${name}`);
  const res = await on.req('PATCH', `/platform/organizations/${on.org}/loans/${loan.loanId}`, {
    headers: { 'Content-Type': 'application/vnd.approve-loan+json' },
  });
  expect(res.status).toBe(200);
  return loan;
}

describe('sandbox webhook subscriptions', () => {
  it('refuses URLs off this machine and bad fields, naming the field', async () => {
    sink = await startSink();
    const bad: [Record<string, unknown>, string][] = [
      [{ url: 'http://example.com/hook', events: ['loan-updated'] }, 'url'],
      [{ url: 'http://10.0.0.1:8080/hook', events: ['loan-updated'] }, 'url'],
      [{ url: 'http://[::ffff:127.0.0.1]:80/', events: ['loan-updated'] }, 'url'],
      [{ url: 'http://127.0.0.1.nip.io/', events: ['loan-updated'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/', events: ['loan-updated'] }, 'url'],
      [{ url: 'http://u:p@127.0.0.1:9/', events: ['loan-updated'] }, 'url'],
      [{ events: ['loan-updated'] }, 'url'],
      [{ url: sink.url, events: [] }, 'events'],
      [{ url: sink.url, events: ['loan-updated', 'nope'] }, 'events[1]'],
      [{ url: sink.url, events: ['loan-updated'], portfolioIds: ['not-a-portfolio'] }, 'portfolioIds[0]'],
      [{ url: sink.url, events: ['loan-updated'], apiKey: 'unknown' }, 'apiKey'],
    ];
    for (const [body, field] of bad) {
      const res = await h.control('POST', '/webhooks/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { message: string }).message.startsWith(field), res.text).toBe(true);
    }
    for (const url of ['http://localhost:9/x', 'http://127.1.2.3:9/', 'https://[::1]:9/']) {
      await subscribe({ url, events: ['loan-updated'] });
    }
    const id = await subscribe({ url: sink.url, events: ['loan-updated', 'agent-wallet-activated'] });
    const list = (await h.control('GET', '/webhooks/subscriptions')).json as {
      subscriptions: { subscriptionId: string; organizationId: string }[];
    };
    expect(list.subscriptions.find((s) => s.subscriptionId === id)?.organizationId).toBe(h.org);
    expect(JSON.stringify(list)).not.toContain(h.sb.apiSecret);
    expect((await h.control('DELETE', `/webhooks/subscriptions/${id}`)).status).toBe(200);
    expect((await h.control('DELETE', `/webhooks/subscriptions/${id}`)).status).toBe(404);
    expect((await h.control('PUT', `/webhooks/subscriptions/${id}`)).status).toBe(405);
  });
});

describe('sandbox webhook deliveries', () => {
  it('delivers a correctly signed loan-updated event after a signed loan action', async () => {
    sink = await startSink();
    const id = await subscribe({ url: sink.url, events: ['loan-updated'] });
    const loan = await approveFixture();
    const [got] = await sink.waitFor(1);
    expect(got).toBeDefined();
    const c = got!;
    expect(c.path).toBe('/hook');
    expect(c.headers['content-type']).toMatch(/^application\/json/);
    expect(c.headers['x-id']).toBe(id);
    expect(c.headers['x-timestamp']).toMatch(/^\d{13}$/);
    expect(signatureOk(c, h.sb.apiSecret)).toBe(true);
    expect(signatureOk(c, 'another secret')).toBe(false);
    expect(Object.keys(c.json).sort()).toEqual(['event', 'eventId', 'payload', 'subscriptionId']);
    expect(c.json.event).toBe('loan-updated');
    expect(c.json.subscriptionId).toBe(id);
    const payload = c.json.payload as { action: string; loan: Loan };
    expect(payload.action).toBe('approve');
    expect(payload.loan.loanId).toBe(loan.loanId);
    expect(payload.loan.status).toBe('awaiting-collateral');
    const log = await until(
      () => deliveries(id),
      (d) => d[0]?.state === 'delivered',
    );
    expect(log).toHaveLength(1);
    expect(log[0]?.eventId).toBe(c.json.eventId);
    expect(log[0]?.attempts).toMatchObject([{ status: 200, error: null }]);
    // X-Timestamp is the sandbox's clock at the attempt, as its delivery log records it.
    expect(log[0]?.attempts[0]?.at).toBe(c.headers['x-timestamp']);
  });

  it('sends each party its own view of the loan, signed with its own key', async () => {
    sink = await startSink();
    const loans = (await h.get<{ loans: Loan[] }>(`/platform/organizations/${h.org}/loans?limit=1000`)).loans;
    const fixture = loans.find((l) => l.externalId === 'sandbox-approve-lend-1');
    const info = await h.info();
    const borrower = info.organizations.find((o) =>
      o.portfolios.some((p) => p.portfolioId === fixture?.borrowerPortfolioId),
    );
    // The caller is the lender, so its view hides the borrower; find the borrower by counterparty id.
    const other =
      borrower ?? info.organizations.find((o) => o.counterpartyId === fixture?.borrowerCounterpartyId);
    expect(other).toBeDefined();
    const key = await newKey(h, other!.organizationId);
    await subscribe({ url: sink.url, events: ['loan-updated'] });
    await subscribe({ url: sink.url, events: ['loan-updated'], apiKey: key.apiKey });
    await approveFixture();
    const got = await sink.waitFor(2);
    const lender = got.find((c) => signatureOk(c, h.sb.apiSecret));
    const theirs = got.find((c) => signatureOk(c, key.apiSecret));
    expect(lender).toBeDefined();
    expect(theirs).toBeDefined();
    // Each organization gets its own event (its own payload, so its own eventId).
    expect(lender?.json.eventId).not.toBe(theirs?.json.eventId);
    expect((lender?.json.payload as { loan: Loan }).loan.loanId).toBe(fixture?.loanId);
    expect((theirs?.json.payload as { loan: Loan }).loan.loanId).toBe(fixture?.loanId);
    expect((lender?.json.payload as { loan: Loan }).loan.borrowerOrganizationId).toBe('obfuscated');
    expect((theirs?.json.payload as { loan: Loan }).loan.lenderOrganizationId).toBe('obfuscated');
  });

  it('retries a receiver answering 500 with exponential backoff, a bounded number of times', async () => {
    // The sandbox's clock stands still, so each retry's planned time is exactly its delay.
    const at = Date.now();
    const still = await startHarness({
      now: () => at,
      webhookRetry: { attempts: 3, baseDelayMs: 1_000, timeoutMs: 300 },
    });
    try {
      sink = await startSink();
      sink.answer = (_c, res) => res.writeHead(500).end('nope');
      const id = await subscribe({ url: sink.url, events: ['loan-updated'] }, still);
      await approveFixture(undefined, still);
      const planned = new Map<number, string>(); // attempts made → next attempt planned at
      const [d] = await until(
        () => deliveries(id, still),
        (list) => {
          const seen = list[0];
          // While the next attempt is in flight, none is planned (null): read only the waits.
          if (seen?.state === 'retrying' && seen.nextAttemptAt !== null)
            planned.set(seen.attempts.length, seen.nextAttemptAt);
          return seen?.state === 'failed';
        },
        15_000,
      );
      // 1 s after the first attempt, then twice that; none after the third.
      expect(Object.fromEntries(planned)).toEqual({ 1: String(at + 1_000), 2: String(at + 2_000) });
      expect(d?.attempts.map((a) => [a.at, a.status])).toEqual([
        [String(at), 500],
        [String(at), 500],
        [String(at), 500],
      ]);
      expect(d?.nextAttemptAt).toBeNull();
      // The delivery has settled as failed: the receiver saw exactly its three attempts.
      expect(sink.received).toHaveLength(3);
      // Every attempt is signed afresh and verifies.
      expect(sink.received.every((c) => signatureOk(c, still.sb.apiSecret))).toBe(true);
    } finally {
      await still.close();
    }
  });

  it('delivers on a later attempt, and records network errors and timeouts without failing', async () => {
    sink = await startSink();
    let calls = 0;
    sink.answer = (_c, res) => res.writeHead(++calls === 1 ? 503 : 200).end();
    const good = await subscribe({ url: sink.url, events: ['loan-updated'] });
    // Nothing listens on port 9 (discard) here: connection refused.
    const refused = await subscribe({ url: 'http://127.0.0.1:9/hook', events: ['loan-updated'] });
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const slowUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const slow = await subscribe({ url: slowUrl, events: ['loan-updated'] });
    try {
      await approveFixture();
      const [ok] = await until(
        () => deliveries(good),
        (l) => l[0]?.state === 'delivered',
      );
      expect(ok?.attempts.map((a) => a.status)).toEqual([503, 200]);
      const [bad] = await until(
        () => deliveries(refused),
        (l) => l[0]?.state === 'failed',
      );
      expect(bad?.attempts.every((a) => a.status === null && (a.error ?? '') !== '')).toBe(true);
      const [timedOut] = await until(
        () => deliveries(slow),
        (l) => l[0]?.state === 'failed',
      );
      expect(timedOut?.attempts[0]?.error).toMatch(/no answer within 300 ms/);
      expect((await h.control('GET', '/info')).status).toBe(200);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('hostile receivers', () => {
  it('reads only a few KB of a huge answer and survives connection resets', async () => {
    sink = await startSink();
    const huge = { chunksSent: 0, hungUp: false };
    sink.answer = (c, res) => {
      if (c.path === '/reset') {
        res.socket?.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      // Far more than the sandbox reads; it must hang up rather than buffer all of it.
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = (): void => {
        while (huge.chunksSent < 10_000 && res.write(chunk)) huge.chunksSent++;
        if (huge.chunksSent < 10_000 && !res.destroyed) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => (huge.hungUp = !res.writableFinished));
      res.on('error', () => undefined);
      pump();
    };
    const hugeId = await subscribe({ url: sink.url, events: ['loan-updated'] });
    const reset = await subscribe({ url: sink.url.replace('/hook', '/reset'), events: ['loan-updated'] });
    await approveFixture();
    const [big] = await until(
      () => deliveries(hugeId),
      (l) => l[0]?.state === 'delivered',
    );
    expect(big?.attempts[0]?.status).toBe(200);
    // The sandbox hung up on the answer long before its 640 MB were sent.
    await until(async () => huge.hungUp, Boolean);
    expect(huge.chunksSent).toBeLessThan(10_000);
    const [cut] = await until(
      () => deliveries(reset),
      (l) => l[0]?.state === 'failed',
    );
    expect(cut?.attempts.every((a) => a.status === null && a.error !== null)).toBe(true);
    expect((await h.control('GET', '/info')).status).toBe(200);
  });
});

describe('state that moves fires events', () => {
  it('a clock advance activates pending agent wallets and executes ClearLoop actions', async () => {
    sink = await startSink();
    const wallets = await subscribe({ url: sink.url, events: ['agent-wallet-activated'] });
    const clearloop = await subscribe({
      url: sink.url,
      events: ['clearloop-delegation-completed', 'clearloop-undelegation-completed'],
    });
    expect((await h.control('POST', '/clock/advance', { ms: 30_000 })).status).toBe(200);
    await until(
      async () => sink.received.filter((c) => c.json.subscriptionId === wallets).length,
      (n) => n === 2,
    );
    const activated = sink.received.filter((c) => c.json.event === 'agent-wallet-activated');
    expect(activated.map((c) => (c.json.payload as { name: string }).name).sort()).toEqual([
      'New signer',
      'Onboarding key',
    ]);
    for (const c of activated) {
      const w = c.json.payload as { status: string; id: string; address: string };
      expect(w.status).toBe('active');
      expect(w.id).toBe(w.address);
      expect(signatureOk(c, h.sb.apiSecret)).toBe(true);
    }
    const executed = await until(
      async () => sink.received.filter((c) => c.json.subscriptionId === clearloop),
      (l) => l.length > 0,
    );
    for (const c of executed) {
      const a = c.json.payload as { status: string; action: string };
      expect(a.status).toBe('executed');
      expect(c.json.event).toBe(
        a.action === 'add-funds' ? 'clearloop-delegation-completed' : 'clearloop-undelegation-completed',
      );
    }
  });

  it('delivers only events of the portfolios a subscription names', async () => {
    sink = await startSink();
    const onboarding = await h.portfolioId('Hyperliquid Onboarding');
    const filtered = await subscribe({
      url: sink.url,
      events: ['agent-wallet-activated'],
      portfolioIds: [onboarding],
    });
    const all = await subscribe({ url: sink.url, events: ['agent-wallet-activated'] });
    await h.control('POST', '/clock/advance', { ms: 30_000 });
    // The advance made every delivery it causes: wait until each has settled, then count.
    const settled = (l: Delivery[]) => l.length > 0 && l.every((d) => d.state === 'delivered');
    expect(await until(() => deliveries(filtered), settled)).toHaveLength(1);
    expect(await until(() => deliveries(all), settled)).toHaveLength(2);
    const mine = sink.received.filter((c) => c.json.subscriptionId === filtered);
    expect(mine).toHaveLength(1);
    expect((mine[0]?.json.payload as { portfolioId: string }).portfolioId).toBe(onboarding);
    expect(sink.received.filter((c) => c.json.subscriptionId === all)).toHaveLength(2);
  });

  it('moves pending state on its own tick while a subscription exists', async () => {
    const quick = await startHarness({ pendingActivationMs: 300 });
    sink = await startSink();
    try {
      await quick.control('POST', '/webhooks/subscriptions', {
        url: sink.url,
        events: ['agent-wallet-activated'],
      });
      // No platform request and no clock advance: only the tick can make this happen.
      await sink.waitFor(2, 3000);
    } finally {
      await quick.close();
    }
  });

  it('creates a crypto address through the control and fires crypto-address-created', async () => {
    sink = await startSink();
    await subscribe({ url: sink.url, events: ['crypto-address-created'] });
    expect((await h.control('POST', '/crypto-addresses', { currency: 'NOPE' })).status).toBe(400);
    const res = await h.control('POST', '/crypto-addresses', { name: 'Hook test', currency: 'BTC' });
    expect(res.status).toBe(201);
    const created = res.json as { cryptoAddressId: string; address: string };
    const [c] = await sink.waitFor(1);
    expect(c?.json.event).toBe('crypto-address-created');
    expect((c?.json.payload as { cryptoAddressId: string }).cryptoAddressId).toBe(created.cryptoAddressId);
    const listed = await h.get<{ cryptoAddresses: { cryptoAddressId: string }[] }>(
      '/platform/crypto-addresses?limit=1',
    );
    expect(listed.cryptoAddresses[0]?.cryptoAddressId).toBe(created.cryptoAddressId);
  });
});
