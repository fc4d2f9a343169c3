export { DataTable, ROW_HEIGHT, type DataTableProps } from './DataTable';
export { usePersistedLayout, defaultLayout, type TableLayout } from './usePersistedLayout';
export type { ColumnSpec, ColumnKind, RowSource, SortState } from './types';
