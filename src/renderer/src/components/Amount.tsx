import { amountDisplay, isMissing } from '../lib/decimal';
import { RawValueMark } from './RawValueMark';

interface AmountProps {
  /** A decimal string as the specification promises; anything else is shown as received, marked. */
  value: unknown;
  currency?: unknown;
}

/**
 * Exact amount, grouped, monospaced; the raw value on hover. Missing is "unknown", never 0. A JSON
 * number (with the digits the platform wrote), text that is not a plain decimal, and a value too
 * long to show whole are shown as sent (capped) and marked.
 */
export function Amount({ value, currency }: AmountProps) {
  if (isMissing(value))
    return (
      <span className="muted" title="unknown: the platform sent no value" data-testid="amount-unknown">
        —
      </span>
    );
  const shown = amountDisplay(value);
  const ccy = typeof currency === 'string' && currency !== '' ? currency : null;
  return (
    <span
      className={shown.text.startsWith('-') ? 'amount negative' : 'amount'}
      title={ccy ? `${shown.title} ${ccy}` : shown.title}
      data-raw-kind={shown.mark ?? 'string'}
    >
      {shown.mark ? <RawValueMark kind={shown.mark} /> : null}
      {shown.text}
      {ccy ? <span className="ccy"> {ccy}</span> : null}
    </span>
  );
}
