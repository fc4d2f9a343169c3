/**
 * The row model's calls (src/main/row-model): load activities into a main-side store with
 * progress and cancel, read windows of it in any sort order, release it.
 */
import type { ProgressEvent } from '../../shared/contract';
import { ok } from '../../shared/result';
import type { PlatformClients } from '../platform/platform-clients';
import type { EventBus } from '../events/event-bus';
import type { JobRegistry } from '../jobs/job-registry';
import { loadActivities } from '../row-model/load-activities';
import { streamPages } from '../jobs/stream-pages';
import { FIRST_PAGE_ROWS } from '../platform/paging';
import type { Activity } from '../../shared/platform/resources';
import type { RowStores } from '../row-model/row-stores';
import type { HandlersFor } from './types';

export interface RowModelDeps {
  clients: PlatformClients;
  events: EventBus;
  jobs: JobRegistry;
  stores: RowStores;
}

/** The owner of a workspace's activities store: a reload replaces it, closing the workspace drops it. */
export const activitiesOwner = (workspaceId: string) => `${workspaceId}:activities`;

export function rowModelHandlers(deps: RowModelDeps): HandlersFor<'rows'> {
  const progress = (event: ProgressEvent) => deps.events.emit('progress', event);
  return {
    'rows.loadActivities': async ({ workspaceId, jobId, maxRows, stream, ...filters }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      const { client, workspace } = resolved.value;
      return deps.jobs.run(jobId, (signal) =>
        loadActivities(deps.stores, activitiesOwner(workspaceId), client, workspace.organizationId, filters, {
          jobId,
          maxRows,
          signal,
          onProgress: progress,
          // A preview of the first page while the store fills (issue 30); the rows stay here.
          ...(stream === true
            ? { onPage: streamPages<Activity>(progress, undefined, FIRST_PAGE_ROWS).onPage }
            : {}),
        }),
      );
    },
    'rows.window': (input) => Promise.resolve(deps.stores.window(input)),
    'rows.release': ({ storeId }) => Promise.resolve(ok({ released: deps.stores.release(storeId) })),
  };
}
