import './format.css';
import { capText } from '../lib/decimal';
import { readTimestamp, timestampTitle } from '../lib/time';
import { formatTime } from '../lib/format';
import { useTimeZone } from '../state/time-zone';
import { markOf, RawValueMark } from './RawValueMark';

/**
 * The one time format with its zone (UTC or local with its offset, the operator's preference),
 * fixed width; the raw value (and UTC) on hover. One reading for every screen
 * (@shared/timestamps): digits read as seconds, or a time without a zone read as UTC, carry a
 * small mark saying so; anything that is no time is shown as sent, marked. A JSON number is shown
 * as received and marked; its reading as a time goes in the tooltip only.
 */
export function Timestamp({ value, withMs = false }: { value: unknown; withMs?: boolean }) {
  const zone = useTimeZone();
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
      <TimeText text={formatTime(t.ms, zone, withMs)} />
      {t.guessed ? <RawValueMark kind={t.guessed} /> : null}
    </time>
  );
}

/** "2026-11-26 12:10:27" then its zone (" UTC", " UTC+01:00") a little smaller, so that columns stay narrow. */
function TimeText({ text }: { text: string }) {
  const cut = text.lastIndexOf(' ');
  return (
    <>
      {text.slice(0, cut)}
      <span className="ts-zone">{text.slice(cut)}</span>
    </>
  );
}
