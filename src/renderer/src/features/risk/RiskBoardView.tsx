/**
 * The risk board (issue 13): every open loan of the workspace by distance to margin call, read by
 * the main side's watch, which keeps running when this tab is not shown.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout, usePersistedLayout } from '../../components/data-table';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Timestamp } from '../../components/Timestamp';
import { useAfterPaintWhile, useNow } from '../../components/view-kit';
import { viewState } from '../../state/query-client';
import { riskColumns } from './columns';
import { FULL_PARAMS, HEAD_PARAMS, riskBoardQuery } from './queries';
import { RiskDetail } from './RiskDetail';
import { RiskSettingsForm } from './RiskSettingsForm';
import { RiskTotals } from './RiskTotals';
import { boardRows } from './rows';
import { usePriceSheet } from '../../state/prices/use-price-sheet';
import { rowWouldCross, StressPanel, stressColumn, stressPrices, useStress } from './StressPanel';

const filterSchema = z.object({ selectedId: z.string().optional() });
/** Ages and countdowns in the table move on this tick; the detail pane ticks every second. */
const TABLE_TICK_MS = 15_000;

export default function RiskBoardView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  // The head (the loans closest to margin call) first, then every loan: the first rows paint
  // without waiting for thousands of loans to cross the bridge. The rest is asked for once the
  // head's rows are on screen: its answer (megabytes of JSON, parsed on this thread) must not land
  // before the frame that shows them. A cycle's end (`risk-changed`) re-reads what is shown.
  const client = useQueryClient();
  const [full, setFull] = useState(
    () => client.getQueryData(riskBoardQuery(wsId, FULL_PARAMS).queryKey) !== undefined,
  );
  const query = useQuery(riskBoardQuery(wsId, full ? FULL_PARAMS : HEAD_PARAMS));
  const entry = viewState(query);
  const headReady = !full && entry.status === 'ready';
  useAfterPaintWhile(headReady, () => setFull(true));
  const reload = () => {
    if (full) void query.refetch();
    else setFull(true);
  };
  const now = useNow(TABLE_TICK_MS);
  const [filters, setFilters] = useFeatureFilters(wsId, 'risk', filterSchema, {});
  const layoutDefaults = useMemo(
    () => defaultLayout(riskColumns, { id: 'headroomMarginCall', desc: false }),
    [],
  );
  const [layout, setLayout] = usePersistedLayout(wsId, 'risk', layoutDefaults);
  const board = query.data ?? null;
  const rows = useMemo(() => {
    // The table sorts (by headroom by default) on keys it computes once per array.
    return board ? boardRows(board, workspace.organizationId, now) : null;
  }, [board, workspace.organizationId, now]);
  // "An asset falls by X %" is offered with reference prices: an estimate at the operator's prices.
  const { sheet, nowMs } = usePriceSheet(wsId);
  const prices = useMemo(() => stressPrices(sheet, nowMs), [sheet, nowMs]);
  const stress = useStress(board, prices);
  const [onlyCrossing, setOnlyCrossing] = useState(false);
  const stressResult = stress.result;
  // Under a stress: its column after the headroom, and on request only the loans that would cross.
  const columns = useMemo(
    () =>
      stressResult === null
        ? riskColumns
        : riskColumns.flatMap((c) => (c.id === 'headroomDefault' ? [c, stressColumn(stressResult)] : [c])),
    [stressResult],
  );
  const shownRows = useMemo(
    () =>
      rows !== null && stressResult !== null && onlyCrossing
        ? rows.filter((r) => rowWouldCross(stressResult, r))
        : rows,
    [rows, stressResult, onlyCrossing],
  );
  const selected = useMemo(
    () => rows?.find((r) => r.loan.loanId === filters.selectedId) ?? null,
    [rows, filters.selectedId],
  );

  return (
    <div className="split-v" data-testid="risk-board">
      <div className="filters">
        <RiskSettingsForm workspaceId={wsId} board={board} />
        <span className="muted small" data-testid="risk-last-cycle" data-cycle-at={board?.lastCycleAt ?? ''}>
          {board?.lastCycleAt ? (
            <>
              Read <Timestamp value={board.lastCycleAt} /> · {board.total.toLocaleString()} open loans ·{' '}
              {board.cycleRequests ?? '?'} requests
            </>
          ) : (
            'Waiting for the first reading…'
          )}
        </span>
      </div>
      {board?.lastError ? (
        <div className="notice warn" role="alert" data-testid="risk-watch-error">
          The last reading failed: {board.lastError}. The board shows the reading before it.
        </div>
      ) : null}
      {board?.incomplete ? (
        <div className="notice warn">
          The last reading could not vouch for every page: some loans may be missing.
        </div>
      ) : null}
      {board?.partial ? (
        <div className="muted small" data-testid="risk-partial">
          Showing the {board.loans.length.toLocaleString()} loans closest to margin call of{' '}
          {board.total.toLocaleString()}; loading the rest…
        </div>
      ) : board ? (
        <RiskTotals board={board} />
      ) : null}
      {board ? (
        <StressPanel stress={stress} onlyCrossing={onlyCrossing} onOnlyCrossing={setOnlyCrossing} />
      ) : null}
      {entry.error && !board ? <ErrorBanner error={entry.error} onRetry={reload} /> : null}
      <div className="split">
        <DataTable
          testId="table-risk"
          rows={shownRows}
          columns={columns}
          getRowId={(r) => r.loan.loanId}
          status={entry.status}
          error={entry.error}
          onRetry={reload}
          layout={layout}
          onLayoutChange={setLayout}
          selectedId={filters.selectedId ?? null}
          onSelect={(r) => setFilters({ selectedId: r.loan.loanId })}
          emptyText={shownRows === rows ? 'No open loans.' : 'No loan would cross a line under this stress.'}
          toolbar={<h2 className="pane-title">Risk</h2>}
        />
        {selected ? <RiskDetail workspaceId={wsId} row={selected} onClose={() => setFilters({})} /> : null}
      </div>
    </div>
  );
}
