import { useEffect, useLayoutEffect, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { DataRow, PlaceholderRow } from './DataRow';
import type { ColumnSpec, RowSource } from './types';

export const ROW_HEIGHT = 26;
/**
 * The sticky header's height (`.dt-head` in styles/table.css): the rows start this far down the
 * scroll box, and the top of the box under the header shows no row. The virtualizer is told both
 * (`scrollMargin`, `scrollPaddingStart`), so the visible range is right and a row scrolled into
 * view by the keyboard lands wholly below the header or wholly above the bottom edge.
 */
export const HEADER_HEIGHT = 28;

export interface TableScrollProps<T> {
  /** The scroll box (the grid): the table's horizontal-overflow hook reads it too. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Given the virtualizer once mounted: the table's keyboard navigation scrolls with it. */
  virtualizerRef: { current: Virtualizer<HTMLDivElement, Element> | null };
  total: number;
  busy: boolean;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  minWidth: number;
  /** The header row (sticky, inside the scroll box). */
  header: ReactNode;
  /** What shows instead of the rows when there are none (loading, empty). */
  noRows: ReactNode;
  count: number;
  /** Tells the row source which rows are in view (it fetches around them); null for an array. */
  source: RowSource<T> | null;
  /** The row at a position, the table's own lookup; undefined when a source has not sent it yet. */
  rowAt: (index: number) => T | undefined;
  getRowId: (row: T) => string;
  template: string;
  visible: readonly ColumnSpec<T>[];
  selectedId: string | null;
  activeId: string | null;
  activeIndex: number | null;
  onRowClick: (id: string, row: T, index: number) => void;
}

/**
 * The table's scroll box and its virtualised rows. The virtualizer's state lives here, not in
 * DataTable: a scroll step re-renders this component (and the rows entering the window) only,
 * never the toolbar, the column menu, the header cells or the column model. The header comes in as
 * an element made by DataTable, so React skips it while DataTable does not render.
 */
export function TableScroll<T>(props: TableScrollProps<T>) {
  const { scrollRef, virtualizerRef, total, busy, onKeyDown, minWidth, header, noRows } = props;
  const { count, source, rowAt, getRowId, template, visible, selectedId, activeId, activeIndex } = props;
  const { onRowClick } = props;

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  // One instance for the component's life; keyboard navigation runs after commits, so a layout
  // effect hands it over in time.
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  }, [virtualizerRef, virtualizer]);

  const virtualItems = virtualizer.getVirtualItems();
  const firstVisible = virtualItems[0]?.index ?? 0;
  const lastVisible = virtualItems.at(-1)?.index ?? 0;
  useEffect(() => {
    source?.onRange(firstVisible, lastVisible);
  }, [source, firstVisible, lastVisible]);

  return (
    <div
      className="dt-scroll"
      ref={scrollRef}
      role="grid"
      aria-rowcount={total}
      aria-busy={busy}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="dt-inner" style={{ minWidth }}>
        {header}
        {count > 0 ? (
          <div className="dt-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((vi) => {
              const row = rowAt(vi.index);
              if (row === undefined)
                return source ? (
                  <PlaceholderRow
                    key={`placeholder-${vi.index}`}
                    index={vi.index}
                    start={vi.start - HEADER_HEIGHT}
                    template={template}
                  />
                ) : null;
              const id = getRowId(row);
              return (
                <DataRow
                  key={id}
                  row={row}
                  id={id}
                  index={vi.index}
                  start={vi.start - HEADER_HEIGHT}
                  template={template}
                  visible={visible}
                  selected={id === selectedId}
                  active={source ? vi.index === activeIndex : id === activeId}
                  onRowClick={onRowClick}
                />
              );
            })}
          </div>
        ) : (
          noRows
        )}
      </div>
    </div>
  );
}
