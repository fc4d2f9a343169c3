import { useCallback } from 'react';
import { useTableLayout, useUiStateStore, type TableLayout } from '../../state/ui-state-store';

/** A table's column visibility and sort, remembered per workspace. */
export function usePersistedLayout(
  wsId: string,
  tableId: string,
  defaults?: TableLayout,
): [TableLayout, (next: TableLayout) => void] {
  const layout = useTableLayout(wsId, tableId, defaults);
  const setLayout = useCallback(
    (next: TableLayout) => useUiStateStore.getState().setTable(wsId, tableId, next),
    [wsId, tableId],
  );
  return [layout, setLayout];
}

/** Layout before the operator changes anything: columns marked `defaultHidden` start hidden. */
export function defaultLayout(
  columns: readonly { id: string; defaultHidden?: boolean }[],
  sort: TableLayout['sort'] = null,
): TableLayout {
  return { hidden: columns.filter((c) => c.defaultHidden).map((c) => c.id), sort };
}

export type { TableLayout };
