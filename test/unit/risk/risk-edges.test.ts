/**
 * Edges of the risk arithmetic (src/shared/risk.ts) beside risk-arithmetic.test.ts, found by
 * mutation testing: loans without `extra`, the margin call's `createdAt` start, what an unknown
 * clock gives, totals for loans and collaterals without a currency, and the order of currencies.
 */
import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import {
  assessLoan,
  compareHeadroom,
  cureTime,
  loanMatches,
  ltvAgeMs,
  riskBand,
  riskTotals,
  sortByHeadroom,
} from '../../../src/shared/risk';

const NOW = '1800000000000';
const HOUR = 3_600_000;
const bare = (over: Record<string, unknown> = {}): Loan =>
  ({ loanId: 'L', debtRatio: '0.6', debtRatioStatus: 'healthy', ...over }) as unknown as Loan;

describe('loans without extra', () => {
  it('are healthy with unknown headroom, sorted last, and never throw', () => {
    expect(riskBand(bare())).toBe('healthy');
    expect(assessLoan(bare(), NOW)).toMatchObject({
      band: 'healthy',
      headroomMarginCall: null,
      headroomDefault: null,
    });
    const known = bare({ loanId: 'K', extra: { marginCallThreshold: '0.8' } });
    expect(sortByHeadroom([bare(), known]).map((l) => l.loanId)).toEqual(['K', 'L']);
    expect(cureTime(bare({ debtRatioStatus: 'margin-call' }), NOW)).toMatchObject({ source: 'first-seen' });
  });

  it('a defaulted loan is in the default band, and a healthy one below the warning band is healthy', () => {
    expect(riskBand(bare({ debtRatioStatus: 'default' }))).toBe('default');
    expect(riskBand(bare({ debtRatio: '0.5', extra: { marginCallThreshold: '0.8' } }))).toBe('healthy');
  });
});

describe('cure time edges', () => {
  const inCall = (marginCall: Record<string, unknown>, period?: string) =>
    bare({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall },
      extra: { marginCallExpiryPeriod: period },
    });

  it('starts from createdAt when the margin call has no startedAt', () => {
    expect(cureTime(inCall({ createdAt: String(1800000000000 - HOUR) }, '4'), NOW)).toEqual({
      source: 'platform',
      endsAt: String(1800000000000 + 3 * HOUR),
      remainingMs: String(3 * HOUR),
      elapsedMs: String(HOUR),
    });
  });

  it('a start without a readable period, or no start, counts from the first sighting', () => {
    const seen = String(1800000000000 - 2 * HOUR);
    expect(cureTime(inCall({ startedAt: String(1800000000000 - HOUR) }, '99'), NOW, seen)).toEqual({
      source: 'first-seen',
      endsAt: null,
      remainingMs: null,
      elapsedMs: String(2 * HOUR),
    });
    expect(cureTime(inCall({}, '4'), NOW, seen)?.source).toBe('first-seen');
  });

  it('an unreadable clock gives unknown times, not a guess', () => {
    expect(cureTime(inCall({ expiresAt: NOW }), 'soon')).toMatchObject({
      source: 'first-seen',
      elapsedMs: null,
    });
    expect(cureTime(inCall({}), 'soon', NOW)?.elapsedMs).toBeNull();
    expect(cureTime(inCall({}), NOW, 'x')?.elapsedMs).toBeNull();
    expect(ltvAgeMs(NOW, 'soon')).toBeNull();
    expect(ltvAgeMs('x', NOW)).toBeNull();
  });
});

describe('ordering helpers', () => {
  it('compareHeadroom puts unknown last and keeps two unknowns equal', () => {
    expect(compareHeadroom(null, null)).toBe(0);
    expect(compareHeadroom(null, '0.1')).toBe(1);
    expect(compareHeadroom('0.1', null)).toBe(-1);
    expect(compareHeadroom('0.1', '0.2')).toBe(-1);
  });

  it('an empty search matches even a loan without any text field', () => {
    expect(loanMatches(bare({ loanId: undefined }), '')).toBe(true);
  });
});

describe('riskTotals edges', () => {
  it('counts loans without a usable currency apart, skips such collaterals, and orders currencies', () => {
    const loans = [
      bare({
        currency: 'USDC',
        amount: '10',
        embedded: { collaterals: [{ currency: 'ETH', amount: '1' }, { amount: '5' }] },
      }),
      bare({
        currency: 'BTC',
        amount: '1',
        embedded: {
          collaterals: [
            { currency: '', amount: '7' },
            { currency: 'BTC', amount: '2' },
          ],
        },
      }),
      bare({ currency: 'ETH', amount: '3' }),
      bare({ currency: '', amount: '4' }),
      bare({ amount: '5' }),
      bare({ currency: 7, amount: '6' }),
    ];
    const totals = riskTotals(loans);
    expect(totals.noCurrency).toBe(3);
    expect(totals.loanAmounts.map((t) => [t.currency, t.amount])).toEqual([
      ['BTC', '1'],
      ['ETH', '3'],
      ['USDC', '10'],
    ]);
    expect(totals.collateral.map((t) => [t.currency, t.amount])).toEqual([
      ['BTC', '2'],
      ['ETH', '1'],
    ]);
  });
});

describe('riskTotals beyond the exact precision (issue 25)', () => {
  const big = (loanId: string, amount: string) =>
    ({ loanId, amount, currency: 'BTC', debtRatioStatus: 'healthy' }) as unknown as Loan;

  it('add 30 integer digits and 18 decimals exactly (decimal.js defaults to 20 significant digits)', () => {
    const a = '123456789012345678901234567890.123456789012345678';
    const totals = riskTotals([big('a', a), big('b', '0.000000000000000001')]);
    expect(totals.loanAmounts[0]?.amount).toBe('123456789012345678901234567890.123456789012345679');
  });

  it('say "too large to total" (amount null) rather than round or throw', () => {
    const totals = riskTotals([big('a', '9'.repeat(99)), big('b', '1'), big('c', '1'.repeat(5000))]);
    expect(totals.loanAmounts[0]).toMatchObject({ currency: 'BTC', amount: null });
  });

  it('leave exotic amount strings out as unknown', () => {
    const totals = riskTotals([big('a', '0x10'), big('b', '1e3'), big('c', '1')]);
    expect(totals.loanAmounts[0]).toMatchObject({ amount: '1', count: 1, unknown: 2 });
  });
});
