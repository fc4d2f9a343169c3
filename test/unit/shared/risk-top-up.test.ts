/**
 * The top-up (src/shared/risk-top-up.ts, issue 28 point 1): the target is the lowest of the
 * rebalance threshold, the initial LTV and the margin-call threshold minus the warning band; the
 * amount x = C·(L/T − 1), rounded up; a loan past its margin call never gets "add 0"; every unknown
 * says why; an LTV sent as a JSON number is not computed with (the console's rule for numbers).
 */
import { describe, expect, it } from 'vitest';
import {
  amountFormula,
  readTopUp,
  targetFormula,
  topUpDryRunBody,
  topUpFromLoan,
  topUpWorking,
} from '../../../src/shared/risk-top-up';
import { topUpTarget, topUpTargetOf } from '../../../src/shared/risk';
import { jsonNumberText } from '../../../src/shared/json-number';
import type { Loan } from '../../../src/shared/platform/resources';
import { collateral, rawLoan } from '../../support/fixtures/loans';

const BTC2 = { collaterals: [{ amount: '2', currency: 'BTC' }] };
/** A loan in margin call at LTV 0.85, with 2 BTC of collateral; `extra` as given. */
const loan = (over: Record<string, unknown> = {}): Loan =>
  rawLoan({
    loanId: 'L1',
    debtRatio: '0.85',
    debtRatioStatus: 'margin-call',
    extra: { initialLtv: '0.5', marginCallThreshold: '0.8' },
    embedded: BTC2,
    ...over,
  });

const NO_THRESHOLDS = 'the loan states no rebalance threshold, initial LTV or margin-call threshold';

describe('the top-up table', () => {
  // [case, loan, warning points, expected answer]
  const table: [string, Loan, string, Record<string, unknown>][] = [
    [
      'margin call: back to the initial LTV, the lowest',
      loan(),
      '5',
      { ok: true, amount: '1.4', currency: 'BTC', targetLtv: '0.5' },
    ],
    [
      'the rebalance threshold when it is the lowest',
      // 2 × (0.85 / 0.4 − 1) = 2.25
      loan({ extra: { rebalanceThreshold: '0.4', initialLtv: '0.5', marginCallThreshold: '0.8' } }),
      '5',
      { ok: true, amount: '2.25', targetLtv: '0.4' },
    ],
    [
      'initial LTV above the margin-call line: the margin call minus the band',
      // min(0.85, 0.8 − 0.05) = 0.75; 2 × (0.9 / 0.75 − 1) = 0.4
      loan({ debtRatio: '0.9', extra: { initialLtv: '0.85', marginCallThreshold: '0.8' } }),
      '5',
      { ok: true, amount: '0.4', targetLtv: '0.75' },
    ],
    [
      'a wider warning band lowers that target',
      // 0.8 − 0.1 = 0.7; 2 × (0.9 / 0.7 − 1) = 0.571428571…, up at 8 decimals
      loan({ debtRatio: '0.9', extra: { initialLtv: '0.85', marginCallThreshold: '0.8' } }),
      '10',
      { ok: true, amount: '0.57142858', targetLtv: '0.7' },
    ],
    [
      'default: the same rule, from the LTV past the default line',
      // 2 × (0.95 / 0.5 − 1) = 1.8
      loan({
        debtRatio: '0.95',
        debtRatioStatus: 'default',
        extra: { initialLtv: '0.5', marginCallThreshold: '0.8', defaultThreshold: '0.9' },
      }),
      '5',
      { ok: true, amount: '1.8', targetLtv: '0.5' },
    ],
    [
      'no thresholds: no target, and why',
      loan({ debtRatio: '0.88', extra: {} }),
      '5',
      { ok: false, noTarget: true, why: NO_THRESHOLDS },
    ],
    [
      'no extra at all (null): no target',
      loan({ extra: null }),
      '5',
      { ok: false, noTarget: true, why: NO_THRESHOLDS },
    ],
    [
      'zero thresholds are no candidates',
      loan({ extra: { rebalanceThreshold: '0', initialLtv: '0', marginCallThreshold: '0.04' } }),
      '5',
      { ok: false, noTarget: true, why: NO_THRESHOLDS },
    ],
    [
      'margin call with a target not below the LTV: no usable target, never 0',
      loan({ debtRatio: '0.7', extra: { initialLtv: '0.75' } }),
      '5',
      {
        ok: false,
        noTarget: true,
        why: 'no usable target: the target LTV 75 % is not below the loan’s LTV 70 %, which is at or past its margin call',
      },
    ],
    [
      'default with a target equal to the LTV: no usable target, never 0',
      loan({ debtRatio: '0.6', debtRatioStatus: 'default', extra: { initialLtv: '0.6' } }),
      '5',
      { ok: false, noTarget: true, why: expect.stringContaining('no usable target') as unknown },
    ],
    [
      'an LTV at its margin-call line with no band: no usable target, even without the status',
      loan({ debtRatio: '0.8', debtRatioStatus: 'healthy', extra: { marginCallThreshold: '0.8' } }),
      '0',
      {
        ok: false,
        noTarget: true,
        why: 'no usable target: the target LTV 80 % is not below the loan’s LTV 80 %, which is at or past its margin call',
      },
    ],
    [
      'a healthy loan at or below its target needs nothing (not a 0 either)',
      loan({ debtRatio: '0.4', debtRatioStatus: 'healthy' }),
      '5',
      { ok: false, noTarget: false, why: 'the LTV is already at or below the target 50 %' },
    ],
    [
      'an LTV reported as a JSON number is not computed with, and says so',
      loan({ debtRatio: 0.88 }),
      '5',
      {
        ok: false,
        noTarget: false,
        why: 'the LTV arrived as a JSON number (0.88), which the console does not compute with',
      },
    ],
    [
      'an LTV kept losslessly as a JSON number: the same, with its digits',
      loan({ debtRatio: jsonNumberText('0.880000000000000000001') }),
      '5',
      {
        ok: false,
        noTarget: false,
        why: 'the LTV arrived as a JSON number (0.880000000000000000001), which the console does not compute with',
      },
    ],
    [
      'a threshold sent as a JSON number is no candidate, and is named',
      loan({ extra: { initialLtv: 0.5 } }),
      '5',
      {
        ok: false,
        noTarget: true,
        why: `${NO_THRESHOLDS} (the initial LTV arrived as a JSON number (0.5), which the console does not compute with)`,
      },
    ],
    [
      'collateral worth nothing: never "add 0"',
      loan({ embedded: { collaterals: [{ amount: '0', currency: 'BTC' }] } }),
      '5',
      { ok: false, noTarget: false, why: 'the collateral held is 0' },
    ],
  ];

  it.each(table)('%s', (_name, l, points, expected) => {
    const { answer } = topUpWorking(l, points);
    expect(answer).toEqual(expected.ok ? { currency: 'BTC', ...expected } : expected);
    // Whatever the case, an amount is never 0.
    if (answer.ok) expect(Number(answer.amount)).toBeGreaterThan(0);
  });

  it('keeps the answer for the watch, with its time and the no-target mark', () => {
    expect(topUpFromLoan(loan(), '7', '5')).toEqual({
      ok: true,
      amount: '1.4',
      currency: 'BTC',
      targetLtv: '0.5',
      at: '7',
    });
    expect(topUpFromLoan(loan({ extra: {} }), '7')).toEqual({
      ok: false,
      why: NO_THRESHOLDS,
      at: '7',
      noTarget: true,
    });
    expect(topUpFromLoan(loan({ debtRatio: 0.88 }), '7')).not.toHaveProperty('noTarget');
  });
});

