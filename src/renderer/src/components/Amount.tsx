import './format.css';
import type { CSSProperties } from 'react';
import { isMissing } from '../lib/decimal';
import { amountParts, unitOf } from '../lib/format';
import { RawValueMark } from './RawValueMark';

interface AmountProps {
  /** A decimal string as the specification promises; anything else is shown as received, marked. */
  value: unknown;
  /** The unit: shown after the amount, and decides the decimals a fiat amount is padded to. */
  currency?: unknown;
  /**
   * In a table column: the fraction takes a fixed width (tabular figures), so that the points of
   * the rows line up ("1,285.455826" above "668.36687").
   */
  align?: boolean;
  /** Pad to the currency's decimals without showing the unit (a table with its own Ccy column). */
  hideUnit?: boolean;
  /** With `align`: the fraction digits the column lines up (8 by default; 2 for USD values). */
  fracDigits?: number;
}

/**
 * Exact amount, grouped, monospaced (lib/format.ts); the raw value on hover. Missing is "unknown",
 * never 0. A JSON number (with the digits the platform wrote), text that is not a plain decimal,
 * and a value too long to show whole are shown as sent (capped) and marked.
 */
export function Amount({ value, currency, align = false, hideUnit = false, fracDigits = 8 }: AmountProps) {
  if (isMissing(value))
    return (
      <span className="muted" title="unknown: the platform sent no value" data-testid="amount-unknown">
        —
      </span>
    );
  const shown = amountParts(value, currency);
  const ccy = unitOf(currency);
  const cls = `amount${shown.negative ? ' negative' : ''}${align ? ' amount-aligned' : ''}`;
  return (
    <span
      className={cls}
      title={ccy ? `${shown.title} ${ccy}` : shown.title}
      data-raw-kind={shown.mark ?? 'string'}
      style={align ? ({ '--amt-frac-width': `${fracDigits + 1}ch` } as CSSProperties) : undefined}
    >
      {shown.mark ? <RawValueMark kind={shown.mark} /> : null}
      <span className="amt-int">{shown.int}</span>
      {align || shown.frac !== '' ? <span className="amt-frac">{shown.frac}</span> : null}
      {ccy && !hideUnit ? <span className="ccy"> {ccy}</span> : null}
    </span>
  );
}
