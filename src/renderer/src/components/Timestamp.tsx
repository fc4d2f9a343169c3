import { formatTimestamp, timestampTitle } from '../lib/time';

/** Local time, fixed width; the raw value (and UTC) on hover. */
export function Timestamp({ value }: { value: string | null | undefined }) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  return (
    <time className="ts" title={timestampTitle(value)}>
      {formatTimestamp(value)}
    </time>
  );
}
