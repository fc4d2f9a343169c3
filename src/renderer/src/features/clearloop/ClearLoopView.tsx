import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { WorkspaceView } from '@shared/contract';
import { CLEARLOOP_ACTION_TYPES } from '@shared/platform/enums';
import { PAGE_LIMITS } from '@shared/platform/page-limits';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { FilterBar, filterFieldsFor, unsetWhenEmpty, useTabTable } from '../../components/view-kit';
import { usePortfolios } from '../../state/portfolios';
import { Pager } from './Pager';
import { columns } from './columns';
import { clearLoopQuery, type ClearLoopParams } from './queries';

const MAX_PAGE = PAGE_LIMITS.clearLoopActions.max;
const PAGE_SIZES = [25, 50, 100, 200, 500, MAX_PAGE] as const;
const ACTION_OPTIONS = [
  { value: 'add-funds', label: 'add-funds (delegate)' },
  { value: 'remove-funds', label: 'remove-funds (undelegate)' },
];
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];
const f = filterFieldsFor<Filters>();
const FIXED_FIELDS = [
  f.select('actionType', 'Action', 'filter-action', ACTION_OPTIONS, {
    anyLabel: 'Any',
    parse: unsetWhenEmpty,
  }),
  f.select('sortDirection', 'Order', 'filter-sort', ORDER_OPTIONS, {
    parse: (v) => (v === 'asc' ? 'asc' : 'desc'),
  }),
  f.checkbox('executedOnly', 'Executed only', 'filter-executed'),
];

const filterSchema = z.object({
  from: z.string().regex(/^\d+$/).optional(),
  to: z.string().regex(/^\d+$/).optional(),
  clientAccountId: z.string().optional(),
  portfolioIds: z.array(z.string()),
  actionType: z.enum(CLEARLOOP_ACTION_TYPES).optional(),
  executedOnly: z.boolean(),
  sortDirection: z.enum(['asc', 'desc']),
  pageSize: z.number().int().min(1).max(MAX_PAGE),
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

function toParams(f: Filters): ClearLoopParams {
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

const LAYOUT = defaultLayout(columns);

export default function ClearLoopView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFiltersRaw] = useFeatureFilters(wsId, 'clearloop', filterSchema, DEFAULTS);
  // Any filter change goes back to page 1: page 7 of the old result means nothing for the new one.
  const setFilters = (next: Filters) => setFiltersRaw({ ...next, page: 1 });
  const params = useMemo(() => toParams(filters), [filters]);
  const entry = useQuery(clearLoopQuery(wsId, params));
  const portfolios = usePortfolios(wsId);
  const reload = () => void entry.refetch();
  const table = useTabTable(wsId, 'clearloop', LAYOUT, entry, reload);

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
  const portfolioLabel = (id: string) => `${names.get(id) ?? id} · ${String(id).slice(0, 8)}`;

  return (
    <div className="split-v">
      <FilterBar
        testId="clearloop-filters"
        actions={{
          onReset: () => setFiltersRaw(DEFAULTS),
          onRefresh: reload,
        }}
        fields={[
          f.timeRange,
          f.custom('account', () => (
            <AccountField
              value={filters.clientAccountId}
              options={accountOptions}
              onChange={(clientAccountId) => setFilters({ ...filters, clientAccountId })}
            />
          )),
          f.multi('portfolioIds', 'Portfolios', 'filter-portfolios', portfolioIds, portfolioLabel),
          ...FIXED_FIELDS,
        ]}
        value={filters}
        onChange={(patch) => setFilters({ ...filters, ...patch })}
      />
      <DataTable
        {...table}
        rows={entry.data?.actions ?? null}
        columns={columns}
        getRowId={(a) => `${a.orderId}|${a.createdAt}|${a.action}`}
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

interface AccountFieldProps {
  value: string | undefined;
  options: readonly string[];
  onChange(value: string | undefined): void;
}

/** Free text with the known accounts offered; applied on blur or Enter, not per keystroke. */
function AccountField({ value, options, onChange }: AccountFieldProps) {
  return (
    <label className="field">
      Exchange account
      <input
        key={value ?? ''}
        list="clearloop-accounts"
        data-testid="filter-client-account"
        placeholder="clientAccountId"
        defaultValue={value ?? ''}
        onBlur={(e) => {
          const v = e.target.value.trim() || undefined;
          if (v !== value) onChange(v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <datalist id="clearloop-accounts">
        {options.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
    </label>
  );
}
