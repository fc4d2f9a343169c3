/**
 * The mark beside a value the platform did not send as the specification promised: a JSON number
 * where a string was promised, or something that is not text at all. The value itself is shown as
 * received, next to this mark; the tooltip says why it is not used in any computation.
 */
export function RawValueMark({ kind }: { kind: 'number' | 'other' }) {
  const title =
    kind === 'number'
      ? 'The platform sent a JSON number, not the string the specification promises. It is shown as received and is not used in totals or other arithmetic (a JSON number may already have lost digits).'
      : 'The platform sent a value that is not text here. It is shown as received and not used.';
  return (
    <span
      className="badge tone-warn raw-value-mark"
      title={title}
      data-testid="raw-value-mark"
      data-kind={kind}
    >
      {kind === 'number' ? 'number' : 'raw'}
    </span>
  );
}

/** Which mark a value needs, if any: strings and missing values need none. */
export function markOf(value: unknown): 'number' | 'other' | null {
  if (value === null || value === undefined || typeof value === 'string') return null;
  return typeof value === 'number' ? 'number' : 'other';
}
