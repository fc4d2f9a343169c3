import type { ReactNode } from 'react';
import { Amount } from '../Amount';
import { Badge } from '../Badge';
import { IdText } from '../CopyButton';
import { Timestamp } from '../Timestamp';
import type { ColumnSpec } from './types';
import { displayText } from '../../lib/display-text';
import { RawValueMark } from '../RawValueMark';

/** Default rendering per column kind. Strings go in as React text nodes, never as HTML. */
export function renderCell<T>(col: ColumnSpec<T>, row: T): ReactNode {
  if (col.render) return col.render(row);
  const v = col.value(row);
  switch (col.kind ?? 'text') {
    case 'amount':
    case 'number':
      return <Amount value={v} />;
    case 'time':
      return <Timestamp value={v} />;
    case 'badge':
      return <Badge value={v} />;
    case 'id':
      return <IdText value={v} inRow />;
    default: {
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
  }
}
