/** Per-workspace queries wired to the renderer's query client, workspace store and job API. */
import { copper, newJobId } from '../lib/api';
import { queryClient } from './query-client';
import { isActiveWorkspace } from './workspace-store';
import { workspaceQueryFactory } from './workspace-query-core';

export const createWorkspaceQuery = workspaceQueryFactory({
  client: queryClient,
  isActiveWorkspace,
  newJobId,
  cancelJob: (jobId) => copper().jobs.cancel({ jobId }),
});

export {
  stableKey,
  useWorkspaceQuery,
  type QueryEntry,
  type QueryStatus,
  type WorkspaceQuery,
} from './workspace-query-core';
