import { useMemo } from 'react';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import { PORTFOLIO_TYPES } from '@shared/platform/enums';
import type { Wallet } from '@shared/platform/resources';
import { useFeatureFilters } from '../../app/feature-filters';
import { DataTable, defaultLayout, usePersistedLayout } from '../../components/data-table';
import { useWorkspaceQuery } from '../../lib/query-store';
import { portfolioColumns, walletColumns, type PortfolioLabel } from './columns';
import { PortfolioSelect } from './PortfolioSelect';
import {
  inactivePortfoliosQuery,
  portfoliosQuery,
  useInactivePortfolios,
  usePortfolios,
  WALLET_LIMIT,
  walletsQuery,
} from './queries';
import { WalletTotals } from './WalletTotals';

const filterSchema = z.object({
  portfolioId: z.string().optional(),
  currency: z.string().optional(),
  portfolioType: z.enum(PORTFOLIO_TYPES).optional(),
  nonEmpty: z.boolean(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = { nonEmpty: false };
const PORTFOLIO_LAYOUT = defaultLayout(portfolioColumns, { id: 'portfolioName', desc: false });

export function PortfoliosWalletsView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'portfolios-wallets', filterSchema, DEFAULTS);
  const portfolios = usePortfolios(wsId);
  const wallets = useWorkspaceQuery(walletsQuery, wsId, { nonEmpty: filters.nonEmpty });

  const inactive = useInactivePortfolios(wsId);

  const labels = useMemo(() => {
    const m = new Map<string, PortfolioLabel>();
    for (const p of inactive.data ?? []) m.set(p.portfolioId, { name: p.portfolioName, inactive: true });
    for (const p of portfolios.data ?? [])
      // Only an explicit false is inactive: a null `isActive` is unknown, not inactive.
      m.set(p.portfolioId, { name: p.portfolioName, inactive: (p.isActive as unknown) === false });
    return m;
  }, [portfolios.data, inactive.data]);
  const wColumns = useMemo(
    () => walletColumns((id) => labels.get(id) ?? { name: id, inactive: false }),
    [labels],
  );
  const [pLayout, setPLayout] = usePersistedLayout(wsId, 'portfolios', PORTFOLIO_LAYOUT);
  const walletDefaults = useMemo(() => defaultLayout(wColumns, { id: 'currency', desc: false }), [wColumns]);
  const [wLayout, setWLayout] = usePersistedLayout(wsId, 'wallets', walletDefaults);

  const currencies = useMemo(
    () => [...new Set((wallets.data ?? []).map((w) => w.currency))].sort(),
    [wallets.data],
  );
  const shown = useMemo(() => filterWallets(wallets.data, filters), [wallets.data, filters]);
  const truncated = (wallets.data?.length ?? 0) >= WALLET_LIMIT;

  const refresh = () => {
    void portfoliosQuery.load(wsId, {}, true);
    void inactivePortfoliosQuery.load(wsId, {}, true);
    void walletsQuery.load(wsId, { nonEmpty: filters.nonEmpty }, true);
  };

  return (
    <div className="split-v">
      <section className="pane" style={{ flex: '0 0 34%' }}>
        <DataTable
          testId="table-portfolios"
          rows={portfolios.data}
          columns={portfolioColumns}
          getRowId={(p) => p.portfolioId}
          status={portfolios.status}
          error={portfolios.error}
          onRetry={() => void portfoliosQuery.load(wsId, {}, true)}
          layout={pLayout}
          onLayoutChange={setPLayout}
          selectedId={filters.portfolioId ?? null}
          onSelect={(p) => setFilters({ ...filters, portfolioId: p.portfolioId })}
          emptyText="No portfolios in this organization."
          toolbar={
            <>
              <h2 className="pane-title">Portfolios</h2>
              <button type="button" className="btn small" onClick={refresh} data-testid="refresh">
                Refresh
              </button>
            </>
          }
        />
      </section>
      <div className="filters" data-testid="wallet-filters">
        <PortfolioSelect
          portfolios={portfolios.data}
          value={filters.portfolioId}
          testId="filter-portfolio"
          onChange={(portfolioId) => setFilters({ ...filters, portfolioId })}
        />
        <label className="field">
          Currency
          <select
            data-testid="filter-currency"
            value={filters.currency ?? ''}
            onChange={(e) => setFilters({ ...filters, currency: e.target.value || undefined })}
          >
            <option value="">All currencies</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Portfolio type
          <select
            data-testid="filter-type"
            value={filters.portfolioType ?? ''}
            onChange={(e) =>
              setFilters({
                ...filters,
                portfolioType: (e.target.value || undefined) as Filters['portfolioType'],
              })
            }
          >
            <option value="">All types</option>
            {PORTFOLIO_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filters.nonEmpty}
            onChange={(e) => setFilters({ ...filters, nonEmpty: e.target.checked })}
          />
          Non-empty only
        </label>
        <div className="filters-actions">
          <button type="button" className="btn small" onClick={() => setFilters(DEFAULTS)}>
            Clear filters
          </button>
        </div>
      </div>
      {truncated ? (
        <div className="notice">
          The platform returned {WALLET_LIMIT.toLocaleString()} wallets, its page maximum: some may be missing
          and totals may be incomplete.
        </div>
      ) : null}
      <WalletTotals wallets={shown} />
      <section className="pane">
        <DataTable
          testId="table-wallets"
          rows={wallets.data ? shown : null}
          columns={wColumns}
          getRowId={(w) => w.walletId}
          status={wallets.status}
          error={wallets.error}
          onRetry={() => void walletsQuery.load(wsId, { nonEmpty: filters.nonEmpty }, true)}
          layout={wLayout}
          onLayoutChange={setWLayout}
          emptyText={wallets.data?.length ? 'No wallet matches these filters.' : 'No wallets.'}
          toolbar={<h2 className="pane-title">Wallets</h2>}
        />
      </section>
    </div>
  );
}

function filterWallets(wallets: Wallet[] | null, f: Filters): Wallet[] {
  if (!wallets) return [];
  return wallets.filter(
    (w) =>
      (f.portfolioId === undefined || w.portfolioId === f.portfolioId) &&
      (f.currency === undefined || w.currency === f.currency) &&
      (f.portfolioType === undefined || w.portfolioType === f.portfolioType),
  );
}
