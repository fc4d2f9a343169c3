import { describe, expect, it } from 'vitest';
import {
  MAX_LISTED_ERRORS,
  MAX_PRICE_ROWS,
  emptyPriceSheet,
  isStale,
  isoUtcMs,
  priceCsvText,
  priceOf,
  priceRowsSchema,
  readPriceCsv,
  referenceTotal,
  referenceValue,
  type PriceRow,
  type PriceSheet,
} from '../../../src/shared/price-sheet';

const HEADER = 'currency,price,quote,asOf,source';
const NOW = Date.parse('2026-01-31T12:00:00Z');
const row = (currency: string, price: string, asOf = '2026-01-31T11:00:00Z', quote = 'USD'): PriceRow => ({
  currency,
  price,
  quote,
  asOf,
  source: 'desk',
});
const sheetOf = (rows: PriceRow[], staleAfterMinutes = 24 * 60): PriceSheet => ({
  ...emptyPriceSheet(),
  rows,
  staleAfterMinutes,
});

function errorsOf(text: string) {
  const read = readPriceCsv(text);
  if (read.ok) throw new Error('expected line errors');
  return read.errors;
}

describe('reading a price CSV', () => {
  it('reads rows in any column order, trims cells, skips blank lines and takes quoted commas', () => {
    const read = readPriceCsv(
      '\uFEFFsource,asOf,quote,price,currency\r\n' +
        '"Desk, close",2026-01-31T12:00:00Z,USD, 65000.5 ,BTC\r\n' +
        '\r\n' +
        'manual,2026-01-31T12:00:00.250Z,,3200,ETH\r\n',
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          currency: 'BTC',
          price: '65000.5',
          quote: 'USD',
          asOf: '2026-01-31T12:00:00Z',
          source: 'Desk, close',
        },
        // An empty quote is the default, USD.
        { currency: 'ETH', price: '3200', quote: 'USD', asOf: '2026-01-31T12:00:00.250Z', source: 'manual' },
      ],
    });
  });

  it.each([
    ['an empty text', '', 1, /empty: start with the header currency,price,quote,asOf,source/],
    [
      'a header missing a column',
      'currency,price,quote,asOf\nBTC,1,USD,2026-01-31T12:00:00Z',
      1,
      /missing: source/,
    ],
    ['a zero price', `${HEADER}\nBTC,0,USD,2026-01-31T12:00:00Z,x`, 2, /price "0" must be greater than zero/],
    [
      'a thousands separator',
      `${HEADER}\nBTC,"65,000",USD,2026-01-31T12:00:00Z,x`,
      2,
      /thousands separators/,
    ],
    [
      'a formula as the price',
      `${HEADER}\nBTC,=1+1,USD,2026-01-31T12:00:00Z,x`,
      2,
      /price "=1\+1" must be a decimal/,
    ],
    ['a local time', `${HEADER}\nBTC,1,USD,2026-01-31 12:00,x`, 2, /asOf .* ending in Z/],
    ['a day that does not exist', `${HEADER}\nBTC,1,USD,2026-02-30T12:00:00Z,x`, 2, /asOf/],
    [
      'a bad currency',
      `${HEADER}\nB TC,1,USD,2026-01-31T12:00:00Z,x`,
      2,
      /currency "B TC" must be a currency code/,
    ],
    ['too few cells', `${HEADER}\nBTC,1,USD`, 2, /has 3 cells; write 5/],
    ['a quote left open', `${HEADER}\nBTC,1,USD,2026-01-31T12:00:00Z,"open`, 2, /never closed/],
  ])('refuses %s, naming the line and the fix', (_name, text, line, message) => {
    const errors = errorsOf(text);
    expect(errors[0]).toEqual({ line, message: expect.stringMatching(message) });
  });

  it('lists every bad line with the line its record starts on, and refuses duplicates', () => {
    const errors = errorsOf(
      `${HEADER}\n` +
        'BTC,1,USD,2026-01-31T12:00:00Z,x\n' + // line 2
        'ETH,1,USD,2026-01-31T12:00:00Z,"two\nlines"\n' + // lines 3-4
        'SOL,-1,USD,2026-01-31T12:00:00Z,x\n' + // line 5
        'btc,2,usd,2026-01-31T12:00:00Z,x\n', // line 6: BTC/USD again
    );
    expect(errors).toEqual([
      { line: 3, message: expect.stringMatching(/source "two\nlines" must be one line/) },
      { line: 5, message: expect.stringMatching(/price "-1" must be a plain positive number/) },
      { line: 6, message: expect.stringMatching(/priced already on line 2/) },
    ]);
  });

  it('keeps a formula-looking source as text, never evaluated', () => {
    const read = readPriceCsv(`${HEADER}\nBTC,1,USD,2026-01-31T12:00:00Z,=HYPERLINK("x")\n`);
    expect(read.ok && read.rows[0]?.source).toBe('=HYPERLINK("x")');
  });

  it('lists at most MAX_LISTED_ERRORS errors and counts the rest', () => {
    const bad = Array.from({ length: MAX_LISTED_ERRORS + 7 }, () => 'BTC,0,USD,2026-01-31T12:00:00Z,x');
    const read = readPriceCsv([HEADER, ...bad].join('\n'));
    expect(read).toMatchObject({ ok: false, more: 7 });
    expect(!read.ok && read.errors.length).toBe(MAX_LISTED_ERRORS);
  });

  it('refuses more than MAX_PRICE_ROWS rows', () => {
    const rows = Array.from({ length: MAX_PRICE_ROWS + 1 }, (_, i) => `C${i},1,USD,2026-01-31T12:00:00Z,x`);
    expect(errorsOf([HEADER, ...rows].join('\n'))[0]?.message).toMatch(/at most 5000 rows/);
  });

  it('writes the sheet back as a CSV it reads again', () => {
    const rows = [row('BTC', '65000'), { ...row('ETH', '3200'), source: 'a "quoted", source' }];
    expect(readPriceCsv(priceCsvText(rows))).toEqual({ ok: true, rows });
  });
});

