import { capText } from '../lib/decimal';
import { formatLocal, readTimestamp, timestampTitle } from '../lib/time';
import { markOf, RawValueMark } from './RawValueMark';

/**
 * Local time, fixed width; the raw value (and UTC) on hover. One reading for every screen
 * (@shared/timestamps): digits read as seconds, or a time without a zone read as UTC, carry a
 * small mark saying so; anything that is no time is shown as sent, marked. A JSON number is shown
 * as received and marked; its reading as a time goes in the tooltip only.
 */
export function Timestamp({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  const t = readTimestamp(value);
  const title = capText(timestampTitle(value));
  const mark = markOf(value);
  if (mark) {
    return (
      <time className="ts" title={title} data-raw-kind={mark}>
        <RawValueMark kind={mark} />
        {capText(t.raw, 60)}
      </time>
    );
  }
  if (t.ms === null)
    return (
      <time className="ts" title={title} data-raw-kind="time">
        <RawValueMark kind="time" />
        {capText(t.raw, 60)}
      </time>
    );
  return (
    <time className="ts" title={title} data-guessed={t.guessed ?? undefined}>
      {formatLocal(t.ms)}
      {t.guessed ? <RawValueMark kind={t.guessed} /> : null}
    </time>
  );
}
