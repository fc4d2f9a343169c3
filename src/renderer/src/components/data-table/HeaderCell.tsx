/**
 * One column header: the sort button (TanStack Table's toggle: ascending, descending, none), and a
 * grip that resizes the column (drag; double-click gives the default width back).
 */
import type { Header } from '@tanstack/react-table';
import type { ColumnSpec } from './types';

export function HeaderCell<T>({
  header,
  spec,
}: {
  header: Header<T, unknown>;
  spec: ColumnSpec<T> | undefined;
}) {
  const column = header.column;
  const label = spec?.header ?? column.id;
  const sorted = column.getIsSorted();
  const dir = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  const align = spec?.kind === 'amount' || spec?.kind === 'number' || spec?.align === 'right' ? ' right' : '';
  const resizing = column.getIsResizing();
  const resize = header.getResizeHandler();
  return (
    <div role="columnheader" aria-sort={dir} className={`dt-th${align}`} title={spec?.title ?? label}>
      {column.getCanSort() ? (
        <button
          type="button"
          className="dt-sort"
          data-testid={`col-${column.id}`}
          onClick={column.getToggleSortingHandler()}
        >
          <span className="ellipsis">{label}</span>
          <span className="dt-sort-mark" aria-hidden>
            {dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : ''}
          </span>
        </button>
      ) : (
        <span className="ellipsis" data-testid={`col-${column.id}`}>
          {label}
        </span>
      )}
      <div
        className={`dt-resize${resizing ? ' resizing' : ''}`}
        data-testid={`resize-${column.id}`}
        title={`Drag to resize ${label}; double-click for the default width`}
        aria-hidden
        onMouseDown={resize}
        onTouchStart={resize}
        onDoubleClick={() => column.resetSize()}
        onClick={(e) => e.stopPropagation()}
      />
    </div>
  );
}
