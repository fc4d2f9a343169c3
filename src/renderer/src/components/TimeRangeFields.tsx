/**
 * The From / To pair of a time-range filter: ISO text ("2026-11-26" or "2026-11-26 12:10") in the
 * operator's time zone, never the browser's mm/dd/yyyy picker. Text that is not yet a day or time
 * stays in the box with a message; the filter changes only once it reads.
 */
import { useState } from 'react';
import { useTimeZone } from '../state/time-zone';
import { rangeInputText, readRangeInput, withEnd, type TimeRange } from './time-range';
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
  const zone = useTimeZone();
  const [drafts, setDrafts] = useState<Partial<Record<keyof TimeRange, string>>>({});
  const zoneName = zone === 'utc' ? 'UTC' : 'local time';
  return (
    <>
      {ENDS.map(({ end, label, testId }) => {
        const draft = drafts[end];
        const read = draft === undefined ? null : readRangeInput(draft, end, zone);
        return (
          <TextField
            key={end}
            label={`${label} (${zoneName})`}
            testId={testId}
            placeholder="yyyy-mm-dd hh:mm"
            width={150}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={draft ?? rangeInputText(value[end], zone)}
            problem={read !== null && !read.ok ? read.problem : null}
            problemTestId={`${testId}-problem`}
            onChange={(text) => {
              const r = readRangeInput(text, end, zone);
              setDrafts((d) => ({ ...d, [end]: text }));
              if (r.ok) onChange(withEnd(value, end, r.ms));
            }}
            onBlur={() => {
              // Once read, the box shows the value in the one format; unreadable text stays.
              if (read === null || read.ok) setDrafts((d) => ({ ...d, [end]: undefined }));
            }}
          />
        );
      })}
    </>
  );
}
