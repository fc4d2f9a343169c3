/**
 * Per-workspace queries on @tanstack/react-query. A feature creates one with `createWorkspaceQuery`
 * (bound in `workspace-query.ts`) and reads it with `useWorkspaceQuery(query, wsId, params)`, which
 * returns the `QueryEntry` the views and the DataTable understand.
 *
 * Keys are `[workspaceId, queryName, params]`, so one workspace's data never shows under another's
 * name, a switch back paints the cached data at once, and an answer for parameters the view has
 * left lands under its own key, not on screen. Two more rules keep the old store's guarantees:
 *  - an answer that arrives while its workspace is not active is dropped (the query goes back to
 *    what it was and reloads when the workspace is shown again): the main side may have moved on;
 *  - a job (a query created with a job prefix) runs under a job id; cancelling the query (the
 *    operator's Cancel, a newer request of the same query, a forced reload) aborts its signal, and
 *    that calls `jobs.cancel`. Leaving the tab does not: the walk goes on and is there on return.
 *
 * Errors travel as values (`Result`) from the main side; here they become the query's error (so
 * react-query keeps the last data and the state) and come back out as the same `AppError`.
 * No retries, no refetch on focus: the main side's client decides retries, and data stays until
 * reloaded. Nothing here touches `window`, so the unit tests run it in node with fakes.
 */
