/** The ClearLoop tab's server state: one page of ClearLoop actions for the filters. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import { copper } from '../../lib/api';
import { unwrap } from '../../state/query-client';

export type ClearLoopParams = Omit<CallInput<'clearloop.list'>, 'workspaceId'>;

export const clearLoopQuery = (workspaceId: string, params: ClearLoopParams) =>
  queryOptions({
    queryKey: [workspaceId, 'clearloop.list', params] as const,
    queryFn: () => unwrap(copper().clearloop.list({ workspaceId, ...params })),
    placeholderData: keepPreviousData,
  });
