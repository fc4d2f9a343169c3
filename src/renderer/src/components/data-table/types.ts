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
  /** The raw string: used for sorting, the title, and the default rendering. */
  value: (row: T) => string | null | undefined;
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
}

export interface SortState {
  id: string;
  desc: boolean;
}
