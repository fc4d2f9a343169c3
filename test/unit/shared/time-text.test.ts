import { describe, expect, it } from 'vitest';
import { formatUtcTime, isoUtc, timeFields, timeText } from '../../../src/shared/time-text';

describe('the one time format, written once for the main side and the renderer', () => {
  const ms = Date.UTC(2026, 10, 26, 12, 10, 27, 762);

  it('reads "2026-11-26 12:10:27 UTC", with milliseconds when asked', () => {
    expect(formatUtcTime(ms)).toBe('2026-11-26 12:10:27 UTC');
    expect(formatUtcTime(ms, true)).toBe('2026-11-26 12:10:27.762 UTC');
    expect(formatUtcTime(String(ms))).toBe('2026-11-26 12:10:27 UTC');
    expect(timeText(timeFields(ms, 'utc'), 'UTC+01:00')).toBe('2026-11-26 12:10:27 UTC+01:00');
  });

  it('pads every field to a fixed width', () => {
    expect(formatUtcTime(Date.UTC(2026, 0, 2, 3, 4, 5, 6), true)).toBe('2026-01-02 03:04:05.006 UTC');
  });

  it('says a value that is no time is unknown, never throws (toISOString threw a RangeError)', () => {
    for (const bad of [NaN, Infinity, 8.64e15 + 1, 'soon', '', '1e3', '99999999999999999999'])
      expect(formatUtcTime(bad), String(bad)).toMatch(/^an unknown time \(/);
  });
});

describe('isoUtc: toISOString, made once per second', () => {
  const start = Date.UTC(2026, 10, 28, 3, 59, 59, 990);

  it('gives toISOString’s text for every ms across second, minute, day and year boundaries', () => {
    const points = [
      start,
      Date.UTC(2026, 11, 31, 23, 59, 59, 0),
      Date.UTC(1970, 0, 1),
      Date.UTC(2024, 1, 28, 23, 59, 59),
    ];
    for (const from of points)
      for (let ms = from - 1_100; ms <= from + 1_100; ms++)
        expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('goes back to an earlier second after a later one (the cache holds one second, never a stale one)', () => {
    for (const ms of [start, start + 5_000, start, start + 1, start - 86_400_000, start + 999])
      expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('hands what is outside 1970–9999 or not a whole ms to toISOString, throws and all', () => {
    for (const ms of [-1, -1_500.5, 1.5, 999.9, 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15])
      expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
    for (const bad of [Number.NaN, Infinity, 8.64e15 + 1]) expect(() => isoUtc(bad)).toThrow(RangeError);
  });
});
