/**
 * A tab's fetch-all walk (a `listAll` call the main side pages through as a job): its query, its
 * job's progress and Cancel, a reload, and the rows it loaded.
 */
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useWalkJob, type WalkJob } from './jobs';
import { viewState, type QueryStatus } from './query-client';

export interface Walk<D extends { items: readonly unknown[] }> {
  query: UseQueryResult<D>;
  job: WalkJob;
  status: QueryStatus;
  reload(): void;
  /** The walk's rows; none after a failure, so the previous request's rows are not shown under its error. */
  rows: D['items'] | null;
}

export function useWalk<D extends { items: readonly unknown[] }, K extends QueryKey>(
  options: UseQueryOptions<D, Error, D, K> & { queryKey: K },
): Walk<D> {
  const query = useQuery(options);
  const job = useWalkJob(options.queryKey);
  const { status } = viewState(query);
  return {
    query,
    job,
    status,
    reload: () => void query.refetch(),
    rows: status === 'error' ? null : (query.data?.items ?? null),
  };
}
