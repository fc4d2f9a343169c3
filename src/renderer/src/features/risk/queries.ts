/** The risk board's data: the main-side watch's last reading, re-read whenever a cycle ends. */
import type { RiskBoard } from '@shared/risk';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';

/** The loans closest to margin call, fetched first so the board paints before the rest arrives. */
export const BOARD_HEAD_ROWS = 200;
export type BoardParams = { firstRows?: number };
export const HEAD_PARAMS: BoardParams = { firstRows: BOARD_HEAD_ROWS };
export const FULL_PARAMS: BoardParams = {};

export const riskBoardQuery = createWorkspaceQuery((wsId: string, p: BoardParams) =>
  copper().risk.board({ workspaceId: wsId, ...p }),
);

/** Replaces the board with an answer the renderer already has (acknowledge, check now, settings). */
export function putBoard(wsId: string, board: RiskBoard): void {
  riskBoardQuery.update(wsId, () => board);
}
