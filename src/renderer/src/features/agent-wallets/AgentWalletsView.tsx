import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AgentWalletsRead, WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { FilterBar, SectionTabs, filterFieldsFor, useTabTable } from '../../components/view-kit';
import { usePortfolios } from '../../state/portfolios';
import { Blotter } from './Blotter';
import { ExchangeComposer } from './ExchangeComposer';
import { agentWalletColumns } from './columns';
import { agentWalletsQuery } from './queries';

const filterSchema = z.object({
  portfolioId: z.string().optional(),
  /** Which part of the tab shows: the wallets with the exchange tools, or the blotter. */
  section: z.enum(['wallets', 'blotter']).optional(),
  /** The wallet picked in the table: the order ticket's signer (else the only active one). */
  walletId: z.string().optional(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {};

/** Re-renders every few seconds so "time remaining" stays true on a screen left open all day. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

const f = filterFieldsFor<Filters>();

export default function AgentWalletsView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'agent-wallets', filterSchema, DEFAULTS);
  const params = useMemo(
    () => (filters.portfolioId ? { portfolioId: filters.portfolioId } : {}),
    [filters.portfolioId],
  );
  const entry = useQuery(agentWalletsQuery(wsId, params));
  const portfolios = usePortfolios(wsId);
  const names = useMemo(
    () => new Map((portfolios.data ?? []).map((p) => [p.portfolioId, p.portfolioName])),
    [portfolios.data],
  );
  const now = useNow(5000);

  const columns = useMemo(() => agentWalletColumns((id) => names.get(id), now), [names, now]);
  const refresh = () => void entry.refetch();

  const table = useTabTable(wsId, 'agent-wallets', LAYOUT, entry, refresh);
  const section = filters.section ?? 'wallets';
  const rows = entry.data?.agentWallets ?? null;
  const selectedWallet = rows?.find((w) => w.id === filters.walletId) ?? null;
  return (
    <div className="split-v">
      <SectionTabs
        label="Agent wallets sections"
        sections={SECTIONS}
        active={section}
        onSelect={(id) => setFilters({ ...filters, section: id })}
        testIdPrefix="agent-wallets-section-"
      />
      {section === 'blotter' ? <Blotter workspace={workspace} /> : null}
      {section === 'wallets' ? (
        <>
          <FilterBar
            actions={{ onRefresh: refresh }}
            fields={[f.portfolio('portfolioId', portfolios.data ?? null, 'filter-portfolio')]}
            value={filters}
            onChange={(patch) => setFilters({ ...filters, ...patch })}
          />
          <section className="pane" style={{ flex: '0 0 34%' }}>
            <DataTable
              {...table}
              rows={rows}
              columns={columns}
              getRowId={(w) => w.id}
              selectedId={selectedWallet?.id ?? null}
              onSelect={(w) => setFilters({ ...filters, walletId: w.id })}
              emptyText={filters.portfolioId ? 'No agent wallets in this portfolio.' : 'No agent wallets.'}
              toolbar={
                <>
                  <h2 className="pane-title">Agent wallets</h2>
                  {entry.data ? <ReadNote read={entry.data} /> : null}
                </>
              }
            />
          </section>
          <ExchangeComposer workspace={workspace} selectedWallet={selectedWallet} />
        </>
      ) : null}
    </div>
  );
}

const SECTIONS = [
  { id: 'wallets', label: 'Wallets & exchange' },
  { id: 'blotter', label: 'Blotter' },
] as const;

/**
 * Where the list came from, when it was not the expected `agentWallets` key (the platform does not
 * publish this call's shape, issue 25), and how many null entries were left out.
 */
function ReadNote({ read }: { read: AgentWalletsRead }) {
  const notes: string[] = [];
  if (read.readFrom !== 'agentWallets')
    notes.push(
      read.readFrom === null ? 'read from an answer without a wrapper key' : `read from "${read.readFrom}"`,
    );
  if (read.nullRows > 0)
    notes.push(`${read.nullRows} empty ${read.nullRows === 1 ? 'entry' : 'entries'} left out`);
  if (notes.length === 0) return null;
  return (
    <span className="small muted" data-testid="agent-wallets-read-note">
      {notes.join(' · ')}
    </span>
  );
}

const LAYOUT = defaultLayout([
  { id: 'createdAt', defaultHidden: true },
  { id: 'id', defaultHidden: true },
  { id: 'orderId', defaultHidden: true },
]);
