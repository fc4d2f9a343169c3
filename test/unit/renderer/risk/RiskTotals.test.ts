/**
 * The risk board's totals: a sum beyond the precision is "too large to total" (issue 25); the USD
 * values the platform states, and the loans and collateral at your prices (issue 28).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Line, RiskTotalsView, computeTotals } from '../../../../src/renderer/src/features/risk/RiskTotals';
import { DEFAULT_RISK_SETTINGS } from '../../../../src/shared/risk';
import { NO_PRICES, PRICES } from '../../../support/fixtures/price-sheet';
import { riskTotals } from '../../../../src/shared/risk';
import type { Loan } from '../../../../src/shared/platform/resources';
import { html } from '../hostile/hostile-rows';

describe('RiskTotals line', () => {
  it('says "too large to total" for a sum needing 100 digits, and counts what was left out', () => {
    const loans = [
      { loanId: 'a', amount: '9'.repeat(99), currency: 'BTC' },
      { loanId: 'b', amount: '1', currency: 'BTC' },
      { loanId: 'c', amount: '0x10', currency: 'BTC' },
    ] as unknown as Loan[];
    const out = html(
      createElement(Line, { label: 'Loans', totals: riskTotals(loans).loanAmounts, testId: 't' }),
    );
    expect(out).toContain('too large to total');
    expect(out).toContain('+1 unknown, left out');
  });
});

describe('RiskTotals in USD (issue 28)', () => {
  const loans = [
    {
      loanId: 'a',
      amount: '2',
      currency: 'BTC',
      embedded: {
        collaterals: [
          { amount: '10', currency: 'ETH' },
          { amount: '5', currency: 'SOL' },
        ],
      },
      extra: {
        initiallyRequiredCollateralUsd: '150000.5',
        requiredCollaterals: [{ amountInUsd: '1000' }, { amountInUsd: 12 }],
      },
    },
    { loanId: 'b', amount: '100', currency: 'DOGE', extra: { initiallyRequiredCollateralUsd: '20' } },
  ] as unknown as Loan[];
  const board = { loans, settings: DEFAULT_RISK_SETTINGS };
  const view = (prices: typeof PRICES) =>
    html(createElement(RiskTotalsView, { all: computeTotals(board, prices), quote: 'USD' }));

  it("totals the platform's own USD values, counting what is not a decimal string", () => {
    const out = view(NO_PRICES);
    expect(out).toMatch(/initially required collateral: .*150,020\.50/);
    expect(out).toMatch(/required collateral: .*1,000\.00.*\+1 unreadable, left out/);
    expect(out).not.toContain('at your prices');
  });

  it('shows loans and collateral at your prices, with how many had no price and how many prices are stale', () => {
    const all = computeTotals(board, PRICES);
    expect(all.reference).toEqual({
      loans: { total: '130000', priced: 1, unpriced: 1, stale: 0, oldestAsOf: '2026-01-31T11:30:00Z' },
      collateral: { total: '32000', priced: 1, unpriced: 1, stale: 1, oldestAsOf: '2026-01-30T12:00:00Z' },
    });
    const out = view(PRICES);
    expect(out).toContain('Loans at your prices (as of ');
    expect(out).toContain('130,000.00');
    expect(out).toContain('Collateral at your prices (as of ');
    expect(out).toContain('1 stale price');
  });
});
