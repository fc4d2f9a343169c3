import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import {
  amountDisplay,
  amountSortKey,
  formatAmount,
  isDecimal,
  MAX_SHOWN_DIGITS,
  ratio,
  sumAmounts,
} from '../../../src/renderer/src/lib/decimal';
import { formatBpsPercent, formatPercent } from '../../../src/renderer/src/lib/format';
import { jsonNumberText } from '../../../src/shared/json-number';

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
    values.push('0', '-0', '0.000', '0.0000001', '-1.5', '-1.55', '9007199254740993', '9007199254740992.5');
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

describe('amount strings that are not plain decimals (issue 25)', () => {
  const exotic = [
    '0x10',
    '0b1',
    '0o7',
    '1e3',
    '1E3',
    '+5',
    ' 5',
    '5 ',
    '1_000',
    'Infinity',
    'NaN',
    '.5',
    '5.',
  ];

  it('are shown as sent and marked, never converted (was: decimal.js read "0x10" as 16)', () => {
    for (const raw of exotic) {
      expect(formatAmount(raw), raw).toBe(raw);
      expect(amountDisplay(raw), raw).toMatchObject({ text: raw, mark: 'text' });
      expect(isDecimal(raw), raw).toBe(false);
      expect(amountSortKey(raw), raw).toBeNull();
      expect(ratio(raw, '2'), raw).toBeNull();
      expect(formatPercent(raw), raw).toBe(raw);
      expect(formatBpsPercent(raw), raw).toBe(raw);
    }
    expect(amountDisplay('12.5')).toEqual({ text: '12.5', mark: null, title: '12.5' });
  });

  it('are left out of totals, and the totals say how many', () => {
    const sum = sumAmounts(['1', '0x10', '1e3', '+5']);
    expect(sum).toMatchObject({ total: null, known: '1', skipped: 3, notPlain: 3, numbers: 0 });
  });
});

describe('a JSON number kept with its digits (JsonNumberText)', () => {
  const n = jsonNumberText('1234567.123456789012345678');

  it('is shown with its exact digits and the number mark', () => {
    expect(amountDisplay(n)).toMatchObject({ text: '1234567.123456789012345678', mark: 'number' });
    expect(formatAmount(n)).toBe('1234567.123456789012345678');
    expect(amountDisplay(jsonNumberText('18446744073709551617')).text).toBe('18446744073709551617');
  });

  it('sorts by its text and is never totalled or computed with', () => {
    expect(amountSortKey(n)).toBe(amountSortKey('1234567.123456789012345678'));
    expect(sumAmounts(['1', n])).toMatchObject({ total: null, known: '1', numbers: 1, skipped: 1 });
    expect(isDecimal(n)).toBe(false);
    expect(ratio(n, '1')).toBeNull();
    expect(formatPercent(n)).toBe('1234567.123456789012345678');
  });
});

describe('formatting caps what it expands and is linear in the input', () => {
  it('shows "1e100000" as sent (was: expanded to 100,001 digits, then grouped by a quadratic regex)', () => {
    expect(formatAmount('1e100000')).toBe('1e100000');
  });

  it('truncates a plain decimal longer than the cap, with a mark', () => {
    const long = '9'.repeat(10_000);
    const shown = amountDisplay(long);
    expect(shown.mark).toBe('truncated');
    expect(shown.text.length).toBeLessThanOrEqual(MAX_SHOWN_DIGITS + MAX_SHOWN_DIGITS / 3 + 2);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.title.length).toBeLessThan(400);
    expect(formatAmount(long).length).toBe(shown.text.length);
  });

  it('handles a 1,000,000-character input and returns a bounded output', () => {
    for (const raw of [
      '1'.repeat(1_000_000),
      '1.' + '0'.repeat(999_998),
      '1e' + '9'.repeat(999_998),
      'x'.repeat(1_000_000),
    ]) {
      const shown = amountDisplay(raw);
      expect(shown.text.length).toBeLessThanOrEqual(MAX_SHOWN_DIGITS * 2);
      expect(shown.title.length).toBeLessThan(400);
      expect(sumAmounts([raw]).total).toBeNull();
    }
  });

  it('groups thousands exactly', () => {
    expect(formatAmount('1234567')).toBe('1,234,567');
    expect(formatAmount('123')).toBe('123');
    expect(formatAmount('-123456.7890')).toBe('-123,456.7890');
  });
});

describe('totals beyond the exact precision', () => {
  it('say "too large to total" instead of throwing (was: RangeError, the tab\'s error panel)', () => {
    const big = '1' + '0'.repeat(120);
    const sum = sumAmounts([big, '0.1']);
    expect(sum).toMatchObject({ total: null, tooLarge: true });
    const bigAlone = sumAmounts(['9'.repeat(99), '1']);
    expect(bigAlone.tooLarge).toBe(true);
    expect(sumAmounts(['1', '2']).tooLarge).toBe(false);
  });

  it('never round an intermediate sum: a large value cancelled later still makes the total too large', () => {
    const sum = sumAmounts(['1' + '0'.repeat(99), '0.5', '-1' + '0'.repeat(99)]);
    expect(sum.total).toBeNull();
    expect(sum.tooLarge).toBe(true);
  });
});
