import { formatAmount } from '../lib/decimal';

interface AmountProps {
  value: string | null | undefined;
  currency?: string;
}

/** Exact amount, grouped, monospaced; the raw string on hover. */
export function Amount({ value, currency }: AmountProps) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  const negative = value.trim().startsWith('-');
  return (
    <span
      className={negative ? 'amount negative' : 'amount'}
      title={currency ? `${value} ${currency}` : value}
    >
      {formatAmount(value)}
      {currency ? <span className="ccy"> {currency}</span> : null}
    </span>
  );
}
