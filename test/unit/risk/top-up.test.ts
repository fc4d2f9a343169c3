/**
 * The top-up from the loan's own figures (issue 25, finding 9): x = C·(L/T − 1), rounded up so it
 * always suffices; every unknown says why instead of guessing; several collateral currencies give
 * the share each would have to grow by.
 */
import { describe, expect, it } from 'vitest';
import { topUpFromLoan } from '../../../src/main/risk/top-up';
import type { Loan } from '../../../src/shared/platform/resources';

const loan = (over: Record<string, unknown> = {}): Loan =>
  ({
    loanId: 'L1',
    debtRatio: '0.85',
    extra: { initialLtv: '0.5' },
    embedded: { collaterals: [{ amount: '2', currency: 'BTC' }] },
    ...over,
  }) as unknown as Loan;

describe('topUpFromLoan', () => {
  it('brings the LTV back to the initial LTV, from the collateral held', () => {
    expect(topUpFromLoan(loan(), '7')).toEqual({
      ok: true,
      amount: '1.4',
      currency: 'BTC',
      targetLtv: '0.5',
      at: '7',
    });
    // Two rows of one currency add up: 3 × (0.9 / 0.6 − 1) = 1.5.
    const two = loan({
      debtRatio: '0.9',
      extra: { initialLtv: '0.6' },
      embedded: { collaterals: [{ amount: '1', currency: 'ETH' }, null, { amount: '2', currency: 'ETH' }] },
    });
    expect(topUpFromLoan(two, '7')).toMatchObject({ ok: true, amount: '1.5', currency: 'ETH' });
  });

  it('computes with every digit of an 18-integer-digit collateral (not decimal.js’s default 20)', () => {
    // 123456789012345678.123456789 × (0.9 / 0.6 − 1) = 61728394506172839.0617283945, up at 9 decimals.
    const big = loan({
      debtRatio: '0.9',
      extra: { initialLtv: '0.6' },
      embedded: { collaterals: [{ amount: '123456789012345678.123456789', currency: 'ETH' }] },
    });
    expect(topUpFromLoan(big, '7')).toMatchObject({ ok: true, amount: '61728394506172839.061728395' });
  });

  it('rounds up, at the collateral’s own precision when it has more than 8 decimals', () => {
    // 1 × (0.7 / 0.6 − 1) = 0.1666…: up to 0.16666667.
    const l = loan({
      debtRatio: '0.7',
      extra: { initialLtv: '0.6' },
      embedded: { collaterals: [{ amount: '1', currency: 'BTC' }] },
    });
    expect(topUpFromLoan(l, '7')).toMatchObject({ amount: '0.16666667' });
    const eth = loan({
      debtRatio: '0.7',
      extra: { initialLtv: '0.6' },
      embedded: { collaterals: [{ amount: '1.000000000000000000', currency: 'ETH' }] },
    });
    expect(topUpFromLoan(eth, '7')).toMatchObject({ amount: '0.166666666666666667' });
  });

  it('says why when a figure is missing, and never throws on nulls', () => {
    const why = (l: Loan) => {
      const t = topUpFromLoan(l, '7');
      return t.ok ? null : t.why;
    };
    expect(why(loan({ extra: null }))).toBe('the loan states no initial LTV to return to');
    expect(why(loan({ debtRatio: 0.85 }))).toBe('the loan’s LTV is unknown');
    expect(why(loan({ debtRatio: '0.4' }))).toBe('the LTV is already at or below 0.5');
    expect(why(loan({ embedded: null }))).toBe('the loan lists no collateral');
    expect(why(loan({ embedded: { collaterals: [null] } }))).toBe('the loan lists no collateral');
    expect(why(loan({ embedded: { collaterals: [{ amount: '1e3', currency: 'BTC' }] } }))).toBe(
      'a collateral’s amount or currency is unknown',
    );
    expect(
      why(
        loan({
          embedded: {
            collaterals: [
              { amount: '1', currency: 'BTC' },
              { amount: '5', currency: 'ETH' },
            ],
          },
        }),
      ),
    ).toBe('collateral in BTC, ETH: each would have to grow by 70 %');
  });
});
