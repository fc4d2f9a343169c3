/**
 * App-wide server state, as queryOptions keyed by the contract call: the workspace list, the key
 * store's status, a workspace's portfolios (every tab's picker reads them), and the jobs a walk
 * runs under with their progress. Also the app-wide calls that change something (activate a
 * workspace, save its remembered view, choose a save path, cancel a job) and the main side's
 * app-wide events, written into the cache. No React and no zod here: boot.ts imports this module
 * before the app's code is evaluated.
 */
import {
  keepPreviousData,
  queryOptions,
  skipToken,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { CallInput, ProgressEvent, WorkspaceList, WorkspaceView } from '@shared/contract';
import { PAGE_LIMITS } from '@shared/platform/page-limits';
import type { JsonObject } from '@shared/platform/resources';
import type { Result } from '@shared/result';
import { copper, newJobId } from '../lib/api';
import { unwrap } from './query-client';

// ---------------------------------------------------------------------------------------------
// Workspaces and the key store

export const workspacesQuery = queryOptions({
  queryKey: ['workspaces.list'] as const,
  queryFn: () => unwrap(copper().workspaces.list({})),
  // Always shown (the switcher), kept current by `workspace-changed` and by what the calls answer.
  gcTime: Infinity,
});

/** A workspace created or edited here, put into the list (the main side's event follows). */
export function putWorkspace(client: QueryClient, view: WorkspaceView): void {
  client.setQueryData(workspacesQuery.queryKey, (list) => {
    if (!list) return list;
    const known = list.workspaces.some((w) => w.id === view.id);
    const workspaces = known
      ? list.workspaces.map((w) => (w.id === view.id ? view : w))
      : [...list.workspaces, view];
    return { ...list, workspaces };
  });
}

export function putWorkspaceList(client: QueryClient, list: WorkspaceList): void {
  client.setQueryData(workspacesQuery.queryKey, list);
}

/** Tells the main side which workspace this window shows (it remembers it for the next start). */
export function activateWorkspace(id: string) {
  return copper().workspaces.activate({ id });
}

export function saveUiState(id: string, uiState: JsonObject) {
  return copper().workspaces.saveUiState({ id, uiState });
}

export const keychainStatusQuery = queryOptions({
  queryKey: ['keychain.status'] as const,
  queryFn: () => unwrap(copper().keychain.status({})),
});

// ---------------------------------------------------------------------------------------------
// Portfolios: every tab's picker and the portfolios tab read the same cache

export const PORTFOLIO_LIMIT = PAGE_LIMITS.portfolios.max;

/**
 * Active portfolios (the platform's default), or the inactive ones (names only: wallets of an
 * inactive portfolio would otherwise show a bare portfolio id).
 */
export function portfoliosQuery(workspaceId: string, active: boolean) {
  const input: Omit<CallInput<'portfolios.list'>, 'workspaceId'> = active
    ? { limit: PORTFOLIO_LIMIT }
    : { limit: PORTFOLIO_LIMIT, isActive: false };
  return queryOptions({
    queryKey: [workspaceId, 'portfolios.list', input] as const,
    queryFn: () => unwrap(copper().portfolios.list({ workspaceId, ...input })),
  });
}

// ---------------------------------------------------------------------------------------------
// Jobs: walks with progress and cancel

/** The job id the fetch of a walk runs under (null once it settled), kept beside the walk's key. */
export const jobQuery = (walkKey: QueryKey) =>
  queryOptions<string | null>({ queryKey: ['jobs', ...walkKey], queryFn: skipToken });

/** A job's latest `progress` event, written by the event (see `subscribeAppEvents`). */
export const progressQuery = (jobId: string) =>
  queryOptions<ProgressEvent>({ queryKey: ['progress', jobId], queryFn: skipToken });

export function cancelJob(jobId: string) {
  return copper().jobs.cancel({ jobId });
}

/**
 * What a running walk has streamed so far (issue 30): the rows of every page read, as they came
 * (`progress` events with `rows`), the requests they took and an estimate of the whole. The view
 * shows them until the walk's answer replaces them, then drops them (useWalk).
 */
export interface WalkSoFar {
  jobId: string;
  items: readonly unknown[];
  /** Requests sent so far (a page each, empty re-reads included). */
  pages: number;
  /** The platform's own total when it gives one, else the last complete walk's count of the same list. */
  estimate: number | null;
}

export const walkSoFarQuery = (walkKey: QueryKey) =>
  queryOptions<WalkSoFar>({ queryKey: ['walk-so-far', ...walkKey], queryFn: skipToken });

/** Rows in a walk's answer: `items` of a list, `rows` of a main-side store. */
function rowsIn(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as { items?: unknown; rows?: unknown; complete?: unknown };
  if (d.complete === false) return null;
  if (Array.isArray(d.items)) return d.items.length;
  return typeof d.rows === 'number' ? d.rows : null;
}

/**
 * How long a streamed walk's answer waits for the events that carried its rows (they travel apart
 * from it: in browser mode an event stream beside the call's response).
 */
export const STREAM_WAIT_MS = 5000;

interface Streaming {
  off(): void;
  /** The rows the events carried so far, moved rows replaced. */
  rows(): readonly unknown[];
  /** Resolves true once `events` events came, false if they did not within STREAM_WAIT_MS. */
  settled(events: number): Promise<boolean>;
}

/**
 * Appends the rows `jobId`'s progress events carry (and puts each moved row's newer copy in its
 * place) to the walk's `WalkSoFar`, until off(). The entry stays until the view has painted the
 * answer (useWalk drops it then): dropped here, a render could fall back to the previous answer
 * for a frame.
 */
function streamInto(client: QueryClient, walkKey: QueryKey, jobId: string): Streaming {
  const key = walkSoFarQuery(walkKey).queryKey;
  const estimate = rowsIn(client.getQueryData(walkKey));
  client.removeQueries({ queryKey: key, exact: true });
  let items: readonly unknown[] = [];
  let events = 0;
  let waiting: { events: number; resolve: (all: boolean) => void } | null = null;
  const off = copper().events.on('progress', (e) => {
    if (e.jobId !== jobId || (e.rows === undefined && e.moved === undefined)) return;
    events++;
    const next = items.concat(e.rows ?? []);
    for (const { index, row } of e.moved ?? []) if (index >= 0 && index < next.length) next[index] = row;
    items = next;
    client.setQueryData<WalkSoFar>(key, { jobId, items, pages: e.pages, estimate: e.total ?? estimate });
    if (waiting !== null && events >= waiting.events) waiting.resolve(true);
  });
  return {
    off,
    rows: () => items,
    settled: (n) =>
      events >= n
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            waiting = { events: n, resolve };
            setTimeout(() => resolve(false), STREAM_WAIT_MS);
          }),
  };
}