describe('the sheet rules', () => {
  it('refuse a currency priced twice in the same quote, case-insensitively, but not in another quote', () => {
    expect(priceRowsSchema.safeParse([row('BTC', '1'), row('BTC', '1', undefined, 'EUR')]).success).toBe(
      true,
    );
    const twice = priceRowsSchema.safeParse([row('BTC', '1'), row('btc', '2')]);
    expect(twice.error?.issues[0]?.message).toMatch(/priced twice \(rows 1 and 2\)/);
  });

  it('read ISO UTC times field by field', () => {
    expect(isoUtcMs('2026-01-31T12:00:00.5Z')).toBe(Date.parse('2026-01-31T12:00:00.500Z'));
    expect(isoUtcMs('2026-01-31T12:00Z')).toBe(Date.parse('2026-01-31T12:00:00Z'));
    for (const bad of [
      '2026-01-31T24:00:00Z',
      '2026-01-31T12:00:00+01:00',
      '2026-13-01T00:00:00Z',
      '1700000000',
    ])
      expect(isoUtcMs(bad)).toBeNull();
  });
});

describe('reference values', () => {
  const sheet = sheetOf([row('BTC', '65000.25'), row('ETH', '3200', '2026-01-29T11:00:00Z')]);

  it('multiply exactly with decimal.js, never a JS number', () => {
    const v = referenceValue('123456789012345678.123456789', 'BTC', sheet, 'USD', NOW);
    expect(v).toEqual({
      value: '8024722149999722164444.22214919725',
      quote: 'USD',
      price: '65000.25',
      asOf: '2026-01-31T11:00:00Z',
      source: 'desk',
      stale: false,
    });
    expect(referenceValue('0.1', 'btc', sheet, 'usd', NOW)?.value).toBe('6500.025');
  });

  it('have no value without a price, for an amount that is not a decimal string, or without a sheet', () => {
    expect(referenceValue('1', 'SOL', sheet, 'USD', NOW)).toBeNull();
    expect(referenceValue('1', 'BTC', sheet, 'EUR', NOW)).toBeNull();
    expect(referenceValue(1, 'BTC', sheet, 'USD', NOW)).toBeNull();
    expect(referenceValue('1e3', 'BTC', sheet, 'USD', NOW)).toBeNull();
    expect(referenceValue('1', 'BTC', null, 'USD', NOW)).toBeNull();
    expect(priceOf(sheet, 'SOL')).toBeNull();
  });

  it('flag a price older than the setting as stale', () => {
    expect(referenceValue('1', 'ETH', sheet, 'USD', NOW)?.stale).toBe(true);
    expect(isStale('2026-01-31T11:00:00Z', 60, NOW)).toBe(false); // exactly 60 minutes old
    expect(isStale('2026-01-31T10:59:59Z', 60, NOW)).toBe(true);
    expect(isStale('2026-02-01T00:00:00Z', 60, NOW)).toBe(false); // ahead of the clock
  });

  it('total the priced rows and count the unpriced and stale ones, never adding a missing price as 0', () => {
    const total = referenceTotal(
      [
        { amount: '2', currency: 'BTC' },
        { amount: '0.5', currency: 'ETH' },
        { amount: '10', currency: 'SOL' },
        { amount: null, currency: 'BTC' },
      ],
      sheet,
      'USD',
      NOW,
    );
    expect(total).toEqual({
      total: '131600.5',
      priced: 2,
      unpriced: 2,
      stale: 1,
      oldestAsOf: '2026-01-29T11:00:00Z',
    });
    expect(referenceTotal([], sheet, 'USD', NOW)).toEqual({
      total: '0',
      priced: 0,
      unpriced: 0,
      stale: 0,
      oldestAsOf: null,
    });
  });
});
