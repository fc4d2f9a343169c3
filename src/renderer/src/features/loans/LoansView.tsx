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
  loanFilterSchema,
  loansQuery,
  refreshLoan,
  toParams,
  type LoanFilters,
} from './queries';

export default function LoansView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'loans', loanFilterSchema, LOAN_DEFAULTS);
  const params = useMemo(() => toParams(filters), [filters]);
  const entry = useWorkspaceQuery(loansQuery, wsId, params);
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
  const set = (patch: Partial<LoanFilters>) => setFilters({ ...filters, ...patch });

  return (
    <div className="split-v">
      <div className="filters" data-testid="loan-filters">
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
      {entry.data?.mayHaveMore ? (
        <div className="notice">
          Showing the first {LOAN_LIMIT.toLocaleString()} loans; narrow the filters to see others.
        </div>
      ) : null}
      <div className="split">
        <DataTable
          testId="table-loans"
          rows={rows}
          columns={columns}
          getRowId={(l) => l.loanId}
          status={entry.status}
          error={entry.error}
          onRetry={() => void loansQuery.load(wsId, params, true)}
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
