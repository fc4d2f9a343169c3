/**
 * The Journal tab: one row per action this workspace journalled (prepared, confirmed, sent,
 * answered, outcome, settled), still-unsettled actions on top, then the most recently active, with
 * who acted; an action expands into its steps, and a step opens its full entry in the detail pane.
 * Also the chain's verdict and a CSV export of the matching entries. Filtering, grouping and
 * paging happen on the main side.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { JOURNAL_OUTCOMES, type WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { TimeRangeFields } from '../../components/TimeRangeFields';
import {
  FilterBar,
  filterFieldsFor,
  TextField,
  useDebouncedCommit,
  useTabTable,
} from '../../components/view-kit';
import { viewState } from '../../state/query-client';
import { JournalDetail } from './JournalDetail';
import { JournalExport } from './JournalExport';
import { JournalVerdictNote } from './JournalVerdictNote';
import { journalColumns } from './journal-columns';
import { journalTableRows, type JournalTableRow } from './journal-rows';
import { journalActionsQuery, PAGE_SIZE, verdictQuery, type JournalParams } from './queries';
import './journal.css';

const filterSchema = z.object({
  action: z.string().max(200),
  outcome: z.enum(['', ...JOURNAL_OUTCOMES]),
  from: z.string().regex(/^\d{0,16}$/),
  to: z.string().regex(/^\d{0,16}$/),
  search: z.string().max(200),
  unsettledOnly: z.boolean(),
  page: z.number().int().min(0),
});
const DEFAULTS: JournalParams = {
  action: '',
  outcome: '',
  from: '',
  to: '',
  search: '',
  unsettledOnly: false,
  page: 0,
};

const f = filterFieldsFor<JournalParams>();
const LAYOUT = defaultLayout(
  journalColumns(() => undefined),
  null,
);

/** The seq the detail pane shows for a row: a step's own, an action's latest entry. */
function seqOf(row: JournalTableRow): number | null {
  if (row.kind === 'step') return row.step.seq;
  if (row.kind === 'action') return row.action.lastSeq;
  return null;
}

export default function JournalView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'journal', filterSchema, DEFAULTS);
  const [search, setSearch] = useState(filters.search);
  const [selected, setSelected] = useState<{ rowId: string; seq: number } | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const entry = useQuery(journalActionsQuery(wsId, filters));
  const verdict = useQuery(verdictQuery(wsId));
  const page = entry.data;
  const set = (patch: Partial<JournalParams>) => setFilters({ ...filters, page: 0, ...patch });

  useDebouncedCommit(search, filters.search, (text) => setFilters({ ...filters, page: 0, search: text }));

  const toggle = useCallback(
    (actionId: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(actionId)) next.add(actionId);
        return next;
      }),
    [],
  );
  const columns = useMemo(() => journalColumns(toggle), [toggle]);
  const rows = useMemo(() => (page ? journalTableRows(page.rows, expanded) : null), [page, expanded]);

  const refresh = () => {
    void entry.refetch();
    void verdict.refetch();
  };
  const first = page ? Math.min(page.total, page.offset + 1) : 0;
  const last = page ? page.offset + page.rows.length : 0;
  const actions = useMemo(() => page?.actions ?? [], [page]);

  const table = useTabTable(wsId, 'journal', LAYOUT, entry, refresh);
  return (
    <div className="split-v" data-testid="journal-view">
      <FilterBar
        testId="journal-filters"
        actions={{
          onRefresh: refresh,
          refreshTestId: 'journal-refresh',
          extra: <JournalExport wsId={wsId} wsName={workspace.name} params={filters} />,
        }}
        fields={[
          f.select('action', 'Action', 'journal-filter-action', actions, { anyLabel: 'All actions' }),
          f.select('outcome', 'Outcome', 'journal-filter-outcome', JOURNAL_OUTCOMES, { anyLabel: 'Any' }),
          f.custom('time', () => (
            <TimeRangeFields
              value={{ from: filters.from || undefined, to: filters.to || undefined }}
              onChange={(r) => set({ from: r.from ?? '', to: r.to ?? '' })}
            />
          )),
          f.custom('search', () => (
            <TextField
              label="Search id"
              testId="journal-filter-search"
              value={search}
              maxLength={200}
              placeholder="action id or object id"
              onChange={setSearch}
              width={220}
            />
          )),
          f.checkbox('unsettledOnly', 'Unsettled only', 'journal-filter-unsettled'),
        ]}
        value={filters}
        onChange={set}
      />
      <JournalVerdictNote verdict={verdict.data ?? null} error={viewState(verdict).error} />
      {page && page.unsettledActions > 0 ? (
        <div className="notice" data-testid="journal-unsettled-notice">
          {page.unsettledActions === 1 ? '1 action has' : `${page.unsettledActions} actions have`} an unknown
          outcome that has not been checked yet (they may date from before a restart). They are listed first;
          use "Check now" on the action to settle it.
        </div>
      ) : null}
      <div className="split">
        <DataTable
          {...table}
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          disableSort
          selectedId={selected?.rowId ?? null}
          onSelect={(r) => {
            const seq = seqOf(r);
            if (seq !== null) setSelected({ rowId: r.id, seq });
          }}
          emptyText="No action has been journalled here yet."
          toolbar={
            <div className="actions-row">
              <h2 className="pane-title">Action journal</h2>
              <span className="small" data-testid="journal-range">
                {page
                  ? `${first.toLocaleString()}–${last.toLocaleString()} of ${page.total.toLocaleString()} ${page.total === 1 ? 'action' : 'actions'}`
                  : ''}
              </span>
              <button
                type="button"
                className="btn small"
                data-testid="journal-prev"
                disabled={filters.page === 0}
                onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
              >
                ‹ Newer
              </button>
              <button
                type="button"
                className="btn small"
                data-testid="journal-next"
                disabled={!page || last >= page.total}
                onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
              >
                Older ›
              </button>
            </div>
          }
        />
        {selected !== null ? (
          <JournalDetail wsId={wsId} seq={selected.seq} onClose={() => setSelected(null)} />
        ) : null}
      </div>
    </div>
  );
}

export { PAGE_SIZE };
