import { useMemo } from 'react';

/** What a DataTable is given for its selection: spread it (`<DataTable {...selection.table} …/>`). */
export interface RowSelectionProps<T> {
  getRowId(row: T): string;
  selectedId: string | null;
  onSelect(row: T): void;
}

export interface SelectedRow<T> {
  table: RowSelectionProps<T>;
  /** The selected row, for its detail pane; null when none is selected or it is not loaded. */
  row: T | null;
  /** Closes the detail: nothing selected. */
  close(): void;
}

/**
 * A tab's selected row, its id kept where the tab keeps it (in its filters, so that it survives a
 * tab switch, or in its state). The row is looked up among every loaded row, so that one a search
 * or a filter hides keeps its detail open. `getRowId` should be a stable function (the lookup is
 * memoised on it).
 */
export function useSelectedRow<T>(
  loaded: readonly T[] | null | undefined,
  getRowId: (row: T) => string,
  selectedId: string | null | undefined,
  select: (id: string | null) => void,
): SelectedRow<T> {
  const row = useMemo(
    () => loaded?.find((r) => getRowId(r) === selectedId) ?? null,
    [loaded, getRowId, selectedId],
  );
  return {
    table: { getRowId, selectedId: selectedId ?? null, onSelect: (r) => select(getRowId(r)) },
    row,
    close: () => select(null),
  };
}
