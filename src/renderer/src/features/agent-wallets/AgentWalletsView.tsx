import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import type { AgentWallet } from '@shared/platform/resources';
import { useFeatureFilters } from '../../app/feature-filters';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { Timestamp } from '../../components/Timestamp';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../lib/query-store';
import { formatRemaining, parseTimestamp } from '../../lib/time';
import { PortfolioSelect } from '../portfolios-wallets/PortfolioSelect';
import { usePortfolios } from '../portfolios-wallets/queries';
import { ExchangeComposer } from './ExchangeComposer';

const filterSchema = z.object({
  portfolioId: z.string().optional(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {};

const agentWalletsQuery = createWorkspaceQuery((wsId, p: { portfolioId?: string }) =>
  copper().agentWallets.list({ workspaceId: wsId, ...(p.portfolioId ? { portfolioId: p.portfolioId } : {}) }),
);

/** Re-renders every few seconds so "time remaining" stays true on a screen left open all day. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

function validUntilMs(w: AgentWallet): number | null {
  return w.validUntil === null || w.validUntil === '0' ? null : parseTimestamp(w.validUntil);
}

export default function AgentWalletsView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'agent-wallets', filterSchema, DEFAULTS);
  const params = useMemo(
    () => (filters.portfolioId ? { portfolioId: filters.portfolioId } : {}),
    [filters.portfolioId],
  );
  const entry = useWorkspaceQuery(agentWalletsQuery, wsId, params);
  const portfolios = usePortfolios(wsId);
  const names = useMemo(
    () => new Map((portfolios.data ?? []).map((p) => [p.portfolioId, p.portfolioName])),
    [portfolios.data],
  );
  const now = useNow(5000);

  const columns = useMemo<ColumnSpec<AgentWallet>[]>(
    () => [
      { id: 'name', header: 'Name', value: (w) => w.name, width: 140 },
      { id: 'status', header: 'Status', kind: 'badge', value: (w) => w.status, width: 85 },
      {
        id: 'revoke',
        header: 'Revoke',
        value: (w) => w.revokeOrderId ?? '',
        render: (w) =>
          w.revokeOrderId ? (
            <Badge value="pending" label="revoke pending" title={`Revoke order ${w.revokeOrderId}`} />
          ) : (
            <span className="muted">—</span>
          ),
        width: 130,
      },
      { id: 'address', header: 'Address', kind: 'id', value: (w) => w.address, width: 170, grow: true },
      {
        id: 'portfolio',
        header: 'Portfolio',
        value: (w) => names.get(w.portfolioId) ?? w.portfolioId,
        width: 140,
      },
      { id: 'orderStatus', header: 'Order status', kind: 'badge', value: (w) => w.orderStatus, width: 140 },
      {
        id: 'validUntil',
        header: 'Valid until',
        kind: 'time',
        value: (w) => (validUntilMs(w) === null ? null : w.validUntil),
        render: (w) => {
          const ms = validUntilMs(w);
          if (ms === null)
            return (
              <span className="muted" title={`raw: ${String(w.validUntil)}`}>
                none
              </span>
            );
          return (
            <span className="valid-until">
              <Timestamp value={w.validUntil} />
              <span
                className={
                  ms < now ? 'badge tone-danger' : ms - now < 86_400_000 ? 'badge tone-warn' : 'muted small'
                }
              >
                {formatRemaining(ms, now)}
              </span>
            </span>
          );
        },
        width: 245,
      },
      { id: 'createdBy', header: 'Creator', kind: 'id', value: (w) => w.createdBy, width: 120 },
      {
        id: 'createdAt',
        header: 'Created',
        kind: 'time',
        value: (w) => w.createdAt,
        width: 160,
        defaultHidden: true,
      },
      { id: 'id', header: 'Id', kind: 'id', value: (w) => w.id, width: 170, defaultHidden: true },
      {
        id: 'orderId',
        header: 'Order id',
        kind: 'id',
        value: (w) => w.orderId,
        width: 170,
        defaultHidden: true,
      },
    ],
    [names, now],
  );
  const [layout, setLayout] = usePersistedLayout(wsId, 'agent-wallets', LAYOUT);

  return (
    <div className="split-v">
      <div className="filters">
        <PortfolioSelect
          portfolios={portfolios.data}
          value={filters.portfolioId}
          testId="filter-portfolio"
          onChange={(portfolioId) => setFilters({ ...filters, portfolioId })}
        />
        <div className="filters-actions">
          <button
            type="button"
            className="btn small"
            data-testid="refresh"
            onClick={() => void agentWalletsQuery.load(wsId, params, true)}
          >
            Refresh
          </button>
        </div>
      </div>
      <section className="pane" style={{ flex: '0 0 34%' }}>
        <DataTable
          testId="table-agent-wallets"
          rows={entry.data}
          columns={columns}
          getRowId={(w) => w.id}
          status={entry.status}
          error={entry.error}
          onRetry={() => void agentWalletsQuery.load(wsId, params, true)}
          layout={layout}
          onLayoutChange={setLayout}
          emptyText={filters.portfolioId ? 'No agent wallets in this portfolio.' : 'No agent wallets.'}
          toolbar={<h2 className="pane-title">Agent wallets</h2>}
        />
      </section>
      <ExchangeComposer workspace={workspace} />
    </div>
  );
}

const LAYOUT = defaultLayout([
  { id: 'createdAt', defaultHidden: true },
  { id: 'id', defaultHidden: true },
  { id: 'orderId', defaultHidden: true },
]);
