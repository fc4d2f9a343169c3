import { toneOf, type Tone } from './tones';

interface BadgeProps {
  value: string | null | undefined;
  tone?: Tone;
  label?: string;
  title?: string;
}

/** A status word as a coloured pill. Text only: platform values are never interpreted as HTML. */
export function Badge({ value, tone, label, title }: BadgeProps) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  return (
    <span className={`badge tone-${tone ?? toneOf(value)}`} title={title ?? value}>
      {label ?? value}
    </span>
  );
}
