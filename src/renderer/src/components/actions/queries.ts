/**
 * The contract calls of actions and of the two LTV reads, in one place (the renderer calls the
 * contract for server state only from `queries.ts` files):
 *
 * - actions: prepare / execute / check / settle are calls that change something, made once each
 *   (never through react-query, which could repeat them); the list of actions whose outcome is
 *   unknown is a query, re-read when the main side says it changed (`actions-changed`) and after
 *   a check or a settlement;
 * - the lockout guard's counters: a query per workspace, re-read on `guard-changed` and now and
 *   then (its windows roll on without requests);
 * - the LTV estimate and dry run: reads (src/shared/ltv-reads.ts), sent on the operator's click,
 *   once; the view shows the request before (`previewEstimateLtv`, `previewLtvDryRun`: the same
 *   functions the main side builds what it sends with).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import {
  estimateLtvRequest,
  ltvDryRunRequest,
  readUrl,
  type EstimateLtvInput,
  type LtvDryRunInput,
  type ReadRequest,
} from '@shared/ltv-reads';
import type { Result } from '@shared/result';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../../state/query-client';
import { useVerdicts } from './verdicts';

// ---------------------------------------------------------------------------------------------
// Actions

export function prepareAction(input: CallInput<'actions.prepare'>) {
  return copper().actions.prepare(input);
}

/** Sends the prepared request once; the unknown list follows through `actions-changed`. */
export function executeAction(input: CallInput<'actions.execute'>) {
  return copper().actions.execute(input);
}

/**
 * Re-reads what an unsettled action touched; a settled one leaves the list, and its verdict is
 * kept for every view that shows the action (./verdicts.ts).
 */
export async function checkAction(id: string, client: QueryClient = queryClient) {
  const res = await copper().actions.check({ id });
  if (res.ok && res.value.settled !== null) {
    useVerdicts.getState().recordSettled(res.value, 'check');
    void client.invalidateQueries(unsettledActionsQuery);
  }
  return res;
}

/** The operator's own finding, where the platform offers no read. */
export async function settleAction(input: CallInput<'actions.settle'>, client: QueryClient = queryClient) {
  const res = await copper().actions.settle(input);
  if (res.ok) {
    useVerdicts.getState().recordSettled(res.value, 'operator');
    void client.invalidateQueries(unsettledActionsQuery);
  }
  return res;
}

/** Every workspace's actions whose outcome is unknown: shown until settled. */
export const unsettledActionsQuery = queryOptions({
  queryKey: ['actions.unsettled'] as const,
  queryFn: () => unwrap(copper().actions.unsettled({})),
  // The top bar always shows it; kept current by the event below.
  gcTime: Infinity,
});

/** The lockout guard's counters for the key a workspace uses now. */
export const guardStatusQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'guard.status'] as const,
    queryFn: () => unwrap(copper().guard.status({ workspaceId })),
    // Windows roll on without requests: read again now and then so counts fall back.
    refetchInterval: 15_000,
  });

/**
 * The main side's events about actions and the guard, into the cache: the unknown list and a
 * workspace's counters are marked stale (a shown one re-reads at once). Called once by the shell.
 */
export function subscribeActionEvents(client: QueryClient = queryClient): () => void {
  const offs = [
    copper().events.on('actions-changed', () => void client.invalidateQueries(unsettledActionsQuery)),
    copper().events.on(
      'guard-changed',
      (e) => void client.invalidateQueries({ queryKey: guardStatusQuery(e.workspaceId).queryKey }),
    ),
  ];
  return () => offs.forEach((off) => off());
}

// ---------------------------------------------------------------------------------------------
// The LTV reads

/** What the preview shows: the request exactly as the main side will sign and send it. */
export type ReadPreview = Result<Omit<ReadRequest, 'path'> & { url: string }>;

const preview = (workspace: { baseUrl: string }, built: Result<ReadRequest>): ReadPreview => {
  if (!built.ok) return built;
  const { path, ...request } = built.value;
  return { ok: true, value: { ...request, url: readUrl(workspace.baseUrl, path) } };
};

export const previewEstimateLtv = (
  workspace: { baseUrl: string; organizationId: string },
  input: EstimateLtvInput,
): ReadPreview => preview(workspace, estimateLtvRequest(workspace.organizationId, input));

export const previewLtvDryRun = (
  workspace: { baseUrl: string; organizationId: string },
  input: LtvDryRunInput,
): ReadPreview => preview(workspace, ltvDryRunRequest(workspace.organizationId, input));

/** The platform's estimate for the loan with the inputs given (changes nothing). */
export function estimateLtv(workspaceId: string, input: EstimateLtvInput) {
  return copper().loans.estimateLtv({ workspaceId, ...input });
}

/** The platform's LTV dry run with the body as written (changes nothing). */
export function ltvDryRun(workspaceId: string, input: LtvDryRunInput) {
  return copper().loans.ltvDryRun({ workspaceId, ...input });
}
