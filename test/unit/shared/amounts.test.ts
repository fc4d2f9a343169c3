import { describe, expect, it } from 'vitest';
import { amountAtMost, amountProblem, positiveAmount } from '../../../src/shared/amounts';

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

  it('compares exactly, beyond the precision of a double', () => {
    expect(amountAtMost('99999999999999999999.999999999999999999', '100000000000000000000')).toBe(true);
    expect(amountAtMost('100000000000000000000.000000000000000001', '100000000000000000000')).toBe(false);
    expect(amountAtMost('0.30000000000000000001', '0.3')).toBe(false);
  });
});
