import { rawText } from '../lib/decimal';
import { formatTimestamp, timestampTitle } from '../lib/time';
import { markOf, RawValueMark } from './RawValueMark';

/**
 * Local time, fixed width; the raw value (and UTC) on hover. A timestamp that is not a string (a
 * JSON number) is shown as received and marked; its reading as a time goes in the tooltip only.
 */
export function Timestamp({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  const mark = markOf(value);
  if (mark) {
    const raw = rawText(value);
    const asTime = mark === 'number' && Number.isSafeInteger(value) ? timestampTitle(raw) : raw;
    return (
      <time className="ts" title={asTime} data-raw-kind={mark}>
        <RawValueMark kind={mark} />
        {raw}
      </time>
    );
  }
  const text = value as string;
  return (
    <time className="ts" title={timestampTitle(text)}>
      {formatTimestamp(text)}
    </time>
  );
}
