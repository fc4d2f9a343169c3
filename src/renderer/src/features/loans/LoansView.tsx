import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import {
  FilterBar,
  filterFieldsFor,
  useLocalSearch,
  useTabTable,
  WalkStatus,
} from '../../components/view-kit';
import { useWalkJob } from '../../state/jobs';
import { usePortfolios } from '../../state/portfolios';
import { viewState } from '../../state/query-client';
import { loanColumns } from './columns';
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

export default function LoansView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'loans', loanFilterSchema, LOAN_DEFAULTS);
  const params = useMemo(() => toWalkParams(filters), [filters]);
  const walk = loansListAllQuery(wsId, params);
  const loans = useQuery(walk);
  const job = useWalkJob(walk.queryKey);
  const { status } = viewState(loans);
  const portfolios = usePortfolios(wsId);
  const columns = useMemo(() => loanColumns(workspace.organizationId), [workspace.organizationId]);
  const layoutDefaults = useMemo(() => defaultLayout(columns), [columns]);
  const reload = () => void loans.refetch();
  const table = useTabTable(wsId, 'loans', layoutDefaults, loans, reload);
  const [dryRun, setDryRun] = useState(false);
  // After a failed walk, the previous filters' loans are not shown under its error.
  const all = status === 'error' ? null : (loans.data?.items ?? null);
  const search = filters.search ?? '';
  const rows = useLocalSearch(all, search, searchLoans, prepareSearch);
  const selected = useMemo(
    () => all?.find((l) => l.loanId === filters.selectedId) ?? null,
    [all, filters.selectedId],
  );
  const set = (patch: Partial<LoanFilters>) => setFilters({ ...filters, ...patch });
  const searching = search.trim() !== '';

  return (
    <div className="split-v">
      <FilterBar
        testId="loan-filters"
        actions={{
          onReset: () => setFilters({ ...LOAN_DEFAULTS, selectedId: filters.selectedId }),
          onRefresh: reload,
          extra: (
            <button
              type="button"
              className="btn small"
              data-testid="open-ltv-calculator"
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
          f.multi('loanTypes', 'Types', 'filter-types', LOAN_TYPES),
          f.multi('statuses', 'Statuses', 'filter-statuses', LOAN_STATUSES),
          f.portfolio('portfolioId', portfolios.data ?? null, 'filter-portfolio'),
          f.checkbox('openOnly', 'Open only', 'filter-open'),
        ]}
        value={filters}
        onChange={set}
      />
      <WalkStatus
        status={status}
        data={loans.data}
        progress={job.progress}
        onCancel={job.cancel}
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
          rows={rows}
          columns={columns}
          getRowId={(l) => l.loanId}
          selectedId={filters.selectedId ?? null}
          onSelect={(l) => set({ selectedId: l.loanId })}
          emptyText={searching ? 'No loaded loan matches this search.' : 'No loans match these filters.'}
          toolbar={<h2 className="pane-title">Loans</h2>}
        />
        {selected ? (
          <LoanDetailLoader
            key={selected.loanId}
            workspace={workspace}
            row={selected}
            onClose={() => set({ selectedId: undefined })}
          />
        ) : null}
      </div>
      {dryRun ? <LtvDryRun workspace={workspace} onClose={() => setDryRun(false)} /> : null}
    </div>
  );
}
