import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentWallet, ClearLoopAction } from '../../../src/shared/platform/resources';
import { signed, type SandboxTarget } from '../../support/sandbox-http';
import { useHarness } from './harness';

const h = useHarness({ pendingActivationMs: 30_000 }, { reset: true });
let desk: string;
let onboarding: string;
let custody: string;
let nonce = Date.now();
beforeAll(async () => {
  desk = await h.portfolioId('Hyperliquid Desk');
  onboarding = await h.portfolioId('Hyperliquid Onboarding');
  custody = await h.portfolioId('Main Custody');
});

const order = (extra: Record<string, unknown> = {}) => ({
  a: 0,
  b: true,
  p: '65000.5',
  s: '0.01',
  r: false,
  t: { limit: { tif: 'Gtc' } },
  ...extra,
});
function submit(body: Record<string, unknown>, contentType = 'application/json', as?: SandboxTarget) {
  return signed(as ?? h.target, 'POST', '/platform/exchange', {
    body: JSON.stringify(body),
    headers: { 'Content-Type': contentType },
  });
}
/** A key bound to one portfolio: its agent wallet signs that key's exchange actions. */
async function keyFor(portfolioId: string): Promise<SandboxTarget> {
  const res = await h.control('POST', '/keys', { portfolioId });
  expect(res.status).toBe(201);
  const key = res.json as { apiKey: string; apiSecret: string; portfolioId: string };
  expect(key.portfolioId).toBe(portfolioId);
  return { origin: h.target.origin, apiKey: key.apiKey, apiSecret: key.apiSecret };
}
const act = (action: Record<string, unknown>, as?: SandboxTarget, n = ++nonce) =>
  submit({ action, nonce: n }, 'application/json', as);
type Ok = { status: 'ok'; response: { type: string; data?: { statuses: unknown[] } } };

