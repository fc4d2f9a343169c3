/**
 * A time-range filter's edits (src/renderer/src/components/time-range.ts, behind TimeRangeFields):
 * ISO text in the operator's zone, one end changes as epoch milliseconds, the other stays; empty
 * text clears that end; text that is no day or time is refused with a message, never guessed at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeInputText, readRangeInput, withEnd } from '../../../src/renderer/src/components/time-range';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('readRangeInput', () => {
  it.each([
    ['2026-11-26 12:10', 'from', 'utc', Date.UTC(2026, 10, 26, 12, 10)],
    ['2026-11-26T12:10:27', 'from', 'utc', Date.UTC(2026, 10, 26, 12, 10, 27)],
    ['2026-11-26', 'from', 'utc', Date.UTC(2026, 10, 26)],
    ['2026-11-26', 'to', 'utc', Date.UTC(2026, 10, 26, 23, 59, 59, 999)],
    ['2026-11-26 12:10', 'from', 'local', Date.UTC(2026, 10, 26, 11, 10)],
    [' 2026-07-01 ', 'from', 'local', Date.UTC(2026, 5, 30, 22, 0)],
  ] as const)('%s (%s, %s) reads as that instant', (text, end, zone, ms) => {
    expect(readRangeInput(text, end, zone)).toEqual({ ok: true, ms: String(ms) });
  });

  it('clears an end on empty text', () => {
    expect(readRangeInput('  ', 'to', 'utc')).toEqual({ ok: true, ms: undefined });
  });

  it.each(['11/26/2026', '2026-02-30', '2026-11-26 24:00', '2026-11-26 12:60', '26-11-2026', 'soon'])(
    'refuses %s with a message',
    (text) => {
      const r = readRangeInput(text, 'from', 'utc');
      expect(r.ok).toBe(false);
      expect(!r.ok && r.problem).toMatch(/yyyy-mm-dd|no such day/);
    },
  );
});

describe('rangeInputText', () => {
  const ms = String(Date.UTC(2026, 10, 26, 23, 30));
  it('shows the end in the chosen zone, ISO ordered', () => {
    expect(rangeInputText(ms, 'utc')).toBe('2026-11-26 23:30');
    expect(rangeInputText(ms, 'local')).toBe('2026-11-27 00:30');
    expect(rangeInputText(undefined, 'utc')).toBe('');
    expect(rangeInputText('garbage', 'utc')).toBe('');
  });

  it('round-trips through readRangeInput in either zone', () => {
    for (const zone of ['utc', 'local'] as const)
      expect(readRangeInput(rangeInputText(ms, zone), 'from', zone)).toEqual({ ok: true, ms });
  });
});

describe('withEnd', () => {
  it('sets the edited end and keeps the other; undefined clears it', () => {
    expect(withEnd({ from: '1', to: '2' }, 'from', '3')).toEqual({ from: '3', to: '2' });
    expect(withEnd({ from: '1', to: '2' }, 'to', undefined)).toEqual({ from: '1', to: undefined });
  });
});
