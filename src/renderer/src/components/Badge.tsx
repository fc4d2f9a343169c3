import { displayText } from '../lib/display-text';
import { RawValueMark } from './RawValueMark';
import { toneOf, type Tone } from './tones';

interface BadgeProps {
  /** A status word; anything else the platform sent is shown as received, marked. */
  value: unknown;
  tone?: Tone;
  label?: string;
  title?: string;
}

/** A status word as a coloured pill. Text only: platform values are never interpreted as HTML. */
export function Badge({ value, tone, label, title }: BadgeProps) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  if (typeof value !== 'string') {
    const d = displayText(value);
    return (
      <span className="badge tone-neutral" title={title ?? d.text ?? ''}>
        {d.mark ? <RawValueMark kind={d.mark} /> : null}
        {label ?? d.text}
      </span>
    );
  }
  return (
    <span className={`badge tone-${tone ?? toneOf(value)}`} title={title ?? value}>
      {label ?? value}
    </span>
  );
}
