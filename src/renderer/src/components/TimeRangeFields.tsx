/**
 * The From / To pair of a time-range filter: local date-time inputs over epoch-millisecond
 * strings, which is what the platform's `createdFrom`/`fromTimestamp` parameters take.
 */
import { epochMsToLocalInput, localInputToEpochMs } from '../lib/time';

export interface TimeRange {
  from?: string;
  to?: string;
}

export function TimeRangeFields({
  value,
  onChange,
}: {
  value: TimeRange;
  onChange: (next: TimeRange) => void;
}) {
  return (
    <>
      <label className="field">
        From
        <input
          type="datetime-local"
          data-testid="filter-from"
          value={epochMsToLocalInput(value.from)}
          onChange={(e) => onChange({ ...value, from: localInputToEpochMs(e.target.value) })}
        />
      </label>
      <label className="field">
        To
        <input
          type="datetime-local"
          data-testid="filter-to"
          value={epochMsToLocalInput(value.to)}
          onChange={(e) => onChange({ ...value, to: localInputToEpochMs(e.target.value) })}
        />
      </label>
    </>
  );
}
