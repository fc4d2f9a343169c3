import { memo } from 'react';
import { renderCell } from './cells';
import type { ColumnSpec } from './types';

interface DataRowProps<T> {
  row: T;
  id: string;
  index: number;
  start: number;
  template: string;
  visible: readonly ColumnSpec<T>[];
  selected: boolean;
  active: boolean;
  onRowClick: (id: string, row: T, index: number) => void;
}

/**
 * One row. Memoised: while scrolling, rows that stay in the window keep their props and are not
 * rendered again; only the rows entering it are.
 */
function DataRowImpl<T>({
  row,
  id,
  index,
  start,
  template,
  visible,
  selected,
  active,
  onRowClick,
}: DataRowProps<T>) {
  const cls = `dt-row${selected ? ' selected' : ''}${active ? ' active' : ''}${index % 2 ? ' odd' : ''}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      aria-selected={selected}
      data-testid="row"
      data-row-id={id}
      className={cls}
      style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}
      onClick={() => onRowClick(id, row, index)}
    >
      {visible.map((c) => (
        <div
          key={c.id}
          role="gridcell"
          className={`dt-td kind-${c.kind ?? 'text'}${c.align === 'right' ? ' align-right' : ''}`}
        >
          {renderCell(c, row)}
        </div>
      ))}
    </div>
  );
}
export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;

/** A row of a row source that is still being fetched: its place, no content (never a blank table). */
export function PlaceholderRow({
  index,
  start,
  template,
}: {
  index: number;
  start: number;
  template: string;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      data-testid="row-placeholder"
      className={`dt-row placeholder${index % 2 ? ' odd' : ''}`}
      style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}
    />
  );
}
