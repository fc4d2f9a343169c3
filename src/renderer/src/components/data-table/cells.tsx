import type { ReactNode } from 'react';
import { Amount } from '../Amount';
import { Badge } from '../Badge';
import { IdText } from '../CopyButton';
import { Timestamp } from '../Timestamp';
import type { ColumnKind, ColumnSpec } from './types';
import { displayText, markOf } from '../../lib/display-text';
import { isDecimal, rawText } from '../../lib/decimal';
import { formatBpsPercent, formatPercent } from '../../lib/format';
import { RawValueMark } from '../RawValueMark';

/**
 * A value of a kind other than text, shown the same in a table's cell and in a detail's fields.
 * `inRow`: inside a table row, where an id's copy button leaves the tab order.
 */
export function kindValue(kind: Exclude<ColumnKind, 'text'>, value: unknown, inRow = false): ReactNode {
  switch (kind) {
    case 'amount':
      // In a row, the points line up down the column (tabular figures, fixed fraction width).
      return <Amount value={value} align={inRow} />;
    case 'number':
      return <Amount value={value} />;
    case 'time':
      return <Timestamp value={value} />;
    case 'badge':
      return <Badge value={value} />;
    case 'id':
      return <IdText value={value} inRow={inRow} />;
  }
}

/** Default rendering per column kind. Strings go in as React text nodes, never as HTML. */
export function renderCell<T>(col: ColumnSpec<T>, row: T): ReactNode {
  if (col.render) return col.render(row);
  const v = col.value(row);
  const kind = col.kind ?? 'text';
  if (kind !== 'text') return kindValue(kind, v, true);
  // The platform may send a number or an object where text was promised: shown as received, marked.
  const d = displayText(v);
  return d.text === null ? (
    <span className="muted">—</span>
  ) : (
    <span className="ellipsis" title={d.text}>
      {d.mark ? <RawValueMark kind={d.mark} /> : null}
      {d.text}
    </span>
  );
}

/**
 * A ratio (LTV "0.5128" → "51.28 %") or basis points ("450" → "4.50 %"), the one percent format
 * (lib/format.ts); the value as sent on hover. A value that is not a decimal string is marked and
 * never hidden: a JSON number with its digits kept is shown in % from those digits; anything else
 * (hex, an exponent, an object) as sent.
 */
export function PercentValue({
  value,
  bps = false,
  dp = 2,
  testId,
}: {
  value: unknown;
  bps?: boolean;
  dp?: number;
  testId?: string;
}) {
  if (value === null || value === undefined || value === '')
    return (
      <span className="muted" title="unknown: the platform sent no value" data-testid={testId}>
        —
      </span>
    );
  const raw = rawText(value);
  const mark = typeof value === 'string' ? (isDecimal(value) ? null : 'text') : markOf(value);
  // A JSON number whose digits were kept is still shown in %, exactly from those digits (no JS
  // number is involved), marked, the digits as sent on hover: an LTV is never shown as a ratio.
  const shown = mark === 'number' && isDecimal(raw) ? raw : value;
  return (
    <span
      className={raw.startsWith('-') ? 'amount negative' : 'amount'}
      title={bps ? `${raw} bps` : raw}
      data-testid={testId}
    >
      {mark ? <RawValueMark kind={mark} /> : null}
      {bps ? formatBpsPercent(shown, dp) : formatPercent(shown, dp)}
    </span>
  );
}
