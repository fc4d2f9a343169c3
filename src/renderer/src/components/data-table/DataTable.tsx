import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { AppError } from '@shared/result';
import type { TableLayout } from '../../state/ui-state-store';
import { markViewSettled } from '../../state/readiness';
import type { QueryStatus } from '../../state/query-client';
import { ErrorBanner } from '../ErrorBanner';
import { copyText } from '../CopyButton';
import { ColumnMenu } from './ColumnMenu';
import { SkipToDetail } from './SkipToDetail';
import { ROW_HEIGHT, TableScroll } from './TableScroll';
import { sortRows } from './sort';
import type { ColumnSpec, RowSource, SortState } from './types';
import { useHorizontalOverflow } from './useHorizontalOverflow';
import { columnWidth, headerMinWidth } from './widths';
import { HeaderCell } from './HeaderCell';
import { moveColumn } from './column-order';
import { displayText, objectRows } from '../../lib/display-text';

export { ROW_HEIGHT };
const NO_ROWS: unknown[] = [];
/** A dragged column stops here: wider helps no one and hides the others. */
const MAX_COLUMN_PX = 1200;

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
  /**
   * Rows kept elsewhere (the main side's row model), read by index: `rows` is ignored, the layout's
   * sort is applied by the source, rows not fetched yet show as placeholders.
   */
  source?: RowSource<T> | null;
}

const sortLabel = (sort: SortState | null) => (sort ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : 'none');

