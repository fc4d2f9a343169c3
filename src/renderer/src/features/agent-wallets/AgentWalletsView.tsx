import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import type { AgentWallet } from '@shared/platform/resources';
import { useFeatureFilters } from '../../state/feature-filters';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, type ColumnSpec } from '../../components/data-table';
import { Timestamp } from '../../components/Timestamp';
import { columnsFor, FilterBar, filterFieldsFor, useTabTable } from '../../components/view-kit';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../state/workspace-query';
import { formatRemaining, parseTimestamp } from '../../lib/time';
import { usePortfolios } from '../../state/portfolios';
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

const c = columnsFor<AgentWallet>();
const f = filterFieldsFor<Filters>();

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
      c.text('name', 'Name', 140),
      c.badge('status', 'Status', 85),
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
      c.id('address', 'Address', 170, 'grow'),
      {
        id: 'portfolio',
        header: 'Portfolio',
        value: (w) => names.get(w.portfolioId) ?? w.portfolioId,
        width: 140,
      },
      c.badge('orderStatus', 'Order status', 140),
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
      c.id('createdBy', 'Creator', 120),
      c.time('createdAt', 'Created', 160, 'hidden'),
      c.id('id', 'Id', 170, 'hidden'),
      c.id('orderId', 'Order id', 170, 'hidden'),
    ],
    [names, now],
  );
  const refresh = () => void agentWalletsQuery.load(wsId, params, true);

  const table = useTabTable(wsId, 'agent-wallets', LAYOUT, entry, refresh);
  return (
    <div className="split-v">
      <FilterBar
        actions={{ onRefresh: refresh }}
        fields={[f.portfolio('portfolioId', portfolios.data, 'filter-portfolio')]}
        value={filters}
        onChange={(patch) => setFilters({ ...filters, ...patch })}
      />
      <section className="pane" style={{ flex: '0 0 34%' }}>
        <DataTable
          {...table}
          rows={entry.data}
          columns={columns}
          getRowId={(w) => w.id}
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
