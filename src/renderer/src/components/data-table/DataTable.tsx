import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { AppError } from '@shared/result';
import type { TableLayout } from '../../app/ui-state-store';
import { markViewSettled } from '../../app/readiness';
import type { QueryStatus } from '../../lib/query-store';
import { ErrorBanner } from '../ErrorBanner';
import { copyText } from '../CopyButton';
import { ColumnMenu } from './ColumnMenu';
import { renderCell } from './cells';
import { sortRows } from './sort';
import type { ColumnSpec } from './types';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import { columnWidth } from './widths';

export const ROW_HEIGHT = 26;
const NO_ROWS: unknown[] = [];

export interface DataTableProps<T> {
  /** `table-<name>`; rows get `row`, headers `col-<id>`. */
  testId: string;
  rows: readonly T[] | null;
  columns: readonly ColumnSpec<T>[];
  getRowId: (row: T) => string;
  status: QueryStatus;
  error?: AppError | null;
  onRetry?: () => void;
  layout: TableLayout;
  onLayoutChange: (next: TableLayout) => void;
  selectedId?: string | null;
  onSelect?: (row: T) => void;
  emptyText?: string;
  /** Left side of the toolbar (counts, refresh, extra buttons). */
  toolbar?: ReactNode;
  /** Server-paged tables sort on the server; client sorting of one page would mislead. */
  disableSort?: boolean;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { testId, rows, columns, getRowId, status, error, onRetry, layout, onLayoutChange } = props;
  const { selectedId = null, onSelect, emptyText = 'Nothing to show.', toolbar, disableSort = false } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const sort = disableSort ? null : layout.sort;
  const sorted = useMemo(() => sortRows(rows ?? [], columns, sort), [rows, columns, sort]);

  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (r: T) => c.value(r),
        header: c.header,
        size: columnWidth(c),
      })),
    [columns],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(layout.hidden.map((h) => [h, false])),
    [layout.hidden],
  );
  // TanStack Table owns the column model (visibility, order, sort state). Rows are NOT fed through
  // its row model: building 100k Row objects on every sort costs ~1 s, so rows are rendered straight
  // from the pre-sorted array by the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: NO_ROWS as T[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility, sorting: sort ? [sort] : [] },
  });
  const visibleKey = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join('\u0000');
  // Stable while the visible columns are the same, so memoised rows skip re-rendering on scroll.
  const visible = useMemo(() => {
    const specById = new Map(columns.map((c) => [c.id, c]));
    return visibleKey
      .split('\u0000')
      .map((id) => specById.get(id))
      .filter((c): c is ColumnSpec<T> => c !== undefined);
  }, [columns, visibleKey]);
  const template = visible
    .map((c) => (c.grow ? `minmax(${columnWidth(c)}px, 1fr)` : `${columnWidth(c)}px`))
    .join(' ');
  const minWidth = visible.reduce((s, c) => s + columnWidth(c), 0);
  const overflow = useHorizontalOverflow(scrollRef, template);
  const scrollColumns = (direction: 1 | -1) => {
    const el = scrollRef.current;
    el?.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const settled = status === 'ready' || status === 'error';
  useEffect(() => {
    if (settled) markViewSettled();
  }, [settled]);

  const toggleSort = (id: string) => {
    const cur = layout.sort;
    const next = cur?.id !== id ? { id, desc: false } : cur.desc ? null : { id, desc: true };
    onLayoutChange({ ...layout, sort: next });
  };

  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const onRowClick = useCallback((id: string, row: T) => {
    setActiveId(id);
    onSelectRef.current?.(row);
  }, []);

  const moveTo = (index: number) => {
    const row = sorted[index];
    if (row === undefined) return;
    const id = getRowId(row);
    setActiveId(id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    onSelect?.(row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (sorted.length === 0) return;
    const current = activeId ?? selectedId;
    const at = current === null ? -1 : sorted.findIndex((r) => getRowId(r) === current);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    const last = sorted.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: Math.min(last, at + 1),
      ArrowUp: Math.max(0, at - 1),
      PageDown: Math.min(last, at + page),
      PageUp: Math.max(0, at - page),
      Home: 0,
      End: last,
    };
    const target = targets[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if (e.key === 'Enter' && at >= 0) {
      e.preventDefault();
      moveTo(at);
    } else if ((e.ctrlKey || e.metaKey) && e.key === 'c' && at >= 0) {
      const idCol = visible.find((c) => c.kind === 'id');
      const v = idCol?.value(sorted[at] as T);
      if (v) void copyText(v);
    }
  };

  const showRows = sorted.length > 0;
  const loadingFirst = !showRows && (status === 'loading' || status === 'idle');
  const total = rows?.length ?? 0;

  return (
    <div className="dt" data-testid={testId} data-status={status} data-row-count={total}>
      <div className="dt-toolbar">
        <div className="dt-toolbar-left">{toolbar}</div>
        <div className="dt-toolbar-right">
          {status === 'loading' && showRows ? <span className="muted small">Refreshing…</span> : null}
          {overflow.left ? (
            <button
              type="button"
              className="btn small ghost dt-more"
              data-testid={`${testId}-scroll-left`}
              title="Scroll the table back to its first columns (or Shift + mouse wheel)"
              onClick={() => scrollColumns(-1)}
            >
              ← first columns
            </button>
          ) : null}
          {overflow.hiddenRight > 0 ? (
            <button
              type="button"
              className="btn small ghost dt-more"
              data-testid={`${testId}-scroll-right`}
              title="Scroll the table right to see them (or Shift + mouse wheel)"
              onClick={() => scrollColumns(1)}
            >
              {overflow.hiddenRight} more {overflow.hiddenRight === 1 ? 'column' : 'columns'} →
            </button>
          ) : null}
          <span className="muted small" data-testid={`${testId}-count`}>
            {total.toLocaleString()} {total === 1 ? 'row' : 'rows'}
          </span>
          <ColumnMenu
            columns={columns}
            hidden={layout.hidden}
            testId={testId}
            onChange={(hidden) => onLayoutChange({ ...layout, hidden })}
          />
        </div>
      </div>
      {status === 'error' && error ? <ErrorBanner error={error} onRetry={onRetry} /> : null}
      <div
        className={`dt-frame${overflow.left ? ' more-left' : ''}${overflow.hiddenRight > 0 ? ' more-right' : ''}`}
      >
        <div
          className="dt-scroll"
          ref={scrollRef}
          role="grid"
          aria-rowcount={total}
          aria-busy={status === 'loading'}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <div className="dt-inner" style={{ minWidth }}>
            <div className="dt-head" role="row" style={{ gridTemplateColumns: template }}>
              {visible.map((c) => {
                const sortable = !disableSort && c.sortable !== false;
                const dir = sort?.id === c.id ? (sort.desc ? 'descending' : 'ascending') : 'none';
                const align = c.kind === 'amount' || c.kind === 'number' ? ' right' : '';
                return (
                  <div
                    key={c.id}
                    role="columnheader"
                    aria-sort={dir}
                    className={`dt-th${align}`}
                    title={c.title ?? c.header}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="dt-sort"
                        data-testid={`col-${c.id}`}
                        onClick={() => toggleSort(c.id)}
                      >
                        <span className="ellipsis">{c.header}</span>
                        <span className="dt-sort-mark" aria-hidden>
                          {dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      <span className="ellipsis" data-testid={`col-${c.id}`}>
                        {c.header}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
            {showRows ? (
              <div className="dt-body" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((vi) => {
                  const row = sorted[vi.index];
                  if (row === undefined) return null;
                  const id = getRowId(row);
                  return (
                    <DataRow
                      key={id}
                      row={row}
                      id={id}
                      index={vi.index}
                      start={vi.start}
                      template={template}
                      visible={visible}
                      selected={id === selectedId}
                      active={id === activeId}
                      onRowClick={onRowClick}
                    />
                  );
                })}
              </div>
            ) : loadingFirst ? (
              <div className="dt-state" data-testid="table-loading">
                <span className="spinner" aria-hidden /> Loading…
              </div>
            ) : status !== 'error' ? (
              <div className="dt-state" data-testid="table-empty">
                {emptyText}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

interface DataRowProps<T> {
  row: T;
  id: string;
  index: number;
  start: number;
  template: string;
  visible: readonly ColumnSpec<T>[];
  selected: boolean;
  active: boolean;
  onRowClick: (id: string, row: T) => void;
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
      onClick={() => onRowClick(id, row)}
    >
      {visible.map((c) => (
        <div key={c.id} role="gridcell" className={`dt-td kind-${c.kind ?? 'text'}`}>
          {renderCell(c, row)}
        </div>
      ))}
    </div>
  );
}
const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
