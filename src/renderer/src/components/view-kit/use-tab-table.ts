import type { AppError } from '@shared/result';
import { usePersistedLayout, type DataTableProps, type TableLayout } from '../data-table';

type QueryState = Pick<DataTableProps<unknown>, 'status'> & { error?: AppError | null };

export type TabTableProps = Pick<
  DataTableProps<unknown>,
  'testId' | 'layout' | 'onLayoutChange' | 'status' | 'error' | 'onRetry'
>;

/**
 * What every tab's table is given besides its rows and columns: the test id `table-<name>`, the
 * layout remembered per workspace under `name`, and the query's state with its retry. Spread it:
 * `<DataTable {...table} rows={…} columns={…} getRowId={…} />`.
 */
export function useTabTable(
  wsId: string,
  name: string,
  defaults: TableLayout,
  query: QueryState,
  onRetry: () => void,
): TabTableProps {
  const [layout, onLayoutChange] = usePersistedLayout(wsId, name, defaults);
  return {
    testId: `table-${name}`,
    layout,
    onLayoutChange,
    status: query.status,
    error: query.error,
    onRetry,
  };
}
