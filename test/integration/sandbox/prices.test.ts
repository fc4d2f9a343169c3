/**
 * Issue 13 point 4: moving prices recomputes every open loan's LTV with decimal arithmetic, starts
 * and ends margin calls with their `marginCall` object, and records the matching activities.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Activity, Loan } from '../../../src/shared/platform/resources';
import { useHarness } from './harness';

const h = useHarness({}, { reset: true });

const loansPath = () => `/platform/organizations/${h.org}/loans`;
const loan = (id: string) => h.get<Loan>(`${loansPath()}/${id}`);
const setPrices = async (prices: Record<string, string>) => {
  const res = await h.control('POST', '/prices', prices);
  expect(res.status, res.text).toBe(200);
  return res.json as { prices: Record<string, string>; recomputed: number; transitions: unknown[] };
};
/** An independent LTV: loan USD / collateral USD, 4 decimals, half up. */
function expectedLtv(l: Loan, prices: Record<string, string>): string {
  const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
  const loanUsd = new D(l.amount).times(prices[l.currency] ?? 'NaN');
  const collUsd = (l.embedded?.collaterals ?? []).reduce(
    (sum, c) => sum.plus(new D(c.amount).times(prices[c.currency] ?? 'NaN')),
    new D(0),
  );
  return loanUsd.div(collUsd).toDecimalPlaces(4).toFixed();
}

async function healthyBtcCollateralLoan(): Promise<Loan> {
  const loans = (await h.get<{ loans: Loan[] }>(`${loansPath()}?limit=1000&statuses=active`)).loans;
  const found = loans.find(
    (l) =>
      l.debtRatioStatus === 'healthy' &&
      l.currency !== 'BTC' &&
      (l.embedded?.collaterals ?? []).length > 0 &&
      (l.embedded?.collaterals ?? []).every((c) => c.currency === 'BTC'),
  );
  if (found === undefined) throw new Error('no healthy active loan with BTC collateral in the seed');
  return found;
}

describe('sandbox prices', () => {
  it('answers the base prices, and reset restores them', async () => {
    const base = (await h.control('GET', '/prices')).json as { prices: Record<string, string> };
    expect(base.prices.BTC).toBe('65000');
    await setPrices({ BTC: '52000.5' });
    expect(((await h.control('GET', '/prices')).json as typeof base).prices.BTC).toBe('52000.5');
    await h.control('POST', '/reset');
    expect((await h.control('GET', '/prices')).json).toEqual(base);
  });

  it('a fall starts a margin call; a rise ends it; both are in the activity log', async () => {
    const base = ((await h.control('GET', '/prices')).json as { prices: Record<string, string> }).prices;
    const before = await healthyBtcCollateralLoan();
    const threshold = before.extra?.marginCallThreshold ?? '0.8';
    // The BTC price at which this loan's LTV is 0.85: past the margin call, short of default (0.9).
    const btcUsd = new Decimal(before.amount)
      .times(base[before.currency] ?? 'NaN')
      .div(new Decimal(before.embedded?.collaterals?.[0]?.amount ?? 'NaN').times('0.85'))
      .toDecimalPlaces(2)
      .toFixed();
    const moved = await setPrices({ BTC: btcUsd });
    expect(moved.recomputed).toBeGreaterThan(0);
    expect(moved.transitions).toContainEqual({ loanId: before.loanId, from: 'healthy', to: 'margin-call' });
    const inCall = await loan(before.loanId);
    expect(inCall.debtRatio).toBe(expectedLtv(before, { ...base, BTC: btcUsd }));
    expect(new Decimal(inCall.debtRatio ?? '0').gte(threshold)).toBe(true);
    expect(inCall.debtRatioStatus).toBe('margin-call');
    const call = inCall.embedded?.marginCall as { startedAt: string; expiresAt: string };
    expect(inCall.debtRatioUpdatedAt).toBe(call.startedAt);
    expect(new Decimal(call.expiresAt).minus(call.startedAt).toFixed()).toBe(
      before.extra?.marginCallExpiryPeriod ?? '86400000',
    );
    const activities = async () =>
      (await h.get<{ activities: Activity[] }>(`/platform/organizations/${h.org}/activities?limit=50`))
        .activities;
    const started = (await activities()).find(
      (a) => a.activityType === 'loan-top-up-request' && a.description.includes(before.loanId),
    );
    expect(started?.description).toContain('Margin call');

    await setPrices({ BTC: base.BTC ?? '' });
    const healthy = await loan(before.loanId);
    expect(healthy.debtRatio).toBe(before.debtRatio);
    expect(healthy.debtRatioStatus).toBe('healthy');
    expect(healthy.embedded?.marginCall).toBeUndefined();
    const ended = (await activities()).find(
      (a) => a.activityType === 'loan-top-up-cancelled' && a.description.includes(before.loanId),
    );
    expect(ended?.description).toContain('ended');
  });

  it('a deep fall defaults, recorded as loan-default', async () => {
    const before = await healthyBtcCollateralLoan();
    await setPrices({ BTC: '1' });
    const after = await loan(before.loanId);
    expect(after.debtRatioStatus).toBe('default');
    expect(after.embedded?.marginCall).toBeDefined();
    const log = (
      await h.get<{ activities: Activity[] }>(`/platform/organizations/${h.org}/activities?limit=500`)
    ).activities;
    expect(log.some((a) => a.activityType === 'loan-default' && a.description.includes(before.loanId))).toBe(
      true,
    );
  });

  it('the LTV dry run prices with the moved prices', async () => {
    await setPrices({ BTC: '50000' });
    const res = await h.req('PATCH', loansPath(), {
      body: JSON.stringify({
        loanAmount: '2',
        loanCurrency: 'BTC',
        collaterals: [{ amount: '200000', currency: 'USDC' }],
      }),
      headers: { 'Content-Type': 'application/vnd.calculate-ltv-dry-run+json' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ loanValueUsd: '100000', ltv: '0.5' });
  });

  it.each([
    [{}, /at least one price/],
    [{ XYZ: '1' }, /^unknown field\(s\) "XYZ": the sandbox's currencies are BTC, ETH/],
    [{ BTC: '0' }, /^BTC: must be a positive USD price/],
    [{ BTC: 52000 }, /^BTC: must be a positive USD price/],
    [{ BTC: '1e5' }, /^BTC: must be a positive USD price/],
    [{ BTC: 'x' }, /^BTC: must be a positive USD price/],
    [{ BTC: '' }, /^BTC: must be a positive USD price/],
  ])('refuses %j, naming what to fix', async (body, message) => {
    const res = await h.control('POST', '/prices', body);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message).toMatch(message);
  });
});
