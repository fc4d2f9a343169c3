/**
 * The blotter: every exchange order the console sent, rebuilt from the journal on the main side
 * (src/main/journal/blotter.ts), so it is the same after a restart or a workspace switch. Filters
 * by status and asset; a batch with refused orders shows amber "Partly failed", each order with its
 * own result. A row's Cancel and Modify go through the same prepared-action path as the ticket:
 * prepare, the confirmation, one execute. It reads again when an action is sent or settles.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ActionResult, PreparedAction } from '@shared/actions';
import { BLOTTER_STATUSES, type BlotterRow } from '@shared/blotter';
import type { WorkspaceView } from '@shared/contract';
import type { ExchangeAction } from '@shared/exchange-actions';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useActionStore } from '../../components/actions/action-store';
import { unsettledActionsQuery } from '../../components/actions/queries';
import { useActionLauncher } from '../../components/actions/use-action';
import { DataTable, defaultLayout } from '../../components/data-table';
import { FilterBar, filterFieldsFor, unsetWhenEmpty, useTabTable } from '../../components/view-kit';
import { useLatest } from '../../components/view-kit/use-latest';
import { useFeatureFilters } from '../../state/feature-filters';
import { BlotterDetail } from './BlotterDetail';
import { rowRef } from './blotter-actions';
import { blotterColumns } from './blotter-columns';
import { EXCHANGE_ACTION_FORMS } from './exchange-action-form';
import { cancelBody, preparedLines } from './order-ticket';
import { blotterQuery, exchangeAssetsQuery } from './queries';
import { sentAction, useExchangeSession, useSentActions } from './session-store';

/** Rows shown at most; the count of every match is stated above the table. */
export const BLOTTER_SHOWN = 500;

const filterSchema = z.object({
  status: z.enum(BLOTTER_STATUSES).optional(),
  /** The asset index as text ('' = any), as the select gives it. */
  asset: z.string().regex(/^\d{0,7}$/),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = { asset: '' };
const f = filterFieldsFor<Filters>();
const LAYOUT = defaultLayout(
  blotterColumns({ assetName: () => undefined, onCancel: () => {}, onModify: () => {}, busy: false }),
  null,
);

/**
 * Reads the blotter again once an action was sent (the session gets it), once the confirmation
 * closes, and when the unknown list changes (a settlement): what the journal now holds.
 */
function useRereadOnActions(wsId: string, reread: () => void): void {
  const sent = useSentActions(wsId).length;
  const dialogOpen = useActionStore((s) => s.open !== null);
  const unsettled = useQuery(unsettledActionsQuery).dataUpdatedAt;
  const first = useRef(true);
  const latest = useLatest(reread);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!dialogOpen) latest.current();
  }, [sent, dialogOpen, unsettled, latest]);
}

