import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import {
  assessLoan,
  compareHeadroom,
  cureTime,
  expiryPeriodMs,
  headroom,
  isStale,
  ltvAgeMs,
  riskBand,
  riskTotals,
  topUpTarget,
} from '../../../src/shared/risk';

const NOW = '1800000000000';

function loan(over: Partial<Loan> & { extra?: Loan['extra'] } = {}): Loan {
  return {
    loanId: 'L1',
    amount: '1',
    currency: 'BTC',
    mainCurrency: 'BTC',
    loanType: 'bilateral-pledge-collateralised-loan',
    status: 'active',
    createdBy: 'u',
    createdAt: '1700000000000',
    updatedAt: '1700000000000',
    debtRatio: '0.6',
    debtRatioStatus: 'healthy',
    debtRatioUpdatedAt: NOW,
    ...over,
    extra: { marginCallThreshold: '0.8', defaultThreshold: '0.9', ...over.extra },
  } as Loan;
}

describe('headroom: the fall in collateral value that reaches a threshold', () => {
  it('is 1 - ratio/threshold, exactly in decimals', () => {
    expect(headroom('0.6', '0.8')).toBe('0.25');
    expect(headroom('0.6', '0.9')).toBe('0.333333');
    // 0.1 + 0.2 style floats would drift; decimals do not.
    expect(headroom('0.7', '0.7')).toBe('0');
    expect(headroom('0.88', '0.8')).toBe('-0.1');
  });

  it('is unknown, never 0 or 100 %, when a value is missing or unreadable', () => {
    expect(headroom(undefined, '0.8')).toBeNull();
    expect(headroom('0.6', undefined)).toBeNull();
    expect(headroom(null, '0.8')).toBeNull();
    expect(headroom(0.6, '0.8')).toBeNull(); // a JSON number where a string is promised
    expect(headroom('0.6', 0.8)).toBeNull();
    expect(headroom('abc', '0.8')).toBeNull();
    expect(headroom('1e-1', '0.8')).toBeNull();
    expect(headroom('0.6', '0')).toBeNull();
  });

  it('reads thresholds missing from a loan as unknown headroom, and a known one still works', () => {
    const row = assessLoan(loan({ extra: { marginCallThreshold: undefined } }), NOW);
    expect(row.headroomMarginCall).toBeNull();
    expect(row.headroomDefault).toBe('0.333333');
  });
});

describe('staleness of debtRatioUpdatedAt', () => {
  it('flags an LTV older than 15 minutes, not one exactly 15 minutes old', () => {
    expect(isStale(String(1800000000000 - 15 * 60_000), NOW)).toBe(false);
    expect(isStale(String(1800000000000 - 15 * 60_000 - 1), NOW)).toBe(true);
    expect(ltvAgeMs('1799999990000', NOW)).toBe('10000');
  });
  it('is unknown when the time is missing or unreadable; a whole JSON number reads like its digits', () => {
    expect(isStale(undefined, NOW)).toBeNull();
    // One timestamp rule for every reader (issue 25): epoch ms are exact in a JS number.
    expect(isStale(1799999990000, NOW)).toBe(false);
    expect(isStale(1799999990000.5, NOW)).toBeNull();
    expect(isStale('yesterday', NOW)).toBeNull();
  });
});

describe('cure time', () => {
  it('reads the expiry period as hours, seconds or milliseconds by range', () => {
    expect(expiryPeriodMs('24')).toBe('86400000');
    expect(expiryPeriodMs('3600')).toBe('3600000');
    expect(expiryPeriodMs('86400000')).toBe('86400000');
    expect(expiryPeriodMs('25')).toBeNull();
    expect(expiryPeriodMs('1.5')).toBeNull();
    expect(expiryPeriodMs(24)).toBeNull();
  });

  it('counts down from the platform start plus the period', () => {
    const l = loan({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall: { startedAt: String(1800000000000 - 3_600_000) } },
      extra: { marginCallExpiryPeriod: '4' },
    });
    expect(cureTime(l, NOW)).toEqual({
      source: 'platform',
      endsAt: String(1800000000000 + 3 * 3_600_000),
      remainingMs: String(3 * 3_600_000),
      elapsedMs: '3600000',
    });
  });

  it('prefers an explicit expiresAt and goes negative once expired', () => {
    const l = loan({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall: { expiresAt: '1799999999000' } },
    });
    expect(cureTime(l, NOW)?.remainingMs).toBe('-1000');
  });

  it('falls back to the time since the console first saw it', () => {
    const l = loan({ debtRatioStatus: 'margin-call' });
    expect(cureTime(l, NOW, '1799999000000')).toEqual({
      source: 'first-seen',
      endsAt: null,
      remainingMs: null,
      elapsedMs: '1000000',
    });
    expect(cureTime(loan(), NOW)).toBeNull();
  });
});

describe('bands', () => {
  it('puts a healthy loan within 5 LTV points of margin call in the warning band', () => {
    expect(riskBand(loan({ debtRatio: '0.75' }))).toBe('warning');
    expect(riskBand(loan({ debtRatio: '0.7499' }))).toBe('healthy');
    expect(riskBand(loan({ debtRatio: '0.7' }), '10')).toBe('warning');
    expect(riskBand(loan({ debtRatioStatus: 'margin-call' }))).toBe('margin-call');
    expect(riskBand(loan({ debtRatioStatus: undefined }))).toBe('unknown');
    expect(riskBand(loan({ debtRatio: '0.79', extra: { marginCallThreshold: undefined } }))).toBe('healthy');
  });
  it('sorts by headroom ascending with unknown last', () => {
    const list = ['0.3', null, '-0.1', '0.05'].sort(compareHeadroom);
    expect(list).toEqual(['-0.1', '0.05', '0.3', null]);
  });
});

describe('totals', () => {
  it('never adds different currencies and keeps unknown amounts out of the sums', () => {
    const totals = riskTotals([
      loan({ loanId: 'a', amount: '1', currency: 'BTC' }),
      loan({ loanId: 'b', amount: '2', currency: 'ETH' }),
      loan({ loanId: 'c', amount: '0.1', currency: 'BTC', debtRatioStatus: 'margin-call' }),
      loan({ loanId: 'd', amount: 5 as unknown as string, currency: 'BTC' }),
      loan({
        loanId: 'e',
        amount: '0.2',
        currency: 'BTC',
        embedded: {
          collaterals: [
            { amount: '10', currency: 'ETH' },
            { amount: '0.3', currency: 'BTC' },
            { amount: null, currency: 'ETH' },
          ] as never,
        },
      }),
    ]);
    expect(totals.loanAmounts).toEqual([
      { currency: 'BTC', amount: '1.3', count: 3, unknown: 1 },
      { currency: 'ETH', amount: '2', count: 1, unknown: 0 },
    ]);
    expect(totals.collateral).toEqual([
      { currency: 'BTC', amount: '0.3', count: 1, unknown: 0 },
      { currency: 'ETH', amount: '10', count: 1, unknown: 1 },
    ]);
    expect(totals.byBand['margin-call']).toBe(1);
    expect(totals.byBand.healthy).toBe(4);
  });
  it('reads the top-up target from initialLtv only when it is a decimal string', () => {
    expect(topUpTarget(loan({ extra: { initialLtv: '0.5' } }))).toBe('0.5');
    expect(topUpTarget(loan({ extra: { initialLtv: 0.5 as unknown as string } }))).toBeNull();
  });
});
