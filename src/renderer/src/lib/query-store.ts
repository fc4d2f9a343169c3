/**
 * Per-workspace query cache used by every feature. A feature creates its own instance (its store
 * slice) with `createWorkspaceQuery`. Stored shape: { byWs: { [workspaceId]: QueryEntry<T> } }.
 *
 * Two rules keep one workspace's data from appearing under another's name:
 *  - entries are keyed by workspace id and views read only the active workspace's entry;
 *  - a response that arrives after its workspace stopped being active is dropped (the entry goes
 *    back to idle so it reloads on return), as is one overtaken by a newer request.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppError, Result } from '@shared/result';
import { isActiveWorkspace } from '../app/workspace-store';
import { copper, newJobId } from './api';

export type QueryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface QueryEntry<T> {
  status: QueryStatus;
  data: T | null;
  error: AppError | null;
  /** Parameters the current request (or last success) was made with. */
  key: string | null;
  /** Parameters `data` belongs to; differs from `key` while new parameters load. */
  dataKey: string | null;
  loadedAt: number | null;
  /** Job id of the request in flight, for calls that report progress and can be cancelled. */
  jobId: string | null;
}

const IDLE: QueryEntry<never> = {
  status: 'idle',
  data: null,
  error: null,
  key: null,
  dataKey: null,
  loadedAt: null,
  jobId: null,
};

/** JSON with sorted keys, so equal parameters always make the same cache key. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export interface WorkspaceQuery<P, T> {
  useEntry(wsId: string): QueryEntry<T>;
  load(wsId: string, params: P, force?: boolean): Promise<void>;
  /** Replaces data in place (e.g. a loan returned by an action), without refetching. */
  update(wsId: string, fn: (data: T) => T): void;
  get(wsId: string): QueryEntry<T>;
  /** Asks the main side to stop the job in flight (only for queries created with a job prefix). */
  cancel(wsId: string): Promise<void>;
}

export function createWorkspaceQuery<P, T>(
  fetcher: (wsId: string, params: P, jobId: string) => Promise<Result<T>>,
  jobPrefix?: string,
): WorkspaceQuery<P, T> {
  const useStore = create<{ byWs: Record<string, QueryEntry<T>> }>()(() => ({ byWs: {} }));
  const seqs = new Map<string, number>();
  const get = (wsId: string): QueryEntry<T> => useStore.getState().byWs[wsId] ?? IDLE;
  const put = (wsId: string, entry: QueryEntry<T>) =>
    useStore.setState((s) => ({ byWs: { ...s.byWs, [wsId]: entry } }));

  return {
    get,
    useEntry: (wsId) => useStore((s) => s.byWs[wsId] ?? IDLE),
    async load(wsId, params, force = false) {
      const key = stableKey(params);
      const prev = get(wsId);
      if (!force && prev.key === key && (prev.status === 'ready' || prev.status === 'loading')) return;
      const seq = (seqs.get(wsId) ?? 0) + 1;
      seqs.set(wsId, seq);
      const jobId = jobPrefix ? newJobId(jobPrefix) : null;
      put(wsId, { ...prev, status: 'loading', key, error: null, jobId });
      const res = await fetcher(wsId, params, jobId ?? '');
      if (seqs.get(wsId) !== seq) return;
      const cur = get(wsId);
      if (!isActiveWorkspace(wsId)) {
        put(wsId, { ...cur, status: 'idle', key: null, jobId: null });
        return;
      }
      if (res.ok) {
        put(wsId, {
          status: 'ready',
          data: res.value,
          error: null,
          key,
          dataKey: key,
          loadedAt: Date.now(),
          jobId: null,
        });
      } else {
        put(wsId, { ...cur, status: 'error', error: res.error, key, jobId: null });
      }
    },
    async cancel(wsId) {
      const jobId = get(wsId).jobId;
      if (jobId) await copper().jobs.cancel({ jobId });
    },
    update(wsId, fn) {
      const cur = get(wsId);
      if (cur.data !== null) put(wsId, { ...cur, data: fn(cur.data) });
    },
  };
}

/** Loads when the workspace or the parameters change; returns the workspace's entry. */
export function useWorkspaceQuery<P, T>(query: WorkspaceQuery<P, T>, wsId: string, params: P): QueryEntry<T> {
  const key = stableKey(params);
  useEffect(() => {
    void query.load(wsId, JSON.parse(key) as P);
  }, [query, wsId, key]);
  const entry = query.useEntry(wsId);
  return entry;
}
