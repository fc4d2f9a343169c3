import { formatAmount, isMissing, rawText } from '../lib/decimal';
import { markOf, RawValueMark } from './RawValueMark';

interface AmountProps {
  /** A decimal string as the specification promises; anything else is shown as received, marked. */
  value: unknown;
  currency?: string;
}

/** Exact amount, grouped, monospaced; the raw value on hover. Missing is "unknown", never 0. */
export function Amount({ value, currency }: AmountProps) {
  if (isMissing(value))
    return (
      <span className="muted" title="unknown: the platform sent no value" data-testid="amount-unknown">
        —
      </span>
    );
  const raw = rawText(value);
  const mark = markOf(value);
  const negative = raw.trim().startsWith('-');
  return (
    <span
      className={negative ? 'amount negative' : 'amount'}
      title={currency ? `${raw} ${currency}` : raw}
      data-raw-kind={mark ?? 'string'}
    >
      {mark ? <RawValueMark kind={mark} /> : null}
      {mark ? raw : formatAmount(value)}
      {currency ? <span className="ccy"> {currency}</span> : null}
    </span>
  );
}
