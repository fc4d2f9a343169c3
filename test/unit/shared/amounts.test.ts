import { describe, expect, it } from 'vitest';
import { actionInput } from '../../../src/shared/actions';
import {
  MAX_AMOUNT_DECIMALS,
  amountAtMost,
  amountProblem,
  positiveAmount,
} from '../../../src/shared/amounts';
import { estimateLtvInput } from '../../../src/shared/ltv-reads';

describe('amounts an operator types', () => {
  it.each([
    ['abc', /decimal number/],
    ['1e3', /without an exponent/],
    ['0x10', /not hexadecimal/],
    ['-5', /without a sign/],
    ['+5', /without a sign/],
    ['0', /greater than zero/],
    ['0.000', /greater than zero/],
    ['1,000', /thousands separators/],
    ['1_000', /thousands separators/],
    [' 5', /spaces/],
    ['5 ', /spaces/],
    ['1.', /decimal number/],
    ['.5', /decimal number/],
    ['', /empty/],
    ['1.1234567890123456789', /more than 18 decimals/],
    ['1234567890123456789012345678901', /decimal number/],
    ['NaN', /decimal number/],
    ['Infinity', /decimal number/],
  ])('refuses %j and says what to fix', (text, says) => {
    expect(amountProblem(text)).toMatch(says);
    expect(positiveAmount.safeParse(text).success).toBe(false);
  });

  it.each(['1', '1250.5', '0.000000000000000001', '123456789012345678901234567890.123456789012345678'])(
    'accepts %j exactly as typed',
    (text) => {
      expect(amountProblem(text)).toBeNull();
      expect(positiveAmount.parse(text)).toBe(text);
    },
  );

  it.each([
    ['00001', '1'],
    ['01', '1'],
    ['007.5', '7.5'],
    ['00.5', '0.5'],
    ['0100.10', '100.10'],
    [`0${'9'.repeat(30)}`, '9'.repeat(30)],
  ])('refuses leading zeros in %j and says to write %j', (text, fixed) => {
    expect(amountProblem(text)).toBe(`has leading zeros, which are not allowed: write ${fixed}`);
    const parsed = positiveAmount.safeParse(text);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      `has leading zeros, which are not allowed: write ${fixed}`,
    ]);
    // What the message says to write is itself accepted.
    expect(amountProblem(fixed)).toBeNull();
  });

  it.each([
    ['00', /greater than zero/],
    ['00.000', /greater than zero/],
    ['-01', /without a sign/],
    ['+01', /without a sign/],
    ['01e3', /without an exponent/],
  ])('refuses %j for the reason that matters first', (text, says) => {
    expect(amountProblem(text)).toMatch(says);
    expect(positiveAmount.safeParse(text).success).toBe(false);
  });

  it.each(['0.5', '0.05', '10', '100.00', '1000000', '0.000000000000000001'])(
    'accepts %j: a single zero before the point, or zeros that are not leading',
    (text) => {
      expect(amountProblem(text)).toBeNull();
      expect(positiveAmount.parse(text)).toBe(text);
    },
  );

  it('refuses "0" and "0.000" for being zero, not for leading zeros', () => {
    expect(amountProblem('0')).toBe('must be greater than zero');
    expect(amountProblem('0.000')).toBe('must be greater than zero');
  });

  it('carries the leading-zero message to the field the forms show it under', () => {
    // The loan forms (use-action.ts) put each issue of `actionInput` under its path; the LTV
    // estimate and the collateral rows parse `positiveAmount` and `collateralAdjustment` directly.
    const issues = (input: unknown) => {
      const parsed = actionInput.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ kind: 'loans.acceptRepayment', loanId: 'L1', amount: '007.5' })).toEqual([
      ['amount', 'has leading zeros, which are not allowed: write 7.5'],
    ]);
    const estimate = estimateLtvInput.safeParse({
      loanId: 'L1',
      collaterals: [{ amount: '1', currency: 'BTC', mainCurrency: 'BTC', amountInUsd: '0100' }],
    });
    expect(estimate.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['collaterals.0.amountInUsd', 'has leading zeros, which are not allowed: write 100'],
    ]);
  });

  it('compares exactly, beyond the precision of a double', () => {
    expect(amountAtMost('99999999999999999999.999999999999999999', '100000000000000000000')).toBe(true);
    expect(amountAtMost('100000000000000000000.000000000000000001', '100000000000000000000')).toBe(false);
    expect(amountAtMost('0.30000000000000000001', '0.3')).toBe(false);
  });
});

describe('amountProblem messages', () => {
  it('blames a sign or 0x only at the start, and counts decimals only of a plain decimal', () => {
    const shape = 'must be a decimal number such as 1250.5';
    const many = '1'.repeat(MAX_AMOUNT_DECIMALS + 1);
    expect(amountProblem('12-3')).toBe(shape);
    expect(amountProblem('10x1')).toBe(shape);
    expect(amountProblem(`1.${many}a`)).toBe(shape);
    expect(amountProblem(`a1.${many}`)).toBe(shape);
    expect(amountProblem(`12.${many}`)).toBe(`has more than ${MAX_AMOUNT_DECIMALS} decimals`);
  });
  it('carries the reason into the schema issue', () => {
    const parsed = positiveAmount.safeParse('-1');
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      'must be a plain positive number, without a sign',
    ]);
  });
});
