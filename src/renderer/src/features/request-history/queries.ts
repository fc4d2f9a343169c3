/** The request history tab's server state: the requests recorded on the main side and their operation names. */
import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { HistoryEntry } from '@shared/contract';
import { copper } from '../../lib/api';
import { unwrap } from '../../state/query-client';

export const HISTORY_LIMIT = 5000;

export interface HistoryParams {
  /** Absent: every workspace's requests. */
  workspaceId?: string;
  errorsOnly: boolean;
  search: string;
  operation: string;
  status: string;
}

/** The operation names recorded so far (of one workspace, or of all), for the filter's choices. */
export const historyOperationsQuery = (workspaceId: string | undefined) => {
  const input = workspaceId ? { workspaceId } : {};
  return queryOptions({
    queryKey: ['history.operations', input] as const,
    queryFn: () => unwrap(copper().history.operations(input)),
  });
};

/**
 * Cached under the shown workspace's id even in "all" scope: the view belongs to where it was
 * asked. When a re-read finds more (or fewer) entries, the operation choices are read again.
 */
export const historyQuery = (shownIn: string, p: HistoryParams) =>
  queryOptions({
    queryKey: [shownIn, 'history.list', p] as const,
    queryFn: async ({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }) => {
      const before = client.getQueryData<HistoryEntry[]>(queryKey)?.length;
      const rows = await unwrap(
        copper().history.list({
          ...(p.workspaceId ? { workspaceId: p.workspaceId } : {}),
          errorsOnly: p.errorsOnly,
          ...(p.search.trim() ? { search: p.search.trim() } : {}),
          ...(p.operation ? { operation: p.operation } : {}),
          ...(p.status ? { status: p.status } : {}),
          limit: HISTORY_LIMIT,
        }),
      );
      if (before !== undefined && rows.length !== before)
        void client.invalidateQueries({ queryKey: historyOperationsQuery(p.workspaceId).queryKey });
      return rows;
    },
    placeholderData: keepPreviousData,
  });
