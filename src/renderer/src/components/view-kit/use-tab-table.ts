import { viewState, type QueryResultState } from '../../state/query-client';
import { usePersistedLayout, type DataTableProps, type TableLayout } from '../data-table';

export type TabTableProps = Pick<
  DataTableProps<unknown>,
  'testId' | 'layout' | 'onLayoutChange' | 'status' | 'error' | 'onRetry'
>;

/**
 * What every tab's table is given besides its rows and columns: the test id `table-<name>`, the
 * layout remembered per workspace under `name`, and the query's state (useQuery's result) with its
 * retry. Spread it: `<DataTable {...table} rows={…} columns={…} getRowId={…} />`.
 */
export function useTabTable(
  wsId: string,
  name: string,
  defaults: TableLayout,
  query: QueryResultState,
  onRetry: () => void,
): TabTableProps {
  const [layout, onLayoutChange] = usePersistedLayout(wsId, name, defaults);
  const { status, error } = viewState(query);
  return { testId: `table-${name}`, layout, onLayoutChange, status, error, onRetry };
}
