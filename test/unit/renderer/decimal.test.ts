import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { amountSortKey, formatAmount, sumAmounts } from '../../../src/renderer/src/lib/decimal';

/** Deterministic PRNG so a failure reproduces. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomAmount(rand: () => number): string {
  const intDigits = Math.floor(rand() * 25);
  const fracDigits = Math.floor(rand() * 19);
  let int = '';
  for (let i = 0; i < intDigits; i++) int += String(Math.floor(rand() * 10));
  let frac = '';
  for (let i = 0; i < fracDigits; i++) frac += String(Math.floor(rand() * 10));
  const sign = rand() < 0.3 ? '-' : '';
  return `${sign}${int || '0'}${frac ? '.' + frac : ''}`;
}

describe('amount sort keys', () => {
  it('order exactly as decimal values do, beyond float precision', () => {
    const rand = mulberry32(42);
    const values = Array.from({ length: 3000 }, () => randomAmount(rand));
    values.push('0', '-0', '0.000', '1e-7', '-1.5', '-1.55', '9007199254740993', '9007199254740992.5');
    const byKey = [...values].sort((a, b) => {
      const ka = amountSortKey(a)!;
      const kb = amountSortKey(b)!;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    for (let i = 1; i < byKey.length; i++) {
      expect(
        new Decimal(byKey[i - 1]!).cmp(new Decimal(byKey[i]!)),
        `${byKey[i - 1]} <= ${byKey[i]}`,
      ).toBeLessThanOrEqual(0);
    }
  });

  it('has no key for text that is not a number', () => {
    expect(amountSortKey('abc')).toBeNull();
    expect(amountSortKey('')).toBeNull();
    expect(amountSortKey(undefined)).toBeNull();
  });
});

describe('amount display and totals', () => {
  it('keeps every digit the platform sent', () => {
    expect(formatAmount('12345678901234567890.123456789012345678')).toBe(
      '12,345,678,901,234,567,890.123456789012345678',
    );
    expect(formatAmount('-1000.10')).toBe('-1,000.10');
    expect(formatAmount('not a number')).toBe('not a number');
  });

  it('sums exactly where floats would not', () => {
    expect(sumAmounts(['0.1', '0.2']).total).toBe('0.3');
    expect(sumAmounts(['9007199254740993', '1']).total).toBe('9007199254740994');
    expect(sumAmounts(['1', 'x', null]).skipped).toBe(1);
  });
});
