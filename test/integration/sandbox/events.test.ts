/**
 * Issue 18 point 6: the sandbox fires every event it lets a client subscribe to: simulated
 * deposits and withdrawals, order-completed for orders it fills, and a 400 for names it never fires.
 */
import Decimal from 'decimal.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_FIRED_EVENTS, WEBHOOK_EVENT_TYPES } from '../../../src/shared/platform/enums';
import type { Wallet } from '../../../src/shared/platform/resources';
import { startSink, type Sink } from '../../support/webhook-sink';
import { useHarness } from './harness';

const h = useHarness({}, { dropSubscriptions: true });
let sink: Sink;
let custody: string;
beforeAll(async () => {
  custody = await h.portfolioId('Main Custody');
});
beforeEach(async () => {
  sink = await startSink();
});
afterEach(async () => {
  await sink.close();
});

const subscribe = async (events: readonly string[]) => {
  const res = await h.control('POST', '/webhooks/subscriptions', { url: sink.url, events });
  expect(res.status, res.text).toBe(201);
};
const wallet = async (currency: string): Promise<Wallet> => {
  const list = await h.get<{ wallets: Wallet[] }>(`/platform/wallets?portfolioId=${custody}&limit=5000`);
  const found = list.wallets.find((w) => w.currency === currency);
  if (found === undefined) throw new Error(`no ${currency} wallet`);
  return found;
};
const eventsReceived = () => sink.received.map((c) => [c.json.event, c.json.payload.status]);

describe('sandbox events', () => {
  it('refuses a subscription to an event nothing fires, naming it', async () => {
    const never = WEBHOOK_EVENT_TYPES.filter((e) => !(SANDBOX_FIRED_EVENTS as readonly string[]).includes(e));
    expect(never.length).toBeGreaterThan(0);
    for (const name of never) {
      const res = await h.control('POST', '/webhooks/subscriptions', {
        url: sink.url,
        events: ['loan-updated', name],
      });
      expect(res.status, name).toBe(400);
      expect((res.json as { message: string }).message).toContain(`events[1]: "${name}" is never fired`);
    }
    await subscribe(SANDBOX_FIRED_EVENTS);
  });

  it('a deposit fires deposit-created then deposit-completed and credits the wallet', async () => {
    await subscribe(['deposit-created', 'deposit-completed']);
    const before = await wallet('BTC');
    const res = await h.control('POST', '/deposits', {
      portfolioId: custody,
      currency: 'BTC',
      amount: '1.5',
    });
    expect(res.status, res.text).toBe(201);
    expect((res.json as { events: string[] }).events).toEqual(['deposit-created', 'deposit-completed']);
    await sink.waitFor(2);
    expect(eventsReceived()).toEqual([
      ['deposit-created', 'created'],
      ['deposit-completed', 'completed'],
    ]);
    expect(sink.received[1]?.json.payload).toMatchObject({
      orderType: 'deposit',
      amount: '1.5',
      currency: 'BTC',
    });
    const after = await wallet('BTC');
    expect(after.available).toBe(new Decimal(before.available).plus('1.5').toFixed());
    expect(after.balance).toBe(new Decimal(before.balance).plus('1.5').toFixed());
    expect(after.totalBalance).toBe(new Decimal(before.totalBalance).plus('1.5').toFixed());
  });

  it('a withdrawal fires created then completed or failed, as the body chooses', async () => {
    await subscribe(['withdraw-created', 'withdraw-completed', 'withdraw-failed']);
    const failed = await h.control('POST', '/withdrawals', {
      portfolioId: custody,
      currency: 'BTC',
      amount: '0.1',
      outcome: 'failed',
      failureReason: 'Travel Rule check failed',
    });
    expect(failed.status, failed.text).toBe(201);
    await sink.waitFor(2);
    expect(eventsReceived()).toEqual([
      ['withdraw-created', 'created'],
      ['withdraw-failed', 'failed'],
    ]);
    expect(sink.received[1]?.json.payload.failureReason).toBe('Travel Rule check failed');
    // The whole available balance, to the last decimal: it ends at exactly zero.
    await h.control('POST', '/deposits', {
      portfolioId: custody,
      currency: 'BTC',
      amount: '2.000000000000000001',
    });
    const { available } = await wallet('BTC');
    const done = await h.control('POST', '/withdrawals', {
      portfolioId: custody,
      currency: 'BTC',
      amount: available,
    });
    expect(done.status, done.text).toBe(201);
    expect(new Decimal((await wallet('BTC')).available).isZero()).toBe(true);
    await sink.waitFor(4);
    expect(eventsReceived().slice(2)).toEqual([
      ['withdraw-created', 'created'],
      ['withdraw-completed', 'completed'],
    ]);
  });

  it('refuses a bad simulation before firing anything', async () => {
    await subscribe(['deposit-created', 'withdraw-created']);
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['/deposits', { amount: '-1' }, /amount/],
      ['/deposits', { amount: '1e3' }, /amount/],
      ['/deposits', { amount: '1', outcome: 'failed' }, /outcome: must be one of completed, pending/],
      ['/deposits', { amount: '1', currency: 'NOPE' }, /no NOPE wallet/],
      ['/deposits', { amount: '1', portfolio: 'x' }, /unknown field\(s\) "portfolio"/],
      ['/withdrawals', { amount: '1', outcome: 'completed', failureReason: 'x' }, /failureReason/],
      ['/withdrawals', { amount: '99999999999' }, /more than the wallet's available/],
    ];
    for (const [path, body, message] of bad) {
      const res = await h.control('POST', path, { portfolioId: custody, ...body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect((res.json as { message: string }).message).toMatch(message);
    }
    await h.control('POST', '/crypto-addresses', {});
    expect(sink.received).toEqual([]);
  });

  it('fires order-completed when an order the sandbox created fills', async () => {
    await subscribe(['order-completed']);
    const order = { a: 0, b: false, p: '3000', s: '0.5', r: false, t: { limit: { tif: 'Ioc' } } };
    const resting = { ...order, t: { limit: { tif: 'Gtc' } } };
    const res = await h.req('POST', '/platform/exchange', {
      body: JSON.stringify({
        action: { type: 'order', orders: [resting, order], grouping: 'na' },
        nonce: Date.now(),
      }),
    });
    expect(res.status, res.text).toBe(200);
    await sink.waitFor(1);
    const statuses = (res.json as { response: { data: { statuses: { filled?: { oid: number } }[] } } })
      .response.data.statuses;
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.json.event).toBe('order-completed');
    expect(sink.received[0]?.json.payload).toMatchObject({
      oid: statuses[1]?.filled?.oid,
      side: 'sell',
      totalSz: '0.5',
      avgPx: '3000',
      status: 'filled',
    });
  });
});
