/**
 * A tab's fetch-all walk (a `listAll` call the main side pages through as a job): its query, its
 * job's progress and Cancel, a reload, and the rows it loaded. While the walk runs, the rows are
 * those its pages streamed so far (issue 30: the first page shows at once); its answer then
 * replaces them.
 */
import { useEffect } from 'react';
import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useWalkJob, type WalkJob } from './jobs';
import { walkSoFarQuery } from './queries';
import { viewState, type QueryStatus } from './query-client';

/** A walk still running that has shown some of its rows: how many, of about how many, in how many requests. */
export interface WalkPartial {
  loaded: number;
  estimate: number | null;
  requests: number;
}

export interface Walk<D extends { items: readonly unknown[] }> {
  query: UseQueryResult<D>;
  job: WalkJob;
  status: QueryStatus;
  reload(): void;
  /** The walk's rows; none after a failure, so the previous request's rows are not shown under its error. */
  rows: D['items'] | null;
  /** Set while the rows are the pages read so far of a walk still running. */
  partial: WalkPartial | null;
}

export function useWalk<D extends { items: readonly unknown[] }, K extends QueryKey>(
  options: UseQueryOptions<D, Error, D, K> & { queryKey: K },
): Walk<D> {
  const client = useQueryClient();
  const query = useQuery(options);
  const job = useWalkJob(options.queryKey);
  const soFarKey = walkSoFarQuery(options.queryKey).queryKey;
  const soFar = useQuery(walkSoFarQuery(options.queryKey)).data;
  const { status } = viewState(query);
  const streaming = status === 'loading' && soFar !== undefined;
  // Once the answer is on screen (or the walk failed), the streamed pages are dropped.
  const stale = status !== 'loading' && soFar !== undefined;
  useEffect(() => {
    if (stale) client.removeQueries({ queryKey: soFarKey, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale, client]);
  return {
    query,
    job,
    status,
    reload: () => void query.refetch(),
    rows: status === 'error' ? null : streaming ? (soFar.items as D['items']) : (query.data?.items ?? null),
    partial: streaming
      ? { loaded: soFar.items.length, estimate: soFar.estimate, requests: soFar.pages }
      : null,
  };
}
