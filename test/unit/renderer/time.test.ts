import { describe, expect, it } from 'vitest';
import {
  epochMsToLocalInput,
  describeAge,
  durationMs,
  formatCountdown,
  formatDuration,
  formatRemaining,
  splitDuration,
  type DurationUnit,
  formatTimestamp,
  localInputToEpochMs,
  parseTimestamp,
  timestampTitle,
} from '../../../src/renderer/src/lib/time';

describe('timestamps as the platform sends them', () => {
  it('reads epoch milliseconds, unix seconds and ISO text', () => {
    expect(parseTimestamp('1700000000000')).toBe(1_700_000_000_000);
    expect(parseTimestamp('1700000000')).toBe(1_700_000_000_000); // ≤ 11 digits: seconds
    expect(parseTimestamp('2025-03-04T17:05:09.000Z')).toBe(Date.UTC(2025, 2, 4, 17, 5, 9));
    // Spaces are not digits: shown as sent, never guessed at (issue 25).
    expect(parseTimestamp(' 1700000000000 ')).toBeNull();
  });

  it('treats empty, zero and garbage as no timestamp', () => {
    for (const raw of ['', '0', 'soon', '99999999999999999999', null, undefined, {}, [], true, 1.5, -3]) {
      expect(parseTimestamp(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('reads a JSON number where a string was promised, without crashing', () => {
    expect(parseTimestamp(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(formatTimestamp({ not: 'a time' })).toBe('{"not":"a time"}');
    expect(timestampTitle(1_700_000_000_000)).toBe('1700000000000 · 2023-11-14T22:13:20.000Z');
    expect(formatTimestamp(undefined)).toBe('');
  });

  it('shows what it cannot read as it came, and the UTC time in the title', () => {
    expect(formatTimestamp('soon')).toBe('soon');
    expect(timestampTitle('1700000000000')).toBe('1700000000000 · 2023-11-14T22:13:20.000Z');
  });
});

describe('the one duration format', () => {
  it.each<[number | string | null, string]>([
    [90_061_000, '1 d 1 h'],
    [86_400_000, '1 d'],
    [3_720_000, '1 h 2 min'],
    [10_800_000, '3 h'],
    [125_000, '2 min 5 s'],
    [4_999, '4 s'],
    [0, '0 s'],
    ['45466800000', '526 d 5 h'],
    [-18_000, '18 s'],
    [null, '—'],
    ['abc', '—'],
  ])('%s ms → %s (never signed)', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [90_061_000, '1 d 1 h'],
    [125_000, '2 min 5 s'],
    [-7_200_000, 'expired 2 h ago'],
    [-10_860_000, 'expired 3 h 1 min ago'],
  ])('a countdown of %i ms reads %s', (diff, text) => {
    expect(formatRemaining(1_000_000_000 + diff, 1_000_000_000)).toBe(text);
    expect(formatCountdown(String(diff))).toBe(text);
  });

  it('flags a negative age as clock skew instead of "-18 s"', () => {
    expect(describeAge('-18000')).toEqual({
      text: 'clock skew',
      skew: 'clock skew: the platform’s time is ahead of this machine by 18 s',
    });
    expect(describeAge('65000')).toEqual({ text: '1 min 5 s', skew: null });
    // Less than a second behind is rounding, not skew.
    expect(describeAge(-400)).toEqual({ text: '0 s', skew: null });
    expect(describeAge(null)).toEqual({ text: '—', skew: null });
  });
});

describe('duration settings with their unit', () => {
  it.each<[number, DurationUnit[], { amount: string; unit: DurationUnit }]>([
    [21_600_000, ['s', 'min', 'h'], { amount: '6', unit: 'h' }],
    [60_000, ['s', 'min'], { amount: '1', unit: 'min' }],
    [90_000, ['s', 'min', 'h'], { amount: '90', unit: 's' }],
    [5_400_000, ['s', 'min', 'h'], { amount: '90', unit: 'min' }],
  ])('%i ms reads in the largest whole unit', (ms, units, expected) => {
    expect(splitDuration(ms, units)).toEqual(expected);
  });

  it('turns a whole number and its unit into ms, refusing anything else', () => {
    expect(durationMs('6', 'h')).toBe(21_600_000);
    expect(durationMs(' 2 ', 'min')).toBe(120_000);
    expect(durationMs('1.5', 'h')).toBeNull();
    expect(durationMs('-1', 's')).toBeNull();
    expect(durationMs('', 's')).toBeNull();
  });
});

describe('the datetime-local field', () => {
  it('round-trips a local minute and refuses an empty or invalid value', () => {
    const ms = localInputToEpochMs('2025-03-04T17:05');
    expect(ms).toMatch(/^\d+$/);
    expect(epochMsToLocalInput(ms)).toBe('2025-03-04T17:05');
    expect(localInputToEpochMs('')).toBeUndefined();
    expect(localInputToEpochMs('not a date')).toBeUndefined();
    expect(epochMsToLocalInput(undefined)).toBe('');
  });
});
