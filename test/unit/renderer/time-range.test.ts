/**
 * A time-range filter's edits (src/renderer/src/components/time-range.ts, behind TimeRangeFields):
 * one end changes, as epoch milliseconds, the other stays; empty text clears that end.
 */
import { describe, expect, it } from 'vitest';
import { withEnd } from '../../../src/renderer/src/components/time-range';

const FROM = String(new Date(2026, 0, 2, 3, 4).getTime());
const TO = String(new Date(2026, 1, 3, 4, 5).getTime());

describe('withEnd', () => {
  it('sets the edited end from local date-time text and keeps the other', () => {
    expect(withEnd({ from: FROM, to: TO }, 'from', '2026-03-04T05:06')).toEqual({
      from: String(new Date(2026, 2, 4, 5, 6).getTime()),
      to: TO,
    });
    expect(withEnd({ from: FROM }, 'to', '2026-02-03T04:05')).toEqual({ from: FROM, to: TO });
  });

  it('clears an end whose input was emptied', () => {
    expect(withEnd({ from: FROM, to: TO }, 'to', '')).toEqual({ from: FROM, to: undefined });
  });
});
