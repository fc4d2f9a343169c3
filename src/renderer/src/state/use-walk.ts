/**
 * A tab's fetch-all walk (a `listAll` call the main side pages through as a job): its query, its
 * job's progress and Cancel, a reload, and the rows it loaded. While the walk runs, the rows are
 * those its pages streamed so far (issue 30: the first page shows at once); its answer then
 * replaces them. Should the walk fail after it streamed rows, those rows stay listed (`kept`,
 * issue 30: "a failed or incomplete walk keeps the rows it has and says what is missing").
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
import type { AppError } from '@shared/result';
import { walkSoFarQuery, type WalkSoFar } from './queries';
import { viewState, type QueryResultState, type QueryStatus } from './query-client';

/** A walk still running that has shown some of its rows: how many, of about how many, in how many requests. */
export interface WalkPartial {
  loaded: number;
  estimate: number | null;
  requests: number;
}

/** A walk that failed after it streamed rows: the rows listed are those that arrived before its error. */
export interface WalkKept {
  loaded: number;
  requests: number;
  error: AppError;
}

export interface Walk<D extends { items: readonly unknown[] }> {
  query: UseQueryResult<D>;
  job: WalkJob;
  status: QueryStatus;
  reload(): void;
  /**
   * The walk's rows; after a failure only those it streamed before it (`kept`), never the previous
   * request's rows under its error.
   */
  rows: D['items'] | null;
  /** Set while the rows are the pages read so far of a walk still running. */
  partial: WalkPartial | null;
  /** Set when the walk failed after it streamed rows: the rows are what arrived before the failure. */
  kept: WalkKept | null;
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
  return soFarView(useSoFarEntry(walkKey, status, false), status, job);
}

/**
 * The walk's streamed pages from the cache. They are dropped once its answer is on screen, and
 * after a failure unless `keepOnError` (useWalk lists them then; a new walk drops them, walkFn).
 */
function useSoFarEntry(walkKey: QueryKey, status: QueryStatus, keepOnError: boolean): WalkSoFar | undefined {
  const client = useQueryClient();
  const soFar = useQuery(walkSoFarQuery(walkKey)).data;
  const stale = status !== 'loading' && soFar !== undefined && !(keepOnError && status === 'error');
  useEffect(() => {
    if (stale) client.removeQueries({ queryKey: walkSoFarQuery(walkKey).queryKey, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale, client]);
  return soFar;
}

function soFarView(soFar: WalkSoFar | undefined, status: QueryStatus, job: WalkJob): WalkSoFarView | null {
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
  const client = useQueryClient();
  const { status, error } = viewState(query);
  const entry = useSoFarEntry(options.queryKey, status, true);
  const soFar = soFarView(entry, status, job);
  const kept =
    error !== null && entry !== undefined && entry.items.length > 0
      ? { loaded: entry.items.length, requests: entry.pages, error }
      : null;
  return {
    query,
    job,
    status,
    reload: () => {
      // The retry's rows are its own: the failed walk's kept rows go before it asks.
      client.removeQueries({ queryKey: walkSoFarQuery(options.queryKey).queryKey, exact: true });
      void query.refetch();
    },
    rows: kept
      ? (entry?.items as D['items'])
      : status === 'error'
        ? null
        : soFar
          ? (soFar.items as D['items'])
          : (query.data?.items ?? null),
    partial: soFar?.partial ?? null,
    kept,
  };
}

/**
 * The walk's state as its table reads it (`useTabTable`): settled when it keeps the rows a failed
 * walk streamed (they are listed, WalkStatus says what is missing), else the query's own.
 */
export function walkTableState(walk: Walk<{ items: readonly unknown[] }>): QueryResultState {
  return walk.kept ? { status: 'success', fetchStatus: 'idle', error: null } : walk.query;
}