import { create } from 'zustand';
import {
  CancelledError,
  QueryObserver,
  hashKey,
  keepPreviousData,
  useQuery,
  type Query,
  type QueryClient,
  type QueryFunctionContext,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import type { AppError, Result } from '@shared/result';
import { stableKey } from '../lib/stable-key';

export { stableKey };

export type QueryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface QueryEntry<T> {
  status: QueryStatus;
  data: T | null;
  error: AppError | null;
  /** Parameters the entry was asked with. */
  key: string | null;
  /** Parameters `data` belongs to; null while the previous parameters' data is still shown. */
  dataKey: string | null;
  loadedAt: number | null;
  /** Job id of the request in flight, for calls that report progress and can be cancelled. */
  jobId: string | null;
}

export const IDLE_ENTRY: QueryEntry<never> = {
  status: 'idle',
  data: null,
  error: null,
  key: null,
  dataKey: null,
  loadedAt: null,
  jobId: null,
};

/** The main side's answer, carried through react-query's error channel unchanged. */
export class QueryFailure extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/** The error a view shows for a query's failure, whatever form it took. */
export function toAppError(error: unknown): AppError {
  if (error instanceof QueryFailure) return error.appError;
  if (error instanceof CancelledError) return { code: 'cancelled', message: 'Cancelled' };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export type WorkspaceKey = readonly [workspaceId: string, queryName: string, params: unknown];

export type WorkspaceQueryOptions<T> = QueryObserverOptions<T, Error, T, T, WorkspaceKey>;

export interface WorkspaceQuery<P, T> {
  readonly name: string;
  readonly client: QueryClient;
  /** The observer options for one workspace and parameters (what `useWorkspaceQuery` observes). */
  options(wsId: string, params: P): WorkspaceQueryOptions<T>;
  /** Loads unless cached; `force` reloads (and cancels a job in flight for the same parameters). */
  load(wsId: string, params: P, force?: boolean): Promise<void>;
  /** Replaces data in place (e.g. a loan returned by an action) under every parameter set, without refetching. */
  update(wsId: string, fn: (data: T) => T): void;
  /** The workspace's most recently loaded entry (any parameters). */
  get(wsId: string): QueryEntry<T>;
  /** Stops the workspace's job in flight (cancels the query; its signal calls `jobs.cancel`). */
  cancel(wsId: string): Promise<void>;
  /** Job id of the fetch in flight for these parameters (reactive in `useWorkspaceQuery`). */
  useJobId(wsId: string, params: P): string | null;
}

export interface WorkspaceQueryDeps {
  client: QueryClient;
  isActiveWorkspace(wsId: string): boolean;
  newJobId(prefix: string): string;
  cancelJob(jobId: string): Promise<unknown>;
}

/** Error entries reload on the next view (as the old store did); data stays until reloaded. */
const staleTime = (query: { state: { status: string } }) => (query.state.status === 'error' ? 0 : Infinity);

export function workspaceQueryFactory(deps: WorkspaceQueryDeps) {
  let count = 0;
  const { client } = deps;

  return function createWorkspaceQuery<P, T>(
    fetcher: (wsId: string, params: P, jobId: string) => Promise<Result<T>>,
    jobPrefix?: string,
  ): WorkspaceQuery<P, T> {
    count += 1;
    const name = `${jobPrefix ?? 'query'}#${count}`;
    const keyOf = (wsId: string, params: P): WorkspaceKey => [wsId, name, params];
    const useJobIds = create<Record<string, string>>()(() => ({}));
    const cache = () => client.getQueryCache();

    /** Goes back to the state before the fetch and marks it for reloading on the next view. */
    const drop = (queryKey: WorkspaceKey) => {
      const query = cache().find({ queryKey, exact: true });
      void query?.cancel({ revert: true });
      query?.invalidate();
    };

    /**
     * A job's fetch is not cancelled when its last view unmounts (react-query would, once the
     * signal is read): a disabled observer holds it until the fetch settled.
     */
    const holdWhileRunning = (wsId: string, params: P) =>
      new QueryObserver(client, { ...options(wsId, params), enabled: false }).subscribe(() => undefined);

    const queryFn = async (ctx: QueryFunctionContext<WorkspaceKey>): Promise<T> => {
      const [wsId, , params] = ctx.queryKey;
      const hash = hashKey(ctx.queryKey);
      let jobId = '';
      let settled = false;
      let release: () => void = () => undefined;
      if (jobPrefix) {
        jobId = deps.newJobId(jobPrefix);
        useJobIds.setState({ [hash]: jobId });
        release = holdWhileRunning(wsId, params as P);
        // A newer request of this query in this workspace supersedes any other one in flight.
        for (const other of cache().findAll({ queryKey: [wsId, name], fetchStatus: 'fetching' })) {
          if (other.queryHash !== hash) void other.cancel({ revert: true });
        }
        const onAbort = () => {
          if (!settled) void deps.cancelJob(jobId);
        };
        ctx.signal.addEventListener('abort', onAbort, { once: true });
      }
      try {
        const res = await fetcher(wsId, params as P, jobId);
        settled = true;
        if (!deps.isActiveWorkspace(wsId)) {
          drop(ctx.queryKey);
          throw new CancelledError({ revert: true });
        }
        if (!res.ok) throw new QueryFailure(res.error);
        return res.value;
      } finally {
        settled = true;
        if (jobPrefix) {
          useJobIds.setState((s) => {
            if (s[hash] !== jobId) return s;
            const { [hash]: _done, ...rest } = s;
            return rest;
          }, true);
          // After react-query stored the answer (a later task), or the hold would cancel it.
          setTimeout(release, 0);
        }
      }
    };

    const options = (wsId: string, params: P): WorkspaceQueryOptions<T> => ({
      queryKey: keyOf(wsId, params),
      queryFn,
      staleTime,
      placeholderData: keepPreviousData,
    });

    const entryOfQuery = (query: Query<T, Error, T, WorkspaceKey>): QueryEntry<T> =>
      entryOf(
        { ...query.state, isPlaceholderData: false },
        stableKey(query.queryKey[2]),
        useJobIds.getState()[query.queryHash] ?? null,
      );

    return {
      name,
      client,
      options,
      async load(wsId, params, force = false) {
        const opts = client.defaultQueryOptions(options(wsId, params));
        const query = cache().build(client, opts);
        if (!force && !query.isStaleByTime(staleTime(query))) return;
        await query.fetch(opts, { cancelRefetch: force }).catch(() => undefined);
      },
      update(wsId, fn) {
        client.setQueriesData<T>({ queryKey: [wsId, name] }, (data) =>
          data === undefined ? undefined : fn(data),
        );
      },
      get(wsId) {
        const all = cache().findAll({ queryKey: [wsId, name] }) as unknown as Query<
          T,
          Error,
          T,
          WorkspaceKey
        >[];
        const latest = all.reduce<Query<T, Error, T, WorkspaceKey> | null>(
          (best, q) => (best === null || lastTouched(q) > lastTouched(best) ? q : best),
          null,
        );
        return latest ? entryOfQuery(latest) : IDLE_ENTRY;
      },
      async cancel(wsId) {
        await client.cancelQueries({ queryKey: [wsId, name], fetchStatus: 'fetching' }, { revert: false });
      },
      useJobId(wsId, params) {
        const hash = hashKey(keyOf(wsId, params));
        return useJobIds((s) => s[hash] ?? null);
      },
    };
  };
}

function lastTouched(q: { state: { dataUpdatedAt: number; errorUpdatedAt: number } }): number {
  return Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt);
}

function statusOf(status: 'pending' | 'error' | 'success'): QueryStatus {
  return status === 'success' ? 'ready' : status === 'error' ? 'error' : 'idle';
}

/** The entry a view shows, from what react-query's observer reports. */
export function entryOf<T>(
  result: {
    status: 'pending' | 'error' | 'success';
    fetchStatus: 'fetching' | 'paused' | 'idle';
    data: T | undefined;
    error: Error | null;
    isPlaceholderData: boolean;
    dataUpdatedAt: number;
  },
  key: string,
  jobId: string | null,
): QueryEntry<T> {
  const fetching = result.fetchStatus === 'fetching';
  return {
    status: fetching ? 'loading' : statusOf(result.status),
    data: result.data ?? null,
    error: result.status === 'error' && !fetching ? toAppError(result.error) : null,
    key,
    dataKey: result.data === undefined || result.isPlaceholderData ? null : key,
    loadedAt: result.dataUpdatedAt || null,
    jobId: fetching ? jobId : null,
  };
}

/** Loads when the workspace or the parameters change; returns the workspace's entry for them. */
export function useWorkspaceQuery<P, T>(query: WorkspaceQuery<P, T>, wsId: string, params: P): QueryEntry<T> {
  const result = useQuery(query.options(wsId, params), query.client);
  const jobId = query.useJobId(wsId, params);
  return entryOf(result, stableKey(params), jobId);
}
