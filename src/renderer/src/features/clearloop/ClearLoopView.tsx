import { useMemo } from 'react';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import { CLEARLOOP_ACTION_TYPES } from '@shared/platform/enums';
import type { ClearLoopAction } from '@shared/platform/resources';
import { useFeatureFilters } from '../../app/feature-filters';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { MultiSelect } from '../../components/MultiSelect';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../lib/query-store';
import { TimeRangeFields } from '../../components/TimeRangeFields';
import { usePortfolios } from '../portfolios-wallets/queries';
import { Pager } from './Pager';

const PAGE_SIZES = [25, 50, 100, 200, 500, 1000] as const;

const filterSchema = z.object({
  from: z.string().regex(/^\d+$/).optional(),
  to: z.string().regex(/^\d+$/).optional(),
  clientAccountId: z.string().optional(),
  portfolioIds: z.array(z.string()),
  actionType: z.enum(CLEARLOOP_ACTION_TYPES).optional(),
  executedOnly: z.boolean(),
  sortDirection: z.enum(['asc', 'desc']),
  pageSize: z.number().int().min(1).max(1000),
  page: z.number().int().min(1),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {
  portfolioIds: [],
  executedOnly: false,
  sortDirection: 'desc',
  pageSize: 100,
  page: 1,
};

type Params = Omit<Parameters<ReturnType<typeof copper>['clearloop']['list']>[0], 'workspaceId'>;
const clearLoopQuery = createWorkspaceQuery((wsId, p: Params) =>
  copper().clearloop.list({ workspaceId: wsId, ...p }),
);

function toParams(f: Filters): Params {
  return {
    ...(f.from ? { fromTimestamp: f.from } : {}),
    ...(f.to ? { toTimestamp: f.to } : {}),
    ...(f.clientAccountId ? { clientAccountId: f.clientAccountId } : {}),
    ...(f.portfolioIds.length ? { portfolioIds: f.portfolioIds } : {}),
    ...(f.actionType ? { actionType: f.actionType } : {}),
    filterExecuted: f.executedOnly,
    sortDirection: f.sortDirection,
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
  };
}

const columns: ColumnSpec<ClearLoopAction>[] = [
  { id: 'createdAt', header: 'Created', kind: 'time', value: (a) => a.createdAt, width: 155 },
  { id: 'action', header: 'Action', kind: 'badge', value: (a) => a.action, width: 110 },
  { id: 'status', header: 'Status', kind: 'badge', value: (a) => a.status, width: 100 },
  { id: 'amount', header: 'Amount', kind: 'amount', value: (a) => a.amount, width: 140 },
  { id: 'currency', header: 'Ccy', value: (a) => a.currency, width: 60 },
  { id: 'network', header: 'Network', value: (a) => a.network, width: 95 },
  { id: 'usdAmount', header: 'USD', kind: 'amount', value: (a) => a.usdAmount, width: 130 },
  {
    id: 'clientAccountId',
    header: 'Exchange account',
    kind: 'id',
    value: (a) => a.clientAccountId,
    width: 160,
    grow: true,
  },
  { id: 'exchangeId', header: 'Exchange', value: (a) => a.exchangeId, width: 95 },
  {
    id: 'clearLoopPortfolioId',
    // Short label so the default columns fit at 1280 px; the full name is the header's title.
    header: 'Portfolio',
    title: 'ClearLoop portfolio id',
    kind: 'id',
    value: (a) => a.clearLoopPortfolioId,
    width: 150,
  },
  { id: 'orderId', header: 'Order id', kind: 'id', value: (a) => a.orderId, width: 170, defaultHidden: true },
  {
    id: 'completedAt',
    header: 'Completed',
    kind: 'time',
    value: (a) => a.completedAt,
    width: 160,
    defaultHidden: true,
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    kind: 'time',
    value: (a) => a.updatedAt,
    width: 160,
    defaultHidden: true,
  },
  {
    id: 'organizationId',
    header: 'Organization',
    kind: 'id',
    value: (a) => a.organizationId,
    width: 160,
    defaultHidden: true,
  },
  {
    id: 'delegatedOrganizationId',
    header: 'Delegated org',
    kind: 'id',
    value: (a) => a.delegatedOrganizationId,
    width: 160,
    defaultHidden: true,
  },
];
const LAYOUT = defaultLayout(columns);

export default function ClearLoopView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFiltersRaw] = useFeatureFilters(wsId, 'clearloop', filterSchema, DEFAULTS);
  // Any filter change goes back to page 1: page 7 of the old result means nothing for the new one.
  const setFilters = (next: Filters) => setFiltersRaw({ ...next, page: 1 });
  const params = useMemo(() => toParams(filters), [filters]);
  const entry = useWorkspaceQuery(clearLoopQuery, wsId, params);
  const portfolios = usePortfolios(wsId);
  const [layout, setLayout] = usePersistedLayout(wsId, 'clearloop', LAYOUT);

  const accountOptions = useMemo(
    () =>
      [
        ...new Set(
          (portfolios.data ?? []).map((p) => p.extra?.clientAccountId).filter((v): v is string => !!v),
        ),
      ].sort(),
    [portfolios.data],
  );
  const portfolioIds = useMemo(() => (portfolios.data ?? []).map((p) => p.portfolioId), [portfolios.data]);
  const names = useMemo(
    () => new Map((portfolios.data ?? []).map((p) => [p.portfolioId, p.portfolioName])),
    [portfolios.data],
  );

  return (
    <div className="split-v">
      <div className="filters" data-testid="clearloop-filters">
        <TimeRangeFields value={filters} onChange={(range) => setFilters({ ...filters, ...range })} />
        <label className="field">
          Exchange account
          <input
            key={filters.clientAccountId ?? ''}
            list="clearloop-accounts"
            data-testid="filter-client-account"
            placeholder="clientAccountId"
            defaultValue={filters.clientAccountId ?? ''}
            onBlur={(e) => {
              const v = e.target.value.trim() || undefined;
              if (v !== filters.clientAccountId) setFilters({ ...filters, clientAccountId: v });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
          <datalist id="clearloop-accounts">
            {accountOptions.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <MultiSelect
          label="Portfolios"
          testId="filter-portfolios"
          options={portfolioIds}
          value={filters.portfolioIds}
          optionLabel={(id) => `${names.get(id) ?? id} · ${String(id).slice(0, 8)}`}
          onChange={(portfolioIds) => setFilters({ ...filters, portfolioIds })}
        />
        <label className="field">
          Action
          <select
            data-testid="filter-action"
            value={filters.actionType ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, actionType: (e.target.value || undefined) as Filters['actionType'] })
            }
          >
            <option value="">Any</option>
            <option value="add-funds">add-funds (delegate)</option>
            <option value="remove-funds">remove-funds (undelegate)</option>
          </select>
        </label>
        <label className="field">
          Order
          <select
            data-testid="filter-sort"
            value={filters.sortDirection}
            onChange={(e) =>
              setFilters({ ...filters, sortDirection: e.target.value === 'asc' ? 'asc' : 'desc' })
            }
          >
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="filter-executed"
            checked={filters.executedOnly}
            onChange={(e) => setFilters({ ...filters, executedOnly: e.target.checked })}
          />
          Executed only
        </label>
        <div className="filters-actions">
          <button type="button" className="btn small" onClick={() => setFiltersRaw(DEFAULTS)}>
            Clear filters
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="refresh"
            onClick={() => void clearLoopQuery.load(wsId, params, true)}
          >
            Refresh
          </button>
        </div>
      </div>
      <DataTable
        testId="table-clearloop"
        rows={entry.data?.actions ?? null}
        columns={columns}
        getRowId={(a) => `${a.orderId}|${a.createdAt}|${a.action}`}
        status={entry.status}
        error={entry.error}
        onRetry={() => void clearLoopQuery.load(wsId, params, true)}
        layout={layout}
        onLayoutChange={setLayout}
        disableSort
        emptyText="No ClearLoop actions match these filters."
        toolbar={
          <Pager
            pagination={entry.data?.pagination ?? null}
            rowsOnPage={entry.data ? entry.data.actions.length : null}
            page={filters.page}
            pageSize={filters.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(page) => setFiltersRaw({ ...filters, page })}
            onPageSize={(pageSize) => setFilters({ ...filters, pageSize })}
          />
        }
      />
    </div>
  );
}
