/**
 * The activities tab's server state. The rows stay on the main side (src/main/row-model): the
 * load answers a store id and the walk's report; the table reads blocks of the store in the
 * layout's sort, each a query of its own (use-row-windows.ts, docs/performance.md "A million rows
 * in the console").
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import { copper, newJobId } from '../../lib/api';
import { walkFn } from '../../state/queries';
import { unwrap } from '../../state/query-client';
import { toPlatformFilters, type ActivityFilters } from './filters';

/** Every activity matching the filters, walked into a main-side store, with progress and cancel (`useWalkJob`). */
export const activitiesQuery = (workspaceId: string, filters: ActivityFilters) =>
  queryOptions({
    queryKey: [workspaceId, 'rows.loadActivities', filters] as const,
    queryFn: walkFn('activities', (jobId, stream) =>
      copper().rows.loadActivities({
        workspaceId,
        jobId,
        stream,
        maxRows: filters.maxRows,
        ...toPlatformFilters(filters),
      }),
    ),
    placeholderData: keepPreviousData,
  });

/**
 * One block of a loaded store, in a sort: `count` rows from `offset` (the table's rows come from
 * these). A store never changes, so a block is read once; the client's gcTime drops it once no
 * table shows it, and use-row-windows.ts evicts blocks far from the visible rows sooner.
 */
export const activityWindowQuery = (workspaceId: string, input: CallInput<'rows.window'>) =>
  queryOptions({
    queryKey: [workspaceId, 'rows.window', input] as const,
    queryFn: () => unwrap(copper().rows.window(input)),
  });

/**
 * Streams the platform's CSV of the filters to `filePath`, under a job the dialog shows the
 * progress of and can cancel (`cancelJob`).
 */
export function exportActivitiesCsv(
  workspaceId: string,
  filePath: string,
  filters: ActivityFilters,
): { jobId: string; done: ReturnType<ReturnType<typeof copper>['exports']['activitiesCsv']> } {
  const jobId = newJobId('export');
  const done = copper().exports.activitiesCsv({
    workspaceId,
    jobId,
    filePath,
    maxRows: filters.maxRows,
    ...toPlatformFilters(filters),
  });
  return { jobId, done };
}
