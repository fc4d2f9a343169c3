/**
 * The risk board's server state: the main-side watch's last reading (re-read whenever a cycle
 * ends: `risk-changed`), its alerts (read back once, then as they arrive: `risk-alert`), the last
 * cycle's failure, and the calls that change the watch (settings, check now, acknowledge).
 */
import { keepPreviousData, queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import type { JobFailure } from '@shared/job-status';
import type { Result } from '@shared/result';
import type { RiskBoard, RiskSettings } from '@shared/risk';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../../state/query-client';
import { showBrowserNotification } from './alerts';
import {
  acknowledgeLine,
  addAlert,
  addAlerts,
  applyWatchAcknowledgements,
  EMPTY_BOOK,
  type AlertBook,
} from './alert-book';

/** The loans closest to margin call, fetched first so the board paints before the rest arrives. */
export const BOARD_HEAD_ROWS = 200;
export type BoardParams = { firstRows?: number };
export const HEAD_PARAMS: BoardParams = { firstRows: BOARD_HEAD_ROWS };
export const FULL_PARAMS: BoardParams = {};

export const riskBoardQuery = (workspaceId: string, params: BoardParams) =>
  queryOptions({
    queryKey: [workspaceId, 'risk.board', params] as const,
    queryFn: async ({ client }) => {
      const board = await unwrap(copper().risk.board({ workspaceId, ...params }));
      answerAcknowledged(client, board);
      return board;
    },
    placeholderData: keepPreviousData,
  });

/** Replaces the board with an answer the renderer already has (acknowledge, check now). */
export function putBoard(wsId: string, board: RiskBoard, client = queryClient): void {
  client.setQueriesData<RiskBoard>({ queryKey: [wsId, 'risk.board'] }, (data) =>
    data === undefined ? undefined : board,
  );
  answerAcknowledged(client, board);
}

/** The board's acknowledged margin calls answer their lines in the centre (after a reload too). */
function answerAcknowledged(client: QueryClient, board: RiskBoard): void {
  const book = client.getQueryData<AlertBook>(riskAlertsQuery.queryKey);
  if (book === undefined) return;
  const next = applyWatchAcknowledgements(book, board.workspaceId, board.tracked);
  if (next !== book) client.setQueryData(riskAlertsQuery.queryKey, next);
}

/**
 * The alert centre's book (alert-book.ts): one line per loan in its latest state, every
 * workspace's, bounded (the last 50 alerts of a loan, 1,000 loans). Read once from the watch's log
 * (`risk.alerts`, so a reload keeps them; subscribeRiskEvents starts the read), folded into what
 * events already brought; then kept by events. An alert both bring is added once (addAlert).
 * Margin calls the cached boards say are acknowledged come back answered.
 */
export const riskAlertsQuery = queryOptions<AlertBook>({
  queryKey: ['risk.alerts'],
  queryFn: async ({ client, queryKey }) => {
    const raised = await unwrap(copper().risk.alerts({}));
    let book = addAlerts(client.getQueryData<AlertBook>(queryKey) ?? EMPTY_BOOK, raised);
    for (const [, board] of client.getQueriesData<RiskBoard>({ predicate: isBoardQuery }))
      if (board !== undefined) book = applyWatchAcknowledgements(book, board.workspaceId, board.tracked);
    return book;
  },
  // Events keep it after the read: the book lives as long as the page.
  staleTime: Infinity,
  gcTime: Infinity,
});

const isBoardQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] === 'risk.board';

/** Electron shows the watch's alerts as OS notifications itself; browser mode asks the page's API. */
export const appShellQuery = queryOptions({
  queryKey: ['app.info'],
  queryFn: async () => (await unwrap(copper().app.info({}))).shell,
  staleTime: Infinity,
});

/** The watch's last cycle threw (issue 25), and when the renderer heard of it; `failure` null once a cycle succeeds. */
export type WatchFailure = { failure: JobFailure | null; seenAt: number };

export const watchFailureQuery = (workspaceId: string) =>
  queryOptions<WatchFailure>({ queryKey: [workspaceId, 'risk.watchFailure'], queryFn: skipToken });

/** "Mark seen" of a state the watch has no acknowledge for (warning, default): the centre's only. */
export function markAlertSeen(workspaceId: string, loanId: string, client = queryClient): void {
  client.setQueryData<AlertBook>(riskAlertsQuery.queryKey, (book = EMPTY_BOOK) =>
    acknowledgeLine(book, workspaceId, loanId),
  );
}

/** Stops the reminders of the loan's current margin call: the board and the alert centre follow. */
export async function acknowledgeRisk(
  workspaceId: string,
  loanId: string,
  client = queryClient,
): Promise<Result<RiskBoard>> {
  const res = await copper().risk.acknowledge({ workspaceId, loanId });
  if (!res.ok) return res;
  putBoard(workspaceId, res.value, client);
  markAlertSeen(workspaceId, loanId, client);
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
 * The watch's alerts raised so far (`risk.alerts`, read once), then its events, into the cache: an
 * alert joins the centre (and notifies in browser mode), the end of a cycle marks the workspace's
 * board stale (a shown board re-reads at once, another on its next view) and records the cycle's
 * failure or its absence. Called once by App.
 */
export function subscribeRiskEvents(client: QueryClient): () => void {
  const offs = [
    copper().events.on('risk-alert', (alert) => {
      client.setQueryData<AlertBook>(riskAlertsQuery.queryKey, (book = EMPTY_BOOK) => addAlert(book, alert));
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
  // After the listeners: an alert raised while the read is under way still arrives (and once).
  void client.prefetchQuery(riskAlertsQuery);
  return () => offs.forEach((off) => off());
}
