/**
 * Why a value is marked:
 *  - number:    a JSON number where a string was promised (kept with its digits, or as JS read it);
 *  - text:      an amount string that is not a plain decimal ("0x10", "1e3", "+5", " 5");
 *  - other:     a value that is not text at all (an object, a boolean);
 *  - truncated: a plain decimal too long to show whole;
 *  - time:      a timestamp that is neither epoch digits nor ISO-8601;
 *  - seconds:   a timestamp with fewer than 12 digits, read as unix seconds (a guess by magnitude);
 *  - utc:       an ISO time without a zone, read as UTC (a guess).
 */
export type RawMarkKind = 'number' | 'text' | 'other' | 'truncated' | 'time' | 'seconds' | 'utc';

const MARKS: Record<RawMarkKind, { label: string; title: string; tone: string }> = {
  number: {
    label: 'number',
    tone: 'warn',
    title:
      'The platform sent a JSON number, not the string the specification promises. It is shown with the digits the platform wrote and is not used in totals or other arithmetic.',
  },
  text: {
    label: 'not a decimal',
    tone: 'warn',
    title:
      'The platform sent text that is not a plain decimal (hex, binary, an exponent, a sign or spaces). It is shown as sent and left out of totals and other arithmetic.',
  },
  other: {
    label: 'raw',
    tone: 'warn',
    title: 'The platform sent a value that is not text here. It is shown as received and not used.',
  },
  truncated: {
    label: 'cut',
    tone: 'warn',
    title: 'Too many digits to show: only the first ones are shown. The full value is in the tooltip.',
  },
  time: {
    label: 'not a time',
    tone: 'warn',
    title: 'Neither epoch digits nor an ISO-8601 time: shown as sent, not sorted or computed as a time.',
  },
  seconds: {
    label: 's',
    tone: 'neutral',
    title: 'Fewer than 12 digits: read as unix seconds, not milliseconds (a guess from its size).',
  },
  utc: {
    label: 'UTC?',
    tone: 'neutral',
    title: 'An ISO time without a zone: read as UTC (a guess).',
  },
};

/**
 * The mark beside a value the platform did not send as the specification promised, or that the
 * console read with a guess. The value itself is shown next to it; the tooltip says why.
 */
export function RawValueMark({ kind }: { kind: RawMarkKind }) {
  const m = MARKS[kind];
  return (
    <span
      className={`badge tone-${m.tone} raw-value-mark`}
      title={m.title}
      // A guess is no fault of the platform's (validUntil is in seconds by design): its own test id.
      data-testid={kind === 'seconds' || kind === 'utc' ? 'time-guess-mark' : 'raw-value-mark'}
      data-kind={kind}
    >
      {m.label}
    </span>
  );
}

export { markOf } from '../lib/display-text';