/** What a streamed walk's answer says its events carried (`AllRows.streamed`), else null. */
function streamedOf(answer: unknown): { events: number; rows: number } | null {
  if (typeof answer !== 'object' || answer === null || !('streamed' in answer)) return null;
  const s = (answer as { streamed?: { events: number; rows: number } }).streamed;
  return s ?? null;
}

/**
 * One call's answer for a workspace, keyed by the call and its parameters, that keeps showing the
 * previous answer while the one for new parameters loads.
 */
export function paramsQuery<N extends string, P, T>(
  workspaceId: string,
  call: N,
  params: P,
  fetch: () => Promise<Result<T>>,
) {
  return queryOptions({
    queryKey: [workspaceId, call, params] as const,
    queryFn: () => unwrap(fetch()),
    placeholderData: keepPreviousData,
  });
}

/**
 * The query function of a walk: the main side reads every page under a job id, with `progress`
 * events, until done or `jobs.cancel`. The walk's key is `[workspaceId, call, params]`; a newer
 * request of the same call in the same workspace (other filters, or a reload) cancels the one in
 * flight. Leaving the tab does not: the signal is never read, so react-query lets the fetch run on
 * without a view, and its rows are there on return.
 *
 * `run` is asked to stream (issue 30): the pages come on the job's events as they are read and
 * are kept under `walkSoFarQuery` while it runs (the first page shows at once). A list's answer
 * then holds no rows (`AllRows.streamed`): they are the events' rows, assembled here, so each
 * row crosses the bridge and is parsed once. Should some events not arrive, the walk is run once
 * more without streaming (its rows in the answer) rather than end with rows missing.
 */
export function walkFn<T>(prefix: string, run: (jobId: string, stream: boolean) => Promise<Result<T>>) {
  return async ({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }): Promise<T> => {
    const mine = jobQuery(queryKey).queryKey;
    for (const [key, running] of client.getQueriesData<string | null>({
      queryKey: jobQuery(queryKey.slice(0, 2)).queryKey,
    })) {
      if (!running) continue;
      client.setQueryData(key, null);
      void cancelJob(running);
    }
    let jobId = newJobId(prefix);
    client.setQueryData(mine, jobId);
    const streaming = streamInto(client, queryKey, jobId);
    try {
      const answer = await unwrap(run(jobId, true));
      const streamed = streamedOf(answer);
      if (streamed === null) return answer;
      if ((await streaming.settled(streamed.events)) && streaming.rows().length === streamed.rows)
        return { ...answer, items: streaming.rows() };
      jobId = newJobId(prefix);
      client.setQueryData(mine, jobId);
      return await unwrap(run(jobId, false));
    } finally {
      streaming.off();
      if (client.getQueryData(mine) === jobId) client.setQueryData(mine, null);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Other app-wide calls and events

/** Where to save an export: a native dialog in Electron; a suggested path in browser mode. */
export function chooseSavePath(suggestedName: string) {
  return copper().exports.chooseSavePath({ suggestedName });
}

/**
 * The main side's app-wide events, into the cache: the workspace list (another window, a vault
 * that locked itself: the key store's status is read again) and each job's progress. Called once
 * by App; returns the unsubscribe.
 */
export function subscribeAppEvents(client: QueryClient): () => void {
  const offs = [
    copper().events.on('workspace-changed', (list) => {
      putWorkspaceList(client, list);
      void client.invalidateQueries({ queryKey: keychainStatusQuery.queryKey });
    }),
    // A streamed page's rows go to its walk (walkFn), not into every progress entry.
    copper().events.on('progress', ({ rows: _rows, ...e }) =>
      client.setQueryData(progressQuery(e.jobId).queryKey, e),
    ),
  ];
  return () => offs.forEach((off) => off());
}
