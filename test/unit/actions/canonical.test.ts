/** The canonical form of an action's content (src/main/actions/canonical.ts), for the de-duplication key. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, canonicalValue } from '../../../src/main/actions/canonical';

const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonicalValue(a)) === JSON.stringify(canonicalValue(b));

describe('canonicalValue', () => {
  it('ignores the order of object keys at every depth, and normalises decimals inside', () => {
    expect(
      same(
        { loanAmount: '1', nested: { x: '1', y: ['a', { q: 1, p: 2 }] } },
        { nested: { y: ['a', { p: 2, q: 1 }], x: '1.0' }, loanAmount: '1' },
      ),
    ).toBe(true);
  });

  it('keeps arrays in order, nested ones included', () => {
    const body = (collaterals: unknown[]) => ({ loan: { collaterals } });
    expect(same(body([['1', '2'], ['3']]), body([['3'], ['1', '2']]))).toBe(false);
    expect(same(body([['1', '2'], ['3']]), body([['2', '1'], ['3']]))).toBe(false);
    expect(same(body([['1.0', '2'], ['3']]), body([['1', '2.00'], ['3']]))).toBe(true);
  });

  it('drops undefined fields as JSON does, and writes an undefined entry as null', () => {
    expect(canonicalValue({ a: undefined, b: [undefined, '0x0A'] })).toEqual({ b: [null, '0x0a'] });
  });

  it('keeps null, numbers and booleans; drops functions and symbols as JSON does (null in an array)', () => {
    const out = canonicalValue({ a: null, f: () => 1, s: Symbol('s'), n: 1, t: true, u: undefined });
    expect(out).toStrictEqual({ a: null, n: 1, t: true });
    expect(Object.keys(out as object)).toEqual(['a', 'n', 't']);
    expect(canonicalValue([null, () => 1, Symbol('s'), undefined, 2])).toStrictEqual([
      null,
      null,
      null,
      null,
      2,
    ]);
    expect(canonicalValue(null)).toBeNull();
    expect(canonicalValue(() => 1)).toBeUndefined();
  });
});

describe('canonicalDecimal', () => {
  it.each([
    ['100', '100'],
    ['100.0', '100'],
    ['100.00', '100'],
    ['0100.10', '100.1'],
    ['0.000', '0'],
    ['00', '0'],
    ['0', '0'],
    ['0.5', '0.5'],
    ['000.050', '0.05'],
    ['10', '10'],
    ['1000', '1000'],
  ])('writes %j as %j', (text, canonical) => {
    expect(canonicalDecimal(text)).toBe(canonical);
  });

  it.each(['1e2', '1E2', '1.', '.5', '-1', '+1', ' 1', '1 ', '1,000', '0x10', 'NaN', 'Infinity', ''])(
    'keeps the exotic form %j verbatim',
    (text) => {
      expect(canonicalDecimal(text)).toBe(text);
    },
  );

  it('keeps every digit of a 78-digit amount', () => {
    const big = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    expect(big).toHaveLength(78);
    expect(canonicalDecimal(`000${big}.000000`)).toBe(big);
    expect(canonicalDecimal(`${big}.000000000000000001`)).toBe(`${big}.000000000000000001`);
    const off = `${big.slice(0, -1)}4`;
    const same = (a: unknown, b: unknown) =>
      JSON.stringify(canonicalValue(a)) === JSON.stringify(canonicalValue(b));
    expect(same({ amount: big }, { amount: off })).toBe(false);
    expect(same({ amount: big }, { amount: `${big}.0` })).toBe(true);
  });

  it('agrees with decimal.js on which plain decimals are equal', () => {
    const Exact = Decimal.clone({ precision: 200 });
    const samples = [
      '0',
      '0.0',
      '1',
      '1.0',
      '01',
      '10',
      '100',
      '100.000',
      '0.1',
      '0.10',
      '0.01',
      '1.000000000000000001',
      '1.000000000000000010',
      '99999999999999999999.999999999999999999',
      '100000000000000000000',
      '0100000000000000000000.0',
    ];
    for (const a of samples)
      for (const b of samples)
        expect(canonicalDecimal(a) === canonicalDecimal(b), `${a} vs ${b}`).toBe(
          new Exact(a).eq(new Exact(b)),
        );
  });
});
