/**
 * The page sizes the walks learned for a workspace (issue 30, `pageSizes.*`): read when the
 * workspace's settings open, replaced in the cache by a reset's answer.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NegotiatedOperation } from '@shared/platform/page-limits';
import { copper } from '../../../lib/api';
import { queryClient, unwrap } from '../../../state/query-client';

export const pageSizesQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'pageSizes.list'] as const,
    queryFn: () => unwrap(copper().pageSizes.list({ workspaceId })),
    staleTime: 0,
  });

/** Forgets what was learned (one list, or all): the next walk asks for the largest page again. */
export async function resetPageSizes(
  workspaceId: string,
  operation?: NegotiatedOperation,
  client = queryClient,
) {
  const res = await copper().pageSizes.reset({ workspaceId, ...(operation ? { operation } : {}) });
  if (res.ok) client.setQueryData(pageSizesQuery(workspaceId).queryKey, res.value);
  return res;
}
