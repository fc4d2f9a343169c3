import { describe, expect, it } from 'vitest';
import { formatUtcTime, timeFields, timeText } from '../../../src/shared/time-text';

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
