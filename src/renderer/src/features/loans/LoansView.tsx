import { useEffect, useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import { useFeatureFilters } from '../../app/feature-filters';
import { DataTable, defaultLayout, usePersistedLayout } from '../../components/data-table';
import { MultiSelect } from '../../components/MultiSelect';
import { useWorkspaceQuery } from '../../lib/query-store';
import { PortfolioSelect } from '../portfolios-wallets/PortfolioSelect';
import { usePortfolios } from '../portfolios-wallets/queries';
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
  const [layout, setLayout] = usePersistedLayout(wsId, 'loans', layoutDefaults);
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
      <div className="filters" data-testid="loan-filters">
        <form
          className="field"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            runSearch();
          }}
        >
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
        </form>
        <label className="field">
          Side
          <select
            data-testid="filter-side"
            value={filters.side ?? ''}
            onChange={(e) =>
              set({
                side: e.target.value === 'lend' || e.target.value === 'borrow' ? e.target.value : undefined,
              })
            }
          >
            <option value="">Both</option>
            <option value="lend">Lending</option>
            <option value="borrow">Borrowing</option>
          </select>
        </label>
        <MultiSelect
          label="Types"
          testId="filter-types"
          options={LOAN_TYPES}
          value={filters.loanTypes}
          onChange={(v) => set({ loanTypes: v as LoanFilters['loanTypes'] })}
        />
        <MultiSelect
          label="Statuses"
          testId="filter-statuses"
          options={LOAN_STATUSES}
          value={filters.statuses}
          onChange={(v) => set({ statuses: v as LoanFilters['statuses'] })}
        />
        <PortfolioSelect
          portfolios={portfolios.data}
          value={filters.portfolioId}
          testId="filter-portfolio"
          onChange={(portfolioId) => set({ portfolioId })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="filter-open"
            checked={filters.openOnly}
            onChange={(e) => set({ openOnly: e.target.checked })}
          />
          Open only
        </label>
        <div className="filters-actions">
          <button
            type="button"
            className="btn small"
            onClick={() => setFilters({ ...LOAN_DEFAULTS, selectedId: filters.selectedId })}
          >
            Clear filters
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="refresh"
            onClick={() => void loansQuery.load(wsId, params, true)}
          >
            Refresh
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="open-ltv-calculator"
            onClick={() => setDryRun(true)}
          >
            LTV calculator…
          </button>
        </div>
      </div>
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
          testId="table-loans"
          rows={rows}
          columns={columns}
          getRowId={(l) => l.loanId}
          status={entry.status}
          error={entry.error}
          onRetry={() =>
            void (searchParams
              ? loanSearchQuery.load(wsId, searchParams, true)
              : loansQuery.load(wsId, params, true))
          }
          layout={layout}
          onLayoutChange={setLayout}
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
