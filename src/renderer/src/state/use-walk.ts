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

/** The pages a running walk streamed so far, and how far it got (`partial`). */
export interface WalkSoFarView {
  items: readonly unknown[];
  partial: WalkPartial;
}

/**
 * The rows a walk streamed so far while it is `loading` (its first page at once, issue 30), with
 * how many it loaded, of about how many, in how many requests (the job's progress may be ahead of
 * the rows shown: a preview streams only its first page); null otherwise. Once the answer is on
 * screen (or the walk failed), the streamed pages are dropped.
 */
export function useWalkSoFar(walkKey: QueryKey, status: QueryStatus, job: WalkJob): WalkSoFarView | null {
  const client = useQueryClient();
  const soFar = useQuery(walkSoFarQuery(walkKey)).data;
  const stale = status !== 'loading' && soFar !== undefined;
  useEffect(() => {
    if (stale) client.removeQueries({ queryKey: walkSoFarQuery(walkKey).queryKey, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale, client]);
  if (status !== 'loading' || soFar === undefined) return null;
  const progress = job.progress?.jobId === soFar.jobId ? job.progress : undefined;
  return {
    items: soFar.items,
    partial: {
      loaded: Math.max(soFar.items.length, progress?.done ?? 0),
      estimate: soFar.estimate,
      requests: Math.max(soFar.pages, progress?.pages ?? 0),
    },
  };
}

export function useWalk<D extends { items: readonly unknown[] }, K extends QueryKey>(
  options: UseQueryOptions<D, Error, D, K> & { queryKey: K },
): Walk<D> {
  const query = useQuery(options);
  const job = useWalkJob(options.queryKey);
  const { status } = viewState(query);
  const soFar = useWalkSoFar(options.queryKey, status, job);
  return {
    query,
    job,
    status,
    reload: () => void query.refetch(),
    rows: status === 'error' ? null : soFar ? (soFar.items as D['items']) : (query.data?.items ?? null),
    partial: soFar?.partial ?? null,
  };
}
