import { useEffect, useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { FilterBar, filterFieldsFor, Form, useTabTable } from '../../components/view-kit';
import { useWorkspaceQuery } from '../../state/workspace-query';
import { usePortfolios } from '../../state/portfolios';
import { loanColumns } from './columns';
import { LoanDetail } from './LoanDetail';
import { LtvDryRun } from './LtvDryRun';
import {
  LOAN_DEFAULTS,
  LOAN_LIMIT,
  MAX_LOAN_PAGE,
  loanFilterSchema,
  loanSearchQuery,
  loansQuery,
  refreshLoan,
  toParams,
  toSearchParams,
  type LoanFilters,
} from './queries';

const NO_SEARCH = { search: '' };
const SIDE_OPTIONS = [
  { value: 'lend', label: 'Lending' },
  { value: 'borrow', label: 'Borrowing' },
];
const sideOf = (v: string) => (v === 'lend' || v === 'borrow' ? v : undefined);
const f = filterFieldsFor<LoanFilters>();

export default function LoansView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'loans', loanFilterSchema, LOAN_DEFAULTS);
  const params = useMemo(() => toParams(filters), [filters]);
  const searchParams = useMemo(() => toSearchParams(filters), [filters]);
  const pageEntry = useWorkspaceQuery(loansQuery, wsId, params);
  // The search walks every page on the main side; without search text it is never sent.
  const searchEntry = useWorkspaceQuery(loanSearchQuery, wsId, searchParams ?? NO_SEARCH);
  const searching = searchParams !== null;
  const entry = searching ? searchEntry : pageEntry;
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const page = filters.page ?? 0;
  const portfolios = usePortfolios(wsId);
  const columns = useMemo(() => loanColumns(workspace.organizationId), [workspace.organizationId]);
  const layoutDefaults = useMemo(() => defaultLayout(columns), [columns]);
  const reload = () =>
    void (searchParams
      ? loanSearchQuery.load(wsId, searchParams, true)
      : loansQuery.load(wsId, params, true));
  const table = useTabTable(wsId, 'loans', layoutDefaults, entry, reload);
  const [dryRun, setDryRun] = useState(false);
  const rows = entry.data?.items ?? null;
  const selected = useMemo(
    () => rows?.find((l) => l.loanId === filters.selectedId) ?? null,
    [rows, filters.selectedId],
  );
  // Re-read the selected loan (fresh embedded data) once the selection settles, not per arrow key.
  const selectedId = filters.selectedId;
  useEffect(() => {
    if (!selectedId) return;
    const t = setTimeout(() => void refreshLoan(wsId, selectedId), 400);
    return () => clearTimeout(t);
  }, [wsId, selectedId]);
  // A new filter starts again at the first page.
  const set = (patch: Partial<LoanFilters>) =>
    setFilters({
      ...filters,
      ...(Object.keys(patch).some((k) => k !== 'page' && k !== 'selectedId') ? { page: 0 } : {}),
      ...patch,
    });
  const runSearch = () => set({ search: searchText.trim() || undefined, selectedId: undefined });

  return (
    <div className="split-v">
      <FilterBar
        testId="loan-filters"
        actions={{
          onReset: () => setFilters({ ...LOAN_DEFAULTS, selectedId: filters.selectedId }),
          onRefresh: () => void loansQuery.load(wsId, params, true),
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
            <Form className="field" role="search" onSubmit={() => runSearch()}>
              <input
                type="search"
                data-testid="loan-search"
                aria-label="Search loans by id, external id or counterparty"
                placeholder="Loan id or counterparty…"
                value={searchText}
                maxLength={200}
                onChange={(e) => setSearchText(e.target.value)}
              />{' '}
              <button type="submit" className="btn small" data-testid="loan-search-submit">
                Search
              </button>
            </Form>
          )),
          f.select('side', 'Side', 'filter-side', SIDE_OPTIONS, { anyLabel: 'Both', parse: sideOf }),
          f.multi('loanTypes', 'Types', 'filter-types', LOAN_TYPES),
          f.multi('statuses', 'Statuses', 'filter-statuses', LOAN_STATUSES),
          f.portfolio('portfolioId', portfolios.data, 'filter-portfolio'),
          f.checkbox('openOnly', 'Open only', 'filter-open'),
        ]}
        value={filters}
        onChange={set}
      />
      {searching ? (
        <div className="notice" data-testid="loan-search-status">
          {searchEntry.status === 'loading' ? (
            <>
              Searching every page for “{searchParams.search}”…{' '}
              <button type="button" className="btn small" onClick={() => void loanSearchQuery.cancel(wsId)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              {(searchEntry.data?.items.length ?? 0).toLocaleString()} loans match “{searchParams.search}”
              {searchEntry.data?.incomplete
                ? ' (the platform skipped rows while we read: some may be missing)'
                : ''}
              .
            </>
          )}{' '}
          <button
            type="button"
            className="btn small"
            data-testid="loan-search-clear"
            onClick={() => {
              setSearchText('');
              set({ search: undefined });
            }}
          >
            Clear search
          </button>
        </div>
      ) : (
        <div className="pager" data-testid="loan-pager">
          <button
            type="button"
            className="btn small"
            data-testid="loan-page-prev"
            disabled={page === 0}
            onClick={() => set({ page: page - 1 })}
          >
            ← Previous
          </button>{' '}
          <span className="small" data-testid="loan-page">
            Page {page + 1} · loans {(page * LOAN_LIMIT + 1).toLocaleString()}–
            {(page * LOAN_LIMIT + (pageEntry.data?.items.length ?? 0)).toLocaleString()}
          </span>{' '}
          <button
            type="button"
            className="btn small"
            data-testid="loan-page-next"
            disabled={!pageEntry.data?.mayHaveMore || page >= MAX_LOAN_PAGE}
            onClick={() => set({ page: page + 1 })}
          >
            Next →
          </button>
        </div>
      )}
      <div className="split">
        <DataTable
          {...table}
          rows={rows}
          columns={columns}
          getRowId={(l) => l.loanId}
          selectedId={filters.selectedId ?? null}
          onSelect={(l) => set({ selectedId: l.loanId })}
          emptyText="No loans match these filters."
          toolbar={<h2 className="pane-title">Loans</h2>}
        />
        {selected ? (
          <LoanDetail workspace={workspace} loan={selected} onClose={() => set({ selectedId: undefined })} />
        ) : null}
      </div>
      {dryRun ? <LtvDryRun workspace={workspace} onClose={() => setDryRun(false)} /> : null}
    </div>
  );
}