describe('the target and its formula', () => {
  it('names every candidate and the lowest', () => {
    const l = loan({ extra: { rebalanceThreshold: '0.75', initialLtv: '0.65', marginCallThreshold: '0.8' } });
    const t = topUpTargetOf(l, '5');
    expect(t).toMatchObject({ ok: true, ltv: '0.65', source: 'initial' });
    expect(targetFormula(t)).toBe('min(rebalance 75 %, initial 65 %, margin call 80 % − 5 points) = 65 %');
    expect(topUpTarget(l, '5')).toBe('0.65');
    expect(targetFormula(topUpTargetOf(loan({ extra: {} })))).toBe(`no target: ${NO_THRESHOLDS}`);
    expect(topUpTarget(loan({ extra: {} }))).toBeNull();
  });

  it('reads unreadable warning points as the default band', () => {
    const l = loan({ extra: { marginCallThreshold: '0.8' } });
    expect(topUpTargetOf(l, 'abc')).toMatchObject({ ok: true, ltv: '0.75', source: 'margin-call-band' });
  });

  it('shows the amount formula with its inputs, only when there is an amount', () => {
    const w = topUpWorking(loan({ debtRatio: '0.88', extra: { initialLtv: '0.65' } }));
    expect(amountFormula(w)).toBe(
      'add = collateral × (LTV / target − 1) = 2 BTC × (0.88 / 0.65 − 1) = 0.70769231 BTC',
    );
    expect(amountFormula(topUpWorking(loan({ extra: {} })))).toBeNull();
  });
});

