import type { ReactNode } from 'react';

/**
 * How a column sorts and looks:
 *  - text:   natural, locale-aware, case-insensitive order ("Address 2" before "Address 10")
 *  - id:     monospaced, copy button, case-insensitive code-unit order (ids are opaque)
 *  - amount: right-aligned monospaced exact decimal, numeric order from the string
 *  - number: like amount, without grouping concerns (counts, latency)
 *  - time:   local time with raw value on hover, chronological order
 *  - badge:  coloured status pill (full value on hover), natural order
 */
export type ColumnKind = 'text' | 'id' | 'amount' | 'number' | 'time' | 'badge';

export interface ColumnSpec<T> {
  id: string;
  header: string;
  kind?: ColumnKind;
  /**
   * The raw value (a string as the specification promises, or whatever the platform sent): used
   * for sorting, the title, and the default rendering, each of which tolerates any value.
   */
  value: (row: T) => unknown;
  /** Custom cell; receives the row. Must render platform text as text. */
  render?: (row: T) => ReactNode;
  /** Width in px; the column marked `grow` takes the remaining space. */
  width?: number;
  grow?: boolean;
  sortable?: boolean;
  /** Hidden until the operator shows it from the Columns menu. */
  defaultHidden?: boolean;
  /** Header tooltip. */
  title?: string;
  /** Right-aligned like an amount while sorting by its own kind (an amount sorted by currency first). */
  align?: 'right';
}

export interface SortState {
  id: string;
  desc: boolean;
}

/** Rows read by index from elsewhere (the main side's row model) instead of an array. */
export interface RowSource<T> {
  total: number;
  /** The row at a position of the sorted result, or undefined while it is being fetched. */
  rowAt: (index: number) => T | undefined;
  /** The table tells which rows are visible, so that the source fetches them and their neighbours. */
  onRange: (first: number, last: number) => void;
  /** The sort of the rows `rowAt` gives now (they follow the layout's sort once fetched). */
  sortedBy: SortState | null;
}