export function DataTable<T>(props: DataTableProps<T>) {
  const { testId, rows, columns, getRowId, status, error, onRetry, layout, onLayoutChange } = props;
  const { selectedId = null, onSelect, emptyText = 'Nothing to show.', toolbar, disableSort = false } = props;
  const { source = null } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  /** The active row's position: a source's rows are not all here to search for the id. */
  const [activeIndex, setActiveIndex] = useState<number | null>(null);

  const sort = disableSort ? null : layout.sort;
  const shownRows = useMemo(() => objectRows(rows ?? (NO_ROWS as T[])), [rows]);
  const sorted = useMemo(
    () => (source ? (NO_ROWS as T[]) : sortRows(shownRows, columns, sort)),
    [source, shownRows, columns, sort],
  );
  const count = source ? source.total : sorted.length;
  const rowAt = (index: number): T | undefined => (source ? source.rowAt(index) : sorted[index]);
  // The virtualizer lives in TableScroll (a scroll step renders only that); it fills this ref.
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  /** The order of the rows on screen now: a source's follows the layout's sort once its rows arrive. */
  const rowsSortedBy = source ? source.sortedBy : sort;

  // TanStack Table owns the column model: definitions, sorting state (asc → desc → none, one
  // column), visibility, order and sizing, all kept in the persisted layout. Rows are NOT fed
  // through its row model: it builds a Row object per row on every data change (100k rows: over a
  // second here), so rows are sorted by the cached keys of `sort.ts` and rendered straight from the
  // array by the virtualizer.
  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (r: T) => c.value(r),
        header: c.header,
        size: columnWidth(c),
        minSize: headerMinWidth(c.header),
        maxSize: MAX_COLUMN_PX,
        enableSorting: !disableSort && c.sortable !== false,
        sortDescFirst: false,
      })),
    [columns, disableSort],
  );
  const state = useMemo(
    () => ({
      columnVisibility: Object.fromEntries(layout.hidden.map((h) => [h, false])) as VisibilityState,
      sorting: (sort ? [sort] : []) as SortingState,
      columnOrder: layout.order ?? [],
      columnSizing: layout.sizes ?? {},
    }),
    [layout.hidden, sort, layout.order, layout.sizes],
  );
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: NO_ROWS as T[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    columnResizeMode: 'onEnd',
    state,
    onSortingChange: (u) => {
      const next = functionalUpdate(u, state.sorting)[0];
      onLayoutChange({ ...layoutRef.current, sort: next ? { id: next.id, desc: next.desc } : null });
    },
    onColumnOrderChange: (u) =>
      onLayoutChange({ ...layoutRef.current, order: functionalUpdate(u, state.columnOrder) }),
    onColumnSizingChange: (u) =>
      onLayoutChange({ ...layoutRef.current, sizes: functionalUpdate(u, state.columnSizing) }),
  });
  const leafColumns = table.getVisibleLeafColumns();
  const visibleKey = leafColumns.map((c) => `${c.id}:${c.getSize()}`).join('\u0000');
  // Stable while the visible columns and their widths are the same, so memoised rows skip
  // re-rendering on scroll.
  const visible = useMemo(() => {
    const specById = new Map(columns.map((c) => [c.id, c]));
    return visibleKey.split('\u0000').flatMap((entry) => {
      const [id = '', size = ''] = entry.split(':');
      const spec = specById.get(id);
      return spec ? [{ spec, width: Number(size) }] : [];
    });
  }, [columns, visibleKey]);
  const visibleSpecs = useMemo(() => visible.map((v) => v.spec), [visible]);
  const specOf = (id: string) => columns.find((c) => c.id === id);
  const orderedSpecs = table
    .getAllLeafColumns()
    .map((c) => specOf(c.id))
    .filter((c): c is ColumnSpec<T> => c !== undefined);
  const resized = layout.sizes ?? {};
  const template = visible
    .map(({ spec, width }) =>
      spec.grow && resized[spec.id] === undefined ? `minmax(${width}px, 1fr)` : `${width}px`,
    )
    .join(' ');
  const minWidth = visible.reduce((s, c) => s + c.width, 0);
  const overflow = useHorizontalOverflow(scrollRef, template);
  const scrollColumns = (direction: 1 | -1) => {
    const el = scrollRef.current;
    el?.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  const settled = status === 'ready' || status === 'error';
  useEffect(() => {
    if (settled) markViewSettled();
  }, [settled]);

  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const onRowClick = useCallback((id: string, row: T, index: number) => {
    setActiveId(id);
    setActiveIndex(index);
    onSelectRef.current?.(row);
  }, []);

  const moveTo = (index: number) => {
    const row = rowAt(index);
    virtualizerRef.current?.scrollToIndex(index, { align: 'auto' });
    setActiveIndex(index);
    // A source's row may still be on its way: it becomes active by position until it arrives.
    setActiveId(row === undefined ? null : getRowId(row));
    if (row !== undefined) onSelect?.(row);
  };

  const indexOfActive = (): number => {
    if (source) return activeIndex ?? -1;
    const current = activeId ?? selectedId;
    return current === null ? -1 : sorted.findIndex((r) => getRowId(r) === current);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const at = indexOfActive();
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    const last = count - 1;
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
      const idCol = visibleSpecs.find((c) => c.kind === 'id');
      const row = rowAt(at);
      const v = displayText(row === undefined ? undefined : idCol?.value(row)).text;
      if (v) void copyText(v);
    }
  };

  const showRows = count > 0;
  const loadingFirst = !showRows && (status === 'loading' || status === 'idle');
  const total = source ? source.total : (rows?.length ?? 0);

  return (
    <div
      className="dt"
      data-testid={testId}
      data-status={status}
      data-row-count={total}
      data-rows-sort={sortLabel(rowsSortedBy)}
    >
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
          <SkipToDetail scrollRef={scrollRef} testId={testId} />
          <ColumnMenu
            columns={orderedSpecs}
            hidden={layout.hidden}
            testId={testId}
            onChange={(hidden) => onLayoutChange({ ...layout, hidden })}
            onMove={(id, by) =>
              table.setColumnOrder(
                moveColumn(
                  orderedSpecs.map((c) => c.id),
                  id,
                  by,
                ),
              )
            }
            onResetLayout={() => onLayoutChange({ hidden: layout.hidden, sort: layout.sort })}
          />
        </div>
      </div>
      {status === 'error' && error ? <ErrorBanner error={error} onRetry={onRetry} /> : null}
      <div
        className={`dt-frame${overflow.left ? ' more-left' : ''}${overflow.hiddenRight > 0 ? ' more-right' : ''}`}
      >
        <TableScroll<T>
          scrollRef={scrollRef}
          virtualizerRef={virtualizerRef}
          total={total}
          busy={status === 'loading'}
          onKeyDown={onKeyDown}
          minWidth={minWidth}
          header={
            <div className="dt-head" role="row" style={{ gridTemplateColumns: template }}>
              {table.getHeaderGroups()[0]?.headers.map((header) => (
                <HeaderCell key={header.id} header={header} spec={specOf(header.column.id)} />
              ))}
            </div>
          }
          noRows={
            showRows ? null : loadingFirst ? (
              <div className="dt-state" data-testid="table-loading">
                <span className="spinner" aria-hidden /> Loading…
              </div>
            ) : status !== 'error' ? (
              <div className="dt-state" data-testid="table-empty">
                {emptyText}
              </div>
            ) : null
          }
          count={count}
          source={source}
          rowAt={rowAt}
          getRowId={getRowId}
          template={template}
          visible={visibleSpecs}
          selectedId={selectedId}
          activeId={activeId}
          activeIndex={activeIndex}
          onRowClick={onRowClick}
        />
      </div>
    </div>
  );
}
