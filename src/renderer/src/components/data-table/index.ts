export { DataTable, ROW_HEIGHT, type DataTableProps } from './DataTable';
export { kindValue } from './cells';
export { usePersistedLayout, defaultLayout, type TableLayout } from './usePersistedLayout';
export type { ColumnSpec, ColumnKind, RowSource, SortState } from './types';
