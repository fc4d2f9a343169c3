import { describe, expect, it } from 'vitest';
import {
  epochMsToLocalInput,
  formatRemaining,
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

describe('remaining time', () => {
  it.each([
    [90_061_000, '1d 1h'],
    [3_720_000, '1h 2m'],
    [125_000, '2m 5s'],
    [4_000, '4s'],
    [-7_200_000, 'expired 2h 0m ago'],
  ])('%i ms → %s', (diff, text) => {
    expect(formatRemaining(1_000_000_000 + diff, 1_000_000_000)).toBe(text);
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
