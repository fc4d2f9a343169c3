/**
 * App-wide preferences the workspaces tab shows: server state in react-query, keyed by the call.
 * Setting one is a local, idempotent write, done with the call itself and written back into the
 * query's data (the query client is for reads: see state/query-client.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { OperatorNameView } from '@shared/contract';
import type { Result } from '@shared/result';
import { copper } from '../../lib/api';
import { queryClient } from '../../state/query-client';
import { QueryFailure } from '../../state/workspace-query-core';

export const operatorNameQuery = queryOptions({
  queryKey: ['app', 'preferences.operatorName'] as const,
  queryFn: async (): Promise<OperatorNameView> => {
    const res = await copper().preferences.operatorName({});
    if (!res.ok) throw new QueryFailure(res.error);
    return res.value;
  },
  staleTime: Infinity,
});

/** Sets the operator name (null: back to the OS account name); the query shows the answer. */
export async function saveOperatorName(name: string | null): Promise<Result<OperatorNameView>> {
  const res = await copper().preferences.setOperatorName({ name });
  if (res.ok) queryClient.setQueryData(operatorNameQuery.queryKey, res.value);
  return res;
}
