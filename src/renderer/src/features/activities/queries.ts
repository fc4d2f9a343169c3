/**
 * The activities tab's server state. The rows stay on the main side (src/main/row-model): the
 * load answers a store id and the walk's report; the table reads windows of the store in the
 * layout's sort (use-row-windows.ts, docs/performance.md "A million rows in the console").
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import { copper, newJobId } from '../../lib/api';
import { walkFn } from '../../state/queries';
import { toPlatformFilters, type ActivityFilters } from './filters';

/** Every activity matching the filters, walked into a main-side store, with progress and cancel (`useWalkJob`). */
export const activitiesQuery = (workspaceId: string, filters: ActivityFilters) =>
  queryOptions({
    queryKey: [workspaceId, 'rows.loadActivities', filters] as const,
    queryFn: walkFn('activities', (jobId) =>
      copper().rows.loadActivities({
        workspaceId,
        jobId,
        maxRows: filters.maxRows,
        ...toPlatformFilters(filters),
      }),
    ),
    placeholderData: keepPreviousData,
  });

/** One window of a loaded store, in a sort (the table's rows come from these). */
export function readActivityWindow(input: CallInput<'rows.window'>) {
  return copper().rows.window(input);
}

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