describe('POST /exchange', () => {
  it('places, cancels and modifies orders in Hyperliquid’s shapes', async () => {
    const placed = await act({
      type: 'order',
      orders: [order({ c: '0x' + 'ab'.repeat(16) }), order({ t: { limit: { tif: 'Ioc' } } })],
      grouping: 'na',
    });
    expect(placed.status).toBe(200);
    const statuses = (placed.json as Ok).response.data?.statuses as Record<string, { oid: number }>[];
    expect(statuses[0]?.resting?.oid).toEqual(expect.any(Number));
    expect(statuses[1]?.filled).toBeDefined();
    const oid = statuses[0]?.resting?.oid ?? 0;
    const cancel = await act({
      type: 'cancel',
      cancels: [
        { a: 0, o: oid },
        { a: 0, o: 42 },
      ],
    });
    expect((cancel.json as Ok).response).toEqual({
      type: 'cancel',
      data: { statuses: ['success', { error: expect.stringMatching(/never placed/) as string }] },
    });
    const again = await act({
      type: 'order',
      orders: [order({ c: '0x' + 'cd'.repeat(16) })],
      grouping: 'normalTpsl',
    });
    const oid2 = ((again.json as Ok).response.data?.statuses[0] as { resting: { oid: number } }).resting.oid;
    expect(
      (await act({ type: 'modify', oid: oid2, order: order({ p: '64000', c: '0x' + 'cd'.repeat(16) }) }))
        .json,
    ).toEqual({ status: 'ok', response: { type: 'default' } });
    const byCloid = await act({
      type: 'cancelByCloid',
      cancels: [{ asset: 0, cloid: '0x' + 'cd'.repeat(16) }],
    });
    expect((byCloid.json as Ok).response.data?.statuses).toEqual(['success']);
    const batch = await act({ type: 'batchModify', modifies: [{ oid: 1, order: order() }] });
    expect((batch.json as Ok).response.type).toBe('order');
  });

  it.each([
    [{ type: 'updateLeverage', asset: 1, isCross: true, leverage: 10 }],
    [{ type: 'updateIsolatedMargin', asset: 1, isBuy: true, ntli: 1000 }],
    [
      {
        type: 'usdClassTransfer',
        amount: '100.5',
        toPerp: false,
        signatureChainId: '0xa4b1',
        hyperliquidChain: 'Testnet',
        nonce: Date.now(),
      },
    ],
    [{ type: 'scheduleCancel', time: Date.now() + 60_000 }],
    [{ type: 'scheduleCancel' }],
    [
      {
        type: 'order',
        orders: [order({ t: { trigger: { isMarket: true, triggerPx: '60000', tpsl: 'sl' } } })],
        grouping: 'positionTpsl',
      },
    ],
  ])('accepts %j', async (action) => {
    const res = await act(action);
    expect(res.status).toBe(200);
    expect((res.json as { status: string }).status).toBe('ok');
  });

  it.each([
    [{ type: 'nope' }, 'action.type'],
    [{ type: 'order', orders: [], grouping: 'na' }, 'action.orders'],
    [{ type: 'order', orders: [order({ a: -1 })], grouping: 'na' }, 'action.orders[0].a'],
    [{ type: 'order', orders: [order({ p: 65000 })], grouping: 'na' }, 'action.orders[0].p'],
    [
      { type: 'order', orders: [order({ t: { limit: { tif: 'Fok' } } })], grouping: 'na' },
      'action.orders[0].t.limit.tif',
    ],
    [{ type: 'order', orders: [order({ c: '0x12' })], grouping: 'na' }, 'action.orders[0].c'],
    [{ type: 'order', orders: [order()], grouping: 'x' }, 'action.grouping'],
    [{ type: 'cancel', cancels: [{ a: 0 }] }, 'action.cancels[0].o'],
    [{ type: 'updateLeverage', asset: 0, isCross: 'yes', leverage: 1 }, 'action.isCross'],
    [{ type: 'usdClassTransfer', amount: 5, toPerp: true }, 'action.amount'],
    // User-signed: Hyperliquid verifies these (platform-facts, third round); the console omits them.
    [{ type: 'usdClassTransfer', amount: '5', toPerp: true }, 'action.signatureChainId'],
  ])('refuses %j naming %s', async (action, field) => {
    const res = await act(action);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message.startsWith(field)).toBe(true);
  });

  it('finds an order by its cloid whatever the case of its hex digits', async () => {
    const placed = await act({
      type: 'order',
      orders: [order({ c: '0x' + 'ab'.repeat(16) })],
      grouping: 'na',
    });
    expect((placed.json as Ok).response.data?.statuses[0]).toEqual({ resting: { oid: expect.any(Number) } });
    const byCloid = await act({
      type: 'cancelByCloid',
      cancels: [{ asset: 0, cloid: '0x' + 'AB'.repeat(16) }],
    });
    expect((byCloid.json as Ok).response.data?.statuses).toEqual(['success']);
  });

  it('refuses with the shared schema’s rules, naming the field, and takes no query', async () => {
    const tif = await act({
      type: 'order',
      orders: [order({ t: { limit: { tif: 'Fok' } } })],
      grouping: 'na',
    });
    expect(tif.json).toEqual({
      error: 'bad-request',
      message: 'action.orders[0].t.limit.tif: must be one of Alo, Ioc, Gtc',
    });
    const nested = await act({ type: 'order', orders: [order({ extra: 1 })], grouping: 'na' });
    expect((nested.json as { message: string }).message).toBe('action.orders[0]: unknown field(s) "extra"');
    const query = await signed(h.target, 'POST', '/platform/exchange?portfolioId=x', {
      body: JSON.stringify({ action: { type: 'scheduleCancel' }, nonce: ++nonce }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(query.status).toBe(400);
    expect((query.json as { message: string }).message).toMatch(/^portfolioId: is not a query parameter/);
  });

  it('takes exactly {action, nonce, vaultAddress?} and names any other top-level field', async () => {
    const extra = await submit({ portfolioId: desk, action: { type: 'scheduleCancel' }, nonce: ++nonce });
    expect(extra.status).toBe(400);
    expect((extra.json as { message: string }).message).toMatch(/^unknown field\(s\) "portfolioId"/);
    const two = await submit({ action: { type: 'scheduleCancel' }, nonce: ++nonce, grouping: 1, x: 2 });
    expect((two.json as { message: string }).message).toMatch(/^unknown field\(s\) "grouping", "x"/);
    const withVault = await submit({
      action: { type: 'scheduleCancel' },
      nonce: ++nonce,
      vaultAddress: '0x' + 'ab'.repeat(20),
    });
    expect(withVault.status).toBe(200);
  });

  it('answers one error per failing order while the rest of the batch rests or fills', async () => {
    const res = await act({
      type: 'order',
      orders: [
        order(),
        order({ p: '0' }),
        order({ s: '0.0001' }),
        order({ t: { limit: { tif: 'Ioc' } } }),
        order({ s: '0' }),
      ],
      grouping: 'na',
    });
    expect(res.status).toBe(200);
    const statuses = (res.json as Ok).response.data?.statuses;
    expect(statuses).toEqual([
      { resting: { oid: expect.any(Number) as number } },
      { error: 'Order has invalid price.' },
      { error: 'Order must have minimum value of $10. asset=0' },
      { filled: { totalSz: '0.01', avgPx: '65000.5', oid: expect.any(Number) as number } },
      { error: 'Order has zero size.' },
    ]);
    // A refused modify leaves the resting order in place.
    const oid = (statuses?.[0] as { resting: { oid: number } }).resting.oid;
    const modify = await act({ type: 'batchModify', modifies: [{ oid, order: order({ p: '0' }) }] });
    expect((modify.json as Ok).response.data?.statuses).toEqual([{ error: 'Order has invalid price.' }]);
    const cancel = await act({ type: 'cancel', cancels: [{ a: 0, o: oid }] });
    expect((cancel.json as Ok).response.data?.statuses).toEqual(['success']);
  });

  it('refuses bad envelopes', async () => {
    expect((await submit({ action: { type: 'scheduleCancel' }, nonce: 'x' })).status).toBe(400);
    expect((await submit({ nonce: ++nonce })).status).toBe(400);
    expect(
      (
        await submit({
          action: { type: 'scheduleCancel' },
          nonce: ++nonce,
          vaultAddress: '0x1',
        })
      ).status,
    ).toBe(400);
    expect((await submit({ action: { type: 'scheduleCancel' }, nonce: ++nonce }, 'text/plain')).status).toBe(
      400,
    );
    const raw = await h.req('POST', '/platform/exchange', {
      body: '{"action":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    const foreign = await h.control('POST', '/keys', { portfolioId: 'nope' });
    expect(foreign.status).toBe(400);
  });

  it('answers Hyperliquid errors for stale or far nonces', async () => {
    const n = ++nonce;
    expect(((await act({ type: 'scheduleCancel' }, undefined, n)).json as Ok).status).toBe('ok');
    const replayed = await act({ type: 'scheduleCancel' }, undefined, n);
    expect(replayed.status).toBe(200);
    expect(replayed.json).toEqual({
      status: 'err',
      response: expect.stringMatching(/^Invalid nonce/) as string,
    });
    const far = await act({ type: 'scheduleCancel' }, undefined, Date.now() + 2 * 86_400_000);
    expect((far.json as { status: string }).status).toBe('err');
  });

  it('signs with the first portfolio of the organization that has an active agent wallet', async () => {
    const viaDefault = await act({ type: 'order', orders: [order()], grouping: 'na' });
    const oid = ((viaDefault.json as Ok).response.data?.statuses[0] as { resting: { oid: number } }).resting
      .oid;
    // The order rests in Hyperliquid Desk's book: a key bound to Desk can cancel it.
    const deskKey = await keyFor(desk);
    const cancel = await act({ type: 'cancel', cancels: [{ a: 0, o: oid }] }, deskKey);
    expect((cancel.json as Ok).response.data?.statuses).toEqual(['success']);
  });

  it('refuses clearly when the key has no active agent wallet', async () => {
    const custodyKey = await keyFor(custody);
    const none = await act({ type: 'scheduleCancel' }, custodyKey);
    expect(none.status).toBe(409);
    expect((none.json as { message: string }).message).toMatch(/no active agent wallet/);
    const info = await h.info();
    const other = info.organizations.find((o) => !o.portfolios.some((p) => p.portfolioType === 'trading'));
    if (other !== undefined) {
      const res = await h.control('POST', '/keys', { organizationId: other.organizationId });
      const key = res.json as { apiKey: string; apiSecret: string };
      const refused = await act({ type: 'scheduleCancel' }, { origin: h.target.origin, ...key });
      expect(refused.status).toBe(409);
      expect((refused.json as { message: string }).message).toMatch(
        /no portfolio of this API key's organization/,
      );
    }
  });

  it('409 without an active agent wallet, until the pending one activates on the sandbox clock', async () => {
    const onboardingKey = await keyFor(onboarding);
    expect((await act({ type: 'scheduleCancel' }, onboardingKey)).status).toBe(409);
    const before = await h.get<{ agentWallets: AgentWallet[] }>(
      `/platform/agent-wallets?portfolioId=${onboarding}`,
    );
    expect(before.agentWallets[0]?.status).toBe('pending');
    const pendingCl = (
      await h.get<{ actions: ClearLoopAction[] }>('/platform/clearloop/actions?limit=1000')
    ).actions.filter((a) => a.status === 'pending');
    expect(pendingCl.length).toBeGreaterThan(0);
    await h.control('POST', '/clock/advance', { ms: 30_000 });
    const after = await h.get<{ agentWallets: AgentWallet[] }>(
      `/platform/agent-wallets?portfolioId=${onboarding}`,
    );
    const w = after.agentWallets[0];
    expect(w?.status).toBe('active');
    expect(w?.id).toBe(w?.address);
    expect(w?.orderStatus).toBe('executed');
    expect((await act({ type: 'scheduleCancel' }, onboardingKey)).status).toBe(200);
    const cl = (await h.get<{ actions: ClearLoopAction[] }>('/platform/clearloop/actions?limit=1000'))
      .actions;
    expect(cl.filter((a) => a.status === 'pending')).toEqual([]);
    const moved = cl.find((a) => a.orderId === pendingCl[0]?.orderId);
    expect(moved?.status).toBe('executed');
    expect(moved?.completedAt).toBeDefined();
    await h.control('POST', '/reset');
    expect((await act({ type: 'scheduleCancel' }, onboardingKey)).status).toBe(409);
  });
});
