import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import { PORTFOLIO_TYPES } from '@shared/platform/enums';
import type { Wallet } from '@shared/platform/resources';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { useInactivePortfolios, usePortfolios } from '../../state/portfolios';
import { portfolioColumns, walletColumns, type PortfolioLabel } from './columns';
import { WALLET_LIMIT, walletsQuery } from './queries';
import { WalletTotals } from './WalletTotals';
import { usePriceSheet } from '../../state/prices/use-price-sheet';
import { FilterBar, filterFieldsFor, unsetWhenEmpty, useTabTable } from '../../components/view-kit';

const filterSchema = z.object({
  portfolioId: z.string().optional(),
  currency: z.string().optional(),
  portfolioType: z.enum(PORTFOLIO_TYPES).optional(),
  nonEmpty: z.boolean(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = { nonEmpty: false };
const f = filterFieldsFor<Filters>();
const TYPE_FIELD = f.select('portfolioType', 'Portfolio type', 'filter-type', PORTFOLIO_TYPES, {
  anyLabel: 'All types',
  parse: unsetWhenEmpty,
});
const PORTFOLIO_LAYOUT = defaultLayout(portfolioColumns, { id: 'portfolioName', desc: false });

export function PortfoliosWalletsView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'portfolios-wallets', filterSchema, DEFAULTS);
  const portfolios = usePortfolios(wsId);
  const wallets = useQuery(walletsQuery(wsId, filters.nonEmpty));

  const inactive = useInactivePortfolios(wsId);
  const prices = usePriceSheet(wsId);

  const labels = useMemo(() => {
    const m = new Map<string, PortfolioLabel>();
    for (const p of inactive.data ?? []) m.set(p.portfolioId, { name: p.portfolioName, inactive: true });
    for (const p of portfolios.data ?? [])
      // Only an explicit false is inactive: a null `isActive` is unknown, not inactive.
      m.set(p.portfolioId, { name: p.portfolioName, inactive: (p.isActive as unknown) === false });
    return m;
  }, [portfolios.data, inactive.data]);
  const wColumns = useMemo(
    () => walletColumns((id) => labels.get(id) ?? { name: id, inactive: false }, prices),
    [labels, prices],
  );
  const walletDefaults = useMemo(() => defaultLayout(wColumns, { id: 'currency', desc: false }), [wColumns]);

  const currencies = useMemo(
    () => [...new Set((wallets.data ?? []).map((w) => w.currency))].sort(),
    [wallets.data],
  );
  const shown = useMemo(() => filterWallets(wallets.data, filters), [wallets.data, filters]);
  const truncated = (wallets.data?.length ?? 0) >= WALLET_LIMIT;

  const refresh = () => {
    void portfolios.refetch();
    void inactive.refetch();
    void wallets.refetch();
  };

  const reloadPortfolios = () => void portfolios.refetch();
  const portfolioTable = useTabTable(wsId, 'portfolios', PORTFOLIO_LAYOUT, portfolios, reloadPortfolios);
  const reloadWallets = () => void wallets.refetch();
  const walletTable = useTabTable(wsId, 'wallets', walletDefaults, wallets, reloadWallets);
  return (
    <div className="split-v">
      <section className="pane" style={{ flex: '0 0 34%' }}>
        <DataTable
          {...portfolioTable}
          rows={portfolios.data ?? null}
          columns={portfolioColumns}
          getRowId={(p) => p.portfolioId}
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
      <FilterBar
        testId="wallet-filters"
        actions={{ onReset: () => setFilters(DEFAULTS) }}
        fields={[
          f.portfolio('portfolioId', portfolios.data ?? null, 'filter-portfolio'),
          f.select('currency', 'Currency', 'filter-currency', currencies, {
            anyLabel: 'All currencies',
            parse: unsetWhenEmpty,
          }),
          TYPE_FIELD,
          f.checkbox('nonEmpty', 'Non-empty only'),
        ]}
        value={filters}
        onChange={(patch) => setFilters({ ...filters, ...patch })}
      />
      {truncated ? (
        <div className="notice">
          The platform returned {WALLET_LIMIT.toLocaleString()} wallets, its page maximum: some may be missing
          and totals may be incomplete.
        </div>
      ) : null}
      <WalletTotals wallets={shown} prices={prices} />
      <section className="pane">
        <DataTable
          {...walletTable}
          rows={wallets.data ? shown : null}
          columns={wColumns}
          getRowId={(w) => w.walletId}
          emptyText={wallets.data?.length ? 'No wallet matches these filters.' : 'No wallets.'}
          toolbar={<h2 className="pane-title">Wallets</h2>}
        />
      </section>
    </div>
  );
}

function filterWallets(wallets: Wallet[] | undefined, f: Filters): Wallet[] {
  if (!wallets) return [];
  return wallets.filter(
    (w) =>
      (f.portfolioId === undefined || w.portfolioId === f.portfolioId) &&
      (f.currency === undefined || w.currency === f.currency) &&
      (f.portfolioType === undefined || w.portfolioType === f.portfolioType),
  );
}
