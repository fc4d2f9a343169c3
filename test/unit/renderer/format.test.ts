import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountParts,
  formatAmount,
  formatBpsPercent,
  formatDate,
  formatDuration,
  formatId,
  formatPercent,
  formatReference,
  formatTime,
  formatTimeValue,
  utcOffsetLabel,
} from '../../../src/renderer/src/lib/format';
import { jsonNumberText } from '../../../src/shared/json-number';

describe('amounts', () => {
  it.each([
    ['13726000', 'USDC', '13,726,000 USDC'],
    ['1285.455826', 'ETH', '1,285.455826 ETH'],
    ['-1234567.5', undefined, '-1,234,567.5'],
    ['1218.5', 'USD', '1,218.50 USD'],
    ['1218', 'usd', '1,218.00 usd'],
    ['0.123456789012345678', 'BTC', '0.123456789012345678 BTC'],
    // Padding only: a fiat amount with more digits keeps every one of them.
    ['1.23456', 'EUR', '1.23456 EUR'],
    [
      '123456789012345678901234567890.123456789012345678',
      'X',
      '123,456,789,012,345,678,901,234,567,890.123456789012345678 X',
    ],
  ])('%s %s → %s (exact, grouped, with the unit)', (raw, ccy, out) => {
    expect(formatAmount(raw, ccy)).toBe(out);
  });

  it('shows a missing amount as "—", never 0', () => {
    for (const raw of [null, undefined, '']) expect(formatAmount(raw, 'BTC')).toBe('—');
  });

  it('shows a JSON number and text that is no decimal as sent, ungrouped and marked', () => {
    expect(amountParts(13726000, 'USD')).toMatchObject({ text: '13726000', mark: 'number', frac: '' });
    expect(amountParts(jsonNumberText('12345678901234567890.5'))).toMatchObject({
      text: '12345678901234567890.5',
      mark: 'number',
    });
    expect(amountParts('0x10', 'USD')).toMatchObject({ text: '0x10', mark: 'text' });
    expect(formatAmount('1e3', 'USD')).toBe('1e3 USD');
  });

  it('splits at the point so that tables align decimals', () => {
    expect(amountParts('-1285.455826')).toEqual({
      text: '-1,285.455826',
      int: '-1,285',
      frac: '.455826',
      mark: null,
      title: '-1285.455826',
      negative: true,
    });
    expect(amountParts('668', 'USD')).toMatchObject({ int: '668', frac: '.00', negative: false });
    expect(amountParts('7')).toMatchObject({ int: '7', frac: '' });
  });
});

describe('reference values, percentages and ids', () => {
  it.each([
    ['1218.5', '1,218.50'],
    ['1218.555', '1,218.56'],
    ['1218.565', '1,218.56'], // half-even
    ['3534700', '3,534,700.00'],
    ['-0.004', '-0.00'],
  ])('reference %s → %s', (raw, out) => {
    expect(formatReference(raw)).toBe(out);
  });

  it('gives a reference value its unit, and keeps what is not a decimal as sent', () => {
    expect(formatReference('3534700', 'USD')).toBe('3,534,700.00 USD');
    expect(formatReference(1218.5, 'USD')).toBe('1218.5 USD');
    expect(formatReference(null)).toBe('—');
  });

  it.each([
    ['0.5128', '51.28 %'],
    ['0.65', '65.00 %'],
    ['1', '100.00 %'],
    ['0.123456', '12.35 %'],
  ])('LTV ratio %s → %s', (raw, out) => {
    expect(formatPercent(raw)).toBe(out);
  });

  it('formats percentages to the places asked, basis points too, and leaves non-decimals as sent', () => {
    expect(formatPercent('0.5128', 1)).toBe('51.3 %');
    expect(formatBpsPercent('450')).toBe('4.50 %');
    expect(formatBpsPercent('1')).toBe('0.01 %');
    expect(formatPercent(0.65)).toBe('0.65');
    expect(formatBpsPercent(450)).toBe('450');
    expect(formatPercent(undefined)).toBe('—');
  });

  it('never groups or cuts an id or a nonce', () => {
    expect(formatId('1795694871234567890')).toBe('1795694871234567890');
    expect(formatId(jsonNumberText('1795694871234567890123'))).toBe('1795694871234567890123');
    expect(formatId(42)).toBe('42');
    expect(formatId('')).toBe('—');
  });
});

describe('times', () => {
  const ms = Date.UTC(2026, 10, 26, 12, 10, 27, 762);
  const savedTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Paris';
  });
  afterAll(() => {
    process.env.TZ = savedTz;
  });

  it('shows one format with the zone written out', () => {
    expect(formatTime(ms, 'utc')).toBe('2026-11-26 12:10:27 UTC');
    expect(formatTime(ms, 'utc', true)).toBe('2026-11-26 12:10:27.762 UTC');
    expect(formatTime(ms, 'local')).toBe('2026-11-26 13:10:27 UTC+01:00');
    expect(formatTime(Date.UTC(2026, 6, 1, 23, 30), 'local')).toBe('2026-07-02 01:30:00 UTC+02:00');
    expect(formatDate(Date.UTC(2026, 6, 1, 23, 30), 'utc')).toBe('2026-07-01');
    expect(formatDate(Date.UTC(2026, 6, 1, 23, 30), 'local')).toBe('2026-07-02');
  });

  it('writes negative and half-hour offsets', () => {
    process.env.TZ = 'America/St_Johns';
    expect(utcOffsetLabel(ms)).toBe('UTC-03:30');
    process.env.TZ = 'Europe/Paris';
  });

  it('reads what the platform sends and shows the rest as sent', () => {
    expect(formatTimeValue('1764159027762', 'utc')).toBe('2025-11-26 12:10:27 UTC');
    expect(formatTimeValue('2026-11-26T12:08:18.762Z', 'utc', true)).toBe('2026-11-26 12:08:18.762 UTC');
    expect(formatTimeValue('soon', 'utc')).toBe('soon');
    expect(formatTimeValue(null, 'local')).toBe('—');
  });

  it('re-exports the one duration format', () => {
    expect(formatDuration('86400000')).toBe('1 d');
  });
});
