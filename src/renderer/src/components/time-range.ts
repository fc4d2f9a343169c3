/**
 * A time-range filter's value: epoch-millisecond strings, which is what the platform's
 * `createdFrom`/`fromTimestamp` parameters take, edited through local date-time inputs.
 */
import { localInputToEpochMs } from '../lib/time';

export interface TimeRange {
  from?: string;
  to?: string;
}

/** The range with one end set from a local date-time input's text; empty text clears that end. */
export function withEnd(range: TimeRange, end: keyof TimeRange, localInput: string): TimeRange {
  return { ...range, [end]: localInputToEpochMs(localInput) };
}
