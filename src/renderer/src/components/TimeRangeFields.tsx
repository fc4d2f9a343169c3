/** The From / To pair of a time-range filter: a local date-time input for each end. */
import { epochMsToLocalInput } from '../lib/time';
import { withEnd, type TimeRange } from './time-range';
import { TextField } from './view-kit/fields';

export type { TimeRange } from './time-range';

const ENDS = [
  { end: 'from', label: 'From', testId: 'filter-from' },
  { end: 'to', label: 'To', testId: 'filter-to' },
] as const;

export function TimeRangeFields({
  value,
  onChange,
}: {
  value: TimeRange;
  onChange: (next: TimeRange) => void;
}) {
  return (
    <>
      {ENDS.map(({ end, label, testId }) => (
        <TextField
          key={end}
          label={label}
          type="datetime-local"
          testId={testId}
          value={epochMsToLocalInput(value[end])}
          onChange={(local) => onChange(withEnd(value, end, local))}
        />
      ))}
    </>
  );
}
