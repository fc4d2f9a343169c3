/**
 * The risk board's server state: the main-side watch's last reading (re-read whenever a cycle
 * ends: `risk-changed`), its alerts as they arrive (`risk-alert`), the last cycle's failure, and
 * the calls that change the watch (settings, check now, acknowledge).
 */
import { keepPreviousData, queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import type { JobFailure } from '@shared/job-status';
import type { Result } from '@shared/result';
import type { RiskAlert, RiskBoard, RiskSettings } from '@shared/risk';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../../state/query-client';
import { showBrowserNotification } from './alerts';

/** The loans closest to margin call, fetched first so the board paints before the rest arrives. */
export const BOARD_HEAD_ROWS = 200;
export type BoardParams = { firstRows?: number };
export const HEAD_PARAMS: BoardParams = { firstRows: BOARD_HEAD_ROWS };
export const FULL_PARAMS: BoardParams = {};

export const riskBoardQuery = (workspaceId: string, params: BoardParams) =>
  queryOptions({
    queryKey: [workspaceId, 'risk.board', params] as const,
    queryFn: () => unwrap(copper().risk.board({ workspaceId, ...params })),
    placeholderData: keepPreviousData,
  });

/** Replaces the board with an answer the renderer already has (acknowledge, check now). */
export function putBoard(wsId: string, board: RiskBoard, client = queryClient): void {
  client.setQueriesData<RiskBoard>({ queryKey: [wsId, 'risk.board'] }, (data) =>
    data === undefined ? undefined : board,
  );
}

/** Alerts kept for the in-app notice: newest first, every workspace's, at most this many. */
const KEEP = 50;

export const riskAlertsQuery = queryOptions<RiskAlert[]>({
  queryKey: ['risk.alerts'],
  queryFn: skipToken,
  // Written by events only: nothing could read them again.
  gcTime: Infinity,
});

/** The watch's last cycle threw (issue 25), and when the renderer heard of it; `failure` null once a cycle succeeds. */
export type WatchFailure = { failure: JobFailure | null; seenAt: number };

export const watchFailureQuery = (workspaceId: string) =>
  queryOptions<WatchFailure>({ queryKey: [workspaceId, 'risk.watchFailure'], queryFn: skipToken });

export function dismissAlert(alert: RiskAlert, client = queryClient): void {
  client.setQueryData(riskAlertsQuery.queryKey, (all) => all?.filter((a) => a !== alert));
}

/** Stops the reminders of the loan's current margin call: the board and the notices follow. */
export async function acknowledgeRisk(
  workspaceId: string,
  loanId: string,
  client = queryClient,
): Promise<Result<RiskBoard>> {
  const res = await copper().risk.acknowledge({ workspaceId, loanId });
  if (!res.ok) return res;
  putBoard(workspaceId, res.value, client);
  const answered = (a: RiskAlert) =>
    a.workspaceId === workspaceId &&
    a.loanId === loanId &&
    (a.kind === 'reminder' || a.kind === 'margin-call');
  client.setQueryData(riskAlertsQuery.queryKey, (all) => all?.filter((a) => !answered(a)));
  return res;
}

export async function configureRisk(
  workspaceId: string,
  settings: Omit<CallInput<'risk.configure'>, 'workspaceId'>,
  client = queryClient,
): Promise<Result<RiskSettings>> {
  const res = await copper().risk.configure({ workspaceId, ...settings });
  if (res.ok) void client.invalidateQueries({ queryKey: [workspaceId, 'risk.board'] });
  return res;
}

export async function checkRiskNow(workspaceId: string, client = queryClient): Promise<Result<RiskBoard>> {
  const res = await copper().risk.checkNow({ workspaceId });
  if (res.ok) putBoard(workspaceId, res.value, client);
  return res;
}

/**
 * The watch's events, into the cache: an alert joins the notices (and notifies in browser mode),
 * the end of a cycle marks the workspace's board stale (a shown board re-reads at once, another on
 * its next view) and records the cycle's failure or its absence. Called once by App.
 */
export function subscribeRiskEvents(client: QueryClient): () => void {
  const offs = [
    copper().events.on('risk-alert', (alert) => {
      client.setQueryData(riskAlertsQuery.queryKey, (all = []) => [alert, ...all].slice(0, KEEP));
      if (!alert.desktopNotified) showBrowserNotification(alert);
    }),
    copper().events.on('risk-changed', ({ workspaceId, failure }) => {
      client.setQueryData(watchFailureQuery(workspaceId).queryKey, {
        failure: failure ?? null,
        seenAt: Date.now(),
      });
      void client.invalidateQueries({ queryKey: [workspaceId, 'risk.board'] });
    }),
  ];
  return () => offs.forEach((off) => off());
}