export function Blotter({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'blotter', filterSchema, DEFAULTS);
  const params = useMemo(
    () => ({
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.asset !== '' ? { asset: Number(filters.asset) } : {}),
      limit: BLOTTER_SHOWN,
    }),
    [filters.status, filters.asset],
  );
  const blotter = useQuery(blotterQuery(wsId, params));
  const assets = useQuery(exchangeAssetsQuery(wsId));
  const nameOf = useMemo(() => {
    const names = new Map((assets.data?.assets ?? []).map((a) => [a.index, a.name]));
    return (index: number) => names.get(index);
  }, [assets.data]);
  const launcher = useActionLauncher();
  const [problem, setProblem] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [modifyOpen, setModifyOpen] = useState(false);
  const reread = () => void blotter.refetch();
  useRereadOnActions(wsId, reread);

  /** Prepares `action` for the row's vault; the confirmation lists it; its result joins the session. */
  const send = (row: BlotterRow, action: ExchangeAction) => {
    setProblem(null);
    const vault = row.vaultAddress ?? '';
    void launcher.launch(
      wsId,
      EXCHANGE_ACTION_FORMS['exchange.submit'].input(action, vault),
      (result: ActionResult, prepared: PreparedAction) => {
        useExchangeSession.getState().add(wsId, sentAction(result, prepared, action, vault));
        reread();
      },
      (prepared) => preparedLines(prepared.request.body, assets.data?.assets ?? []),
    );
  };
  const onCancel = (row: BlotterRow) => {
    const ref = rowRef(row);
    const body = ref === null ? null : cancelBody(row.order.a, ref);
    if (body === null || !body.ok) setProblem(body?.error ?? 'No oid or cloid names this order.');
    else send(row, body.action);
  };
  const onModify = (row: BlotterRow) => {
    setSelectedId(row.id);
    setModifyOpen(true);
  };

  // The buttons call the latest handlers: the columns are rebuilt only for names and `preparing`.
  const handlers = useLatest({ onCancel, onModify });
  const columns = useMemo(
    () =>
      blotterColumns({
        assetName: nameOf,
        onCancel: (r) => handlers.current.onCancel(r),
        onModify: (r) => handlers.current.onModify(r),
        busy: launcher.preparing,
      }),
    [nameOf, launcher.preparing, handlers],
  );
  const page = blotter.data;
  const rows = page?.rows ?? null;
  const selected = rows?.find((r) => r.id === selectedId) ?? null;
  const table = useTabTable(wsId, 'blotter', LAYOUT, blotter, reread);
  const assetOptions = (page?.assets ?? []).map((a) => ({
    value: String(a),
    label: nameOf(a) ? `${nameOf(a)} (#${a})` : `#${a}`,
  }));

  return (
    <div className="split-v" data-testid="blotter">
      <FilterBar
        testId="blotter-filters"
        actions={{ onRefresh: reread, refreshTestId: 'blotter-refresh' }}
        fields={[
          f.select('status', 'Status', 'blotter-filter-status', BLOTTER_STATUSES, {
            anyLabel: 'Any',
            parse: unsetWhenEmpty,
          }),
          f.select('asset', 'Asset', 'blotter-filter-asset', assetOptions, { anyLabel: 'All assets' }),
        ]}
        value={filters}
        onChange={(patch) => setFilters({ ...filters, ...patch })}
      />
      {page && page.unreadable > 0 ? (
        <div className="notice" data-testid="blotter-unreadable" title={page.unreadableNotes.join('\n')}>
          {page.unreadable === 1 ? '1 journal entry' : `${page.unreadable} journal entries`} of exchange
          actions could not be read; the orders they held may be missing here. {page.unreadableNotes[0] ?? ''}
          {page.unreadable > 1 ? ' (see the tooltip; run the Journal check for the whole file).' : '.'}
        </div>
      ) : null}
      {launcher.error ? <ErrorBanner error={launcher.error} testId="blotter-refused" /> : null}
      {problem ? (
        <p className="field-error" role="alert" data-testid="blotter-problem">
          {problem}
        </p>
      ) : null}
      <div className="split">
        <DataTable
          {...table}
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          selectedId={selectedId}
          onSelect={(r) => {
            setSelectedId(r.id);
            setModifyOpen(false);
          }}
          emptyText={
            filters.status || filters.asset !== ''
              ? 'No order the console sent matches these filters.'
              : 'No exchange order sent from this workspace yet: orders sent from the ticket or the composer appear here.'
          }
          toolbar={
            <>
              <h2 className="pane-title">Blotter</h2>
              {page ? (
                <span className="small muted" data-testid="blotter-count">
                  {page.total > page.rows.length
                    ? `newest ${page.rows.length} of ${page.total} orders`
                    : `${page.total} ${page.total === 1 ? 'order' : 'orders'}`}
                </span>
              ) : null}
            </>
          }
        />
        {selected ? (
          <BlotterDetail
            row={selected}
            assetName={nameOf}
            modifyOpen={modifyOpen}
            onModifyOpen={setModifyOpen}
            onCancel={() => onCancel(selected)}
            onSend={(action) => send(selected, action)}
            launcher={launcher}
            onClose={() => setSelectedId(null)}
          />
        ) : null}
      </div>
    </div>
  );
}
