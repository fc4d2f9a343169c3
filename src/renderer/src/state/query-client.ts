/**
 * The renderer's one react-query client: the only holder of server state in the renderer. The
 * calls themselves live in each feature's `queries.ts` (queryOptions keyed by the contract call and
 * its input: `['workspaces.list']`, `[workspaceId, 'loans.listAll', params]`); this module holds the
 * client and what every query shares. No React and no zod here: boot.ts imports it before the app.
 *
 * Errors travel as values (`Result`) from the main side; `unwrap` turns a failure into the query's
 * error (so react-query keeps the last data and the state) and `toAppError` gives back the same
 * `AppError` with the contract's text. No retries, no refetch on focus: the main side's client
 * decides retries, and data stays until reloaded (or until an event from main says it changed).
 */
import {
  CancelledError,
  QueryClient,
  type Query,
  type QueryExecuteOptions,
  type QueryKey,
} from '@tanstack/react-query';
import type { AppError, Result } from '@shared/result';

/**
 * How long data no view shows any more stays cached: a switch back within this paints at once, and
 * every filter combination ever asked for no longer stays for the whole session. A query a view
 * shows (the active workspace's open tab, the shell's lists) has an observer and is never dropped.
 */
export const INACTIVE_GC_MS = 5 * 60_000;

/** Error entries reload on the next view (a failed read is not an answer to keep); data stays until reloaded. */
export const staleUnlessFailed = (query: Query) => (query.state.status === 'error' ? 0 : Infinity);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The main side's client decides retries (and never retries an authentication failure).
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Calls cross IPC, not the network: the browser's online flag must not pause them.
        networkMode: 'always',
        staleTime: staleUnlessFailed,
        gcTime: INACTIVE_GC_MS,
      },
      // A mutation is never repeated: a POST that may have reached the platform is not sent twice.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

/** The main side's answer, carried through react-query's error channel unchanged. */
export class QueryFailure extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/** The value of a contract call's answer, or its `AppError` thrown as a `QueryFailure`. */
export async function unwrap<T>(answer: Promise<Result<T>>): Promise<T> {
  const res = await answer;
  if (!res.ok) throw new QueryFailure(res.error);
  return res.value;
}

/** The error a view shows for a query's or a mutation's failure, whatever form it took. */
export function toAppError(error: unknown): AppError {
  if (error instanceof QueryFailure) return error.appError;
  if (error instanceof CancelledError) return { code: 'cancelled', message: 'Cancelled' };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/** What the tables show: nothing asked yet, a request in flight, an answer, or a failure. */
export type QueryStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The part of a query's result the status is read from (useQuery's result has it). */
export interface QueryResultState {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: unknown;
}

/** A query's result as the tables show it: a refetch is `loading` (the rows stay), a failure has its `AppError`. */
export function viewState(result: QueryResultState): { status: QueryStatus; error: AppError | null } {
  if (result.fetchStatus === 'fetching') return { status: 'loading', error: null };
  if (result.status === 'success') return { status: 'ready', error: null };
  if (result.status === 'error') return { status: 'error', error: toAppError(result.error) };
  return { status: 'idle', error: null };
}

/** Starts a read into the cache (unless its data is there and fresh); its failure stays in the cache for the view. */
export function prefetch<T, K extends QueryKey>(
  client: QueryClient,
  options: QueryExecuteOptions<T, Error, T, T, K>,
): void {
  client.query(options).catch(() => undefined);
}
