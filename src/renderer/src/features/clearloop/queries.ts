/** The ClearLoop tab's server state: one page of ClearLoop actions for the filters. */
import type { CallInput } from '@shared/contract';
import { copper } from '../../lib/api';
import { paramsQuery } from '../../state/queries';

export type ClearLoopParams = Omit<CallInput<'clearloop.list'>, 'workspaceId'>;

export const clearLoopQuery = (workspaceId: string, params: ClearLoopParams) =>
  paramsQuery(workspaceId, 'clearloop.list', params, () =>
    copper().clearloop.list({ workspaceId, ...params }),
  );
