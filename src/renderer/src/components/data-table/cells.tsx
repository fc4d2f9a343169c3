import type { ReactNode } from 'react';
import { Amount } from '../Amount';
import { Badge } from '../Badge';
import { IdText } from '../CopyButton';
import { Timestamp } from '../Timestamp';
import type { ColumnKind, ColumnSpec } from './types';
import { displayText } from '../../lib/display-text';
import { RawValueMark } from '../RawValueMark';

/**
 * A value of a kind other than text, shown the same in a table's cell and in a detail's fields.
 * `inRow`: inside a table row, where an id's copy button leaves the tab order.
 */
export function kindValue(kind: Exclude<ColumnKind, 'text'>, value: unknown, inRow = false): ReactNode {
  switch (kind) {
    case 'amount':
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
