/**
 * The Journal tab: every step of every action this workspace sent (prepared, confirmed, sent,
 * answered, outcome, settled), newest first with still-unsettled actions on top, the chain's
 * verdict, a detail pane and a CSV export. Filtering and paging happen on the main side.
 */
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { JOURNAL_OUTCOMES, type JournalRow, type WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, type ColumnSpec } from '../../components/data-table';
import { TimeRangeFields } from '../../components/TimeRangeFields';
import {
  columnsFor,
  FilterBar,
  filterFieldsFor,
  TextField,
  useDebouncedCommit,
  useTabTable,
} from '../../components/view-kit';
import { useWorkspaceQuery } from '../../state/workspace-query';
import { JournalDetail } from './JournalDetail';
import { JournalExport } from './JournalExport';
import { journalQuery, PAGE_SIZE, verdictQuery, type JournalParams } from './queries';
import { outcomeTone } from './tones';

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

const c = columnsFor<JournalRow>();
const COLUMNS: ColumnSpec<JournalRow>[] = [
  { id: 'seq', header: '#', kind: 'number', value: (r) => String(r.seq), width: 70, defaultHidden: true },
  c.time('time', 'Time', 160),
  c.text('action', 'Action', 170),
  c.text('object', 'Object', 150, 'grow'),
  c.badge('environment', 'Environment', 110),
  c.text('step', 'Step', 95),
  {
    id: 'outcome',
    header: 'Outcome',
    value: (r) => (r.unsettled ? 'unsettled' : r.outcome),
    render: (r) =>
      r.unsettled ? (
        <Badge value="unsettled" tone="warn" title="Outcome unknown and not checked yet" />
      ) : (
        <Badge value={r.outcome} tone={outcomeTone(r.outcome)} />
      ),
    width: 110,
  },
  c.id('actionId', 'Action id', 200, 'hidden'),
];
const LAYOUT = defaultLayout(COLUMNS, null);

export default function JournalView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'journal', filterSchema, DEFAULTS);
  const [search, setSearch] = useState(filters.search);
  const [selected, setSelected] = useState<number | null>(null);
  const entry = useWorkspaceQuery(journalQuery, wsId, filters);
  const verdict = useWorkspaceQuery(verdictQuery, wsId, null);
  const page = entry.data;
  const set = (patch: Partial<JournalParams>) => setFilters({ ...filters, page: 0, ...patch });

  useDebouncedCommit(search, filters.search, (text) => setFilters({ ...filters, page: 0, search: text }));

  const refresh = () => {
    void journalQuery.load(wsId, filters, true);
    void verdictQuery.load(wsId, null, true);
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
      <div
        className={verdict.data && !verdict.data.ok ? 'notice' : 'note'}
        data-testid="journal-verdict"
        data-ok={verdict.data ? String(verdict.data.ok) : undefined}
      >
        {verdict.status === 'error'
          ? `The chain could not be checked: ${verdict.error?.message ?? ''}`
          : verdict.data
            ? verdict.data.ok
              ? `Chain verified: ${verdict.data.text}`
              : `Chain BROKEN: ${verdict.data.text}. Keep the files as they are and report it.`
            : 'Checking the chain…'}
      </div>
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
          rows={page?.rows ?? null}
          columns={COLUMNS}
          getRowId={(r) => String(r.seq)}
          disableSort
          selectedId={selected === null ? null : String(selected)}
          onSelect={(r) => setSelected(r.seq)}
          emptyText="No action has been journalled here yet."
          toolbar={
            <div className="actions-row">
              <h2 className="pane-title">Action journal</h2>
              <span className="small" data-testid="journal-range">
                {page
                  ? `${first.toLocaleString()}–${last.toLocaleString()} of ${page.total.toLocaleString()}`
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
          <JournalDetail wsId={wsId} seq={selected} onClose={() => setSelected(null)} />
        ) : null}
      </div>
    </div>
  );
}

export { PAGE_SIZE };