describe('the amount', () => {
  it('adds the rows of one currency: 3 × (0.9 / 0.6 − 1) = 1.5', () => {
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

  it.each([
    // 1 × (0.7 / 0.6 − 1) = 0.1666…: up to 0.16666667, or at the collateral's own 18 decimals.
    ['1', '0.16666667'],
    ['1.000000000000000000', '0.166666666666666667'],
  ])('rounds up, at the collateral’s precision when it has more than 8 decimals (%s)', (held, amount) => {
    const l = loan({
      debtRatio: '0.7',
      extra: { initialLtv: '0.6' },
      embedded: { collaterals: [{ amount: held, currency: 'BTC' }] },
    });
    expect(topUpFromLoan(l, '7')).toMatchObject({ amount });
  });

  /** The loan's fields for collateral held as [amount, currency] pairs. */
  const holding = (...held: [unknown, unknown][]) => ({ embedded: { collaterals: collateral(...held) } });
  const UNKNOWN = 'a collateral’s amount or currency is unknown';
  const TWO = 'collateral in BTC, ETH: each would have to grow by 70 %';

  it.each<[string, Record<string, unknown>, string]>([
    ['no embedded', { embedded: null }, 'the loan lists no collateral'],
    ['only null collateral', { embedded: { collaterals: [null] } }, 'the loan lists no collateral'],
    ['an exotic amount', holding(['1e3', 'BTC']), UNKNOWN],
    ['two currencies', holding(['1', 'BTC'], ['5', 'ETH']), TWO],
    ['an empty currency', holding(['1', '']), UNKNOWN],
    ['a currency that is not text', holding(['1', 7]), UNKNOWN],
    ['a negative amount', holding(['-1', 'BTC']), UNKNOWN],
    ['two currencies, named in order whatever the order held', holding(['5', 'ETH'], ['1', 'BTC']), TWO],
    ['an unknown LTV', { debtRatio: undefined }, 'the loan’s LTV is unknown'],
  ])('says why with %s, and never throws', (_name, over, why) => {
    expect(topUpFromLoan(loan(over), '7')).toEqual({ ok: false, why, at: '7' });
  });
});

describe('the platform’s dry run', () => {
  const collateral = { amount: '2', currency: 'BTC', mainCurrency: 'BTC', extraField: 'dropped' };

  it('asks for the collateral back to the target, in the first collateral currency', () => {
    const l = rawLoan({
      amount: '1000',
      currency: 'USDC',
      extra: { initialLtv: '0.5', marginCallThreshold: '0.8' },
      embedded: {
        collaterals: [collateral, { amount: '3', currency: 'ETH', mainCurrency: 'ETH' }, { amount: '1' }],
      },
    });
    expect(topUpDryRunBody(l)).toEqual({
      ok: true,
      body: {
        loanAmount: '1000',
        loanCurrency: 'USDC',
        collaterals: [
          { amount: '2', currency: 'BTC', mainCurrency: 'BTC' },
          { amount: '3', currency: 'ETH', mainCurrency: 'ETH' },
        ],
        targetLtv: '0.5',
        collateralCurrency: 'BTC',
      },
    });
    // The initial LTV above the margin-call line: the dry run asks for the band's target.
    const above = rawLoan({ extra: { initialLtv: '0.85', marginCallThreshold: '0.8' }, embedded: BTC2 });
    expect(topUpDryRunBody(above, '5')).toMatchObject({ ok: true, body: { targetLtv: '0.75' } });
  });

  it('says why no dry run can be asked', () => {
    expect(topUpDryRunBody(rawLoan({ embedded: { collaterals: [collateral] } }))).toEqual({
      ok: false,
      why: `no target: ${NO_THRESHOLDS}`,
    });
    const noCollateral = { ok: false, why: 'the loan lists no collateral' };
    const withTarget = (embedded?: unknown) => rawLoan({ extra: { initialLtv: '0.5' }, embedded });
    expect(topUpDryRunBody(withTarget({ collaterals: [{ amount: '1' }] }))).toEqual(noCollateral);
    expect(topUpDryRunBody(withTarget())).toEqual(noCollateral);
    for (const l of [rawLoan({ extra: null }), rawLoan({ embedded: null }), rawLoan({})])
      expect(() => topUpDryRunBody(l)).not.toThrow();
  });

  it('reads the answer, keeping the platform strings, and never says "add 0"', () => {
    expect(
      readTopUp({ requiredCollateralAmount: '0.125', requiredCollateralCurrency: 'BTC' }, '0.5', '100'),
    ).toEqual({ ok: true, amount: '0.125', currency: 'BTC', targetLtv: '0.5', at: '100' });
    const refused = { ok: false, why: 'the dry run gave no collateral amount', at: '100' };
    expect(
      readTopUp({ requiredCollateralAmount: 0.125, requiredCollateralCurrency: 'BTC' }, '0.5', '100'),
    ).toEqual(refused);
    expect(
      readTopUp({ requiredCollateralAmount: '0.125', requiredCollateralCurrency: '' }, '0.5', '100'),
    ).toEqual(refused);
    expect(readTopUp({ requiredCollateralAmount: '0.125' }, '0.5', '100')).toEqual(refused);
    expect(readTopUp(null, '0.5', '100')).toEqual(refused);
    expect(
      readTopUp({ requiredCollateralAmount: '0', requiredCollateralCurrency: 'BTC' }, '0.5', '100'),
    ).toEqual({ ok: false, why: 'the dry run asks for no collateral to reach LTV 50 %', at: '100' });
  });
});
