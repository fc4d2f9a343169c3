/**
 * The console's one decimal configuration (src/shared/decimal.ts): exact where decimal.js's
 * default of 20 significant digits rounded (issue 27, point 4).
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EXACT_PRECISION, Exact } from '../../../src/shared/decimal';

describe('Exact', () => {
  it('adds an 18-decimal amount to an 18-integer-digit one without rounding', () => {
    const sum = new Exact('123456789012345678.123456789').plus('0.000000000000000001');
    expect(sum.toFixed()).toBe('123456789012345678.123456789000000001');
  });

  it('holds a 78-digit amount and rounds half to even', () => {
    const big = '1'.repeat(60) + '.' + '2'.repeat(18);
    expect(new Exact(big).plus(0).toFixed()).toBe(big);
    expect(EXACT_PRECISION).toBeGreaterThanOrEqual(78);
    expect(new Exact('2.5').toDecimalPlaces(0).toFixed()).toBe('2');
    expect(new Exact('3.5').toDecimalPlaces(0).toFixed()).toBe('4');
  });

  it('leaves decimal.js’s own default untouched (the library is shared with dependencies)', () => {
    expect(Decimal.precision).toBe(20);
  });
});
