import { useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { LoanRow } from '@shared/loan-row';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import {
  FilterBar,
  filterFieldsFor,
  seenValues,
  useLocalSearch,
  useSelectedRow,
  useTabTable,
  WalkStatus,
} from '../../components/view-kit';
import { usePortfolios } from '../../state/portfolios';
import { useWalk, walkTableState } from '../../state/use-walk';
import { loanColumns } from './columns';
import { usePriceSheet } from '../../state/prices/use-price-sheet';
import { LoanDetailLoader } from './LoanDetailLoader';
import { LtvDryRun } from './LtvDryRun';
import {
  LOAN_DEFAULTS,
  loanFilterSchema,
  prepareSearch,
  searchLoans,
  toWalkParams,
  type LoanFilters,
} from './filters';
import { loansListAllQuery } from './queries';

const SIDE_OPTIONS = [
  { value: 'lend', label: 'Lending' },
  { value: 'borrow', label: 'Borrowing' },
];
const sideOf = (v: string) => (v === 'lend' || v === 'borrow' ? v : undefined);
const f = filterFieldsFor<LoanFilters>();
const loanIdOf = (l: LoanRow) => l.loanId;

export default function LoansView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'loans', loanFilterSchema, LOAN_DEFAULTS);
  const params = useMemo(() => toWalkParams(filters), [filters]);
  const walk = useWalk(loansListAllQuery(wsId, params));
  const portfolios = usePortfolios(wsId);
  const prices = usePriceSheet(wsId);
  const columns = useMemo(
    () => loanColumns(workspace.organizationId, prices),
    [workspace.organizationId, prices],
  );
  const layoutDefaults = useMemo(() => defaultLayout(columns), [columns]);
  const table = useTabTable(wsId, 'loans', layoutDefaults, walkTableState(walk), walk.reload);
  const [dryRun, setDryRun] = useState(false);
  const all = walk.rows;
  const search = filters.search ?? '';
  const rows = useLocalSearch(all, search, searchLoans, prepareSearch);
  const set = (patch: Partial<LoanFilters>) => setFilters({ ...filters, ...patch });
  const selected = useSelectedRow(all, loanIdOf, filters.selectedId, (id) =>
    set({ selectedId: id ?? undefined }),
  );
  const searching = search.trim() !== '';
  // Open lists (issue 29.4): the spellings the loaded loans carry are offered beside the known ones.
  const seenTypes = useMemo(() => seenValues(all ?? [], (l) => l.loanType), [all]);
  const seenStatuses = useMemo(() => seenValues(all ?? [], (l) => l.status), [all]);

  return (
    <div className="split-v">
      <FilterBar
        testId="loan-filters"
        actions={{
          onReset: () => setFilters({ ...LOAN_DEFAULTS, selectedId: filters.selectedId }),
          onRefresh: walk.reload,
          extra: (
            <button
              type="button"
              className="btn small"
              data-testid="open-ltv-calculator"
              title={
                selected.row
                  ? `Starts from loan ${selected.row.loanId}`
                  : 'Starts from an example; select a loan to start from its figures'
              }
              onClick={() => setDryRun(true)}
            >
              LTV calculator…
            </button>
          ),
        }}
        fields={[
          f.custom('search', () => (
            <div className="field" role="search">
              <input
                type="search"
                data-testid="loan-search"
                aria-label="Search the loaded loans by id, external id or counterparty"
                placeholder="Loan id or counterparty…"
                value={search}
                maxLength={200}
                onChange={(e) => set({ search: e.target.value === '' ? undefined : e.target.value })}
              />
            </div>
          )),
          f.select('side', 'Side', 'filter-side', SIDE_OPTIONS, { anyLabel: 'Both', parse: sideOf }),
          f.multi('loanTypes', 'Types', 'filter-types', LOAN_TYPES, undefined, {
            open: true,
            seen: seenTypes,
          }),
          f.multi('statuses', 'Statuses', 'filter-statuses', LOAN_STATUSES, undefined, {
            open: true,
            seen: seenStatuses,
          }),
          f.portfolio('portfolioId', portfolios.data ?? null, 'filter-portfolio'),
          f.checkbox('openOnly', 'Open only', 'filter-open'),
        ]}
        value={filters}
        onChange={set}
      />
      <WalkStatus
        walk={walk}
        label="Loading loans"
        progressTestId="loans-progress"
        reportTestId="loans-walk"
      />
      {searching && all ? (
        <div className="notice" data-testid="loan-search-status">
          {(rows?.length ?? 0).toLocaleString()} of {all.length.toLocaleString()} loans match “{search.trim()}
          ”.{' '}
          <button
            type="button"
            className="btn small"
            data-testid="loan-search-clear"
            onClick={() => set({ search: undefined })}
          >
            Clear search
          </button>
        </div>
      ) : null}
      <div className="split">
        <DataTable
          {...table}
          {...selected.table}
          rows={rows}
          columns={columns}
          emptyText={searching ? 'No loaded loan matches this search.' : 'No loans match these filters.'}
          toolbar={<h2 className="pane-title">Loans</h2>}
        />
        {selected.row ? (
          <LoanDetailLoader
            key={selected.row.loanId}
            workspace={workspace}
            row={selected.row}
            onClose={selected.close}
          />
        ) : null}
      </div>
      {dryRun ? (
        <LtvDryRun workspace={workspace} loan={selected.row} onClose={() => setDryRun(false)} />
      ) : null}
    </div>
  );
}
