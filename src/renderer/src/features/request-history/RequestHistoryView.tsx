import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { HistoryEntry, WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../app/feature-filters';
import { useWorkspaceStore } from '../../app/workspace-store';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../lib/query-store';

/** '' = any; the main side reads a class ("4xx"), an exact code, or "none" (no answer). */
const STATUS_CHOICES = ['', '2xx', '3xx', '4xx', '5xx', 'none'] as const;

const filterSchema = z.object({
  scope: z.enum(['this', 'all']),
  errorsOnly: z.boolean(),
  search: z.string().max(200),
  autoRefresh: z.boolean(),
  operation: z.string().max(100),
  status: z.enum(STATUS_CHOICES),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {
  scope: 'this',
  errorsOnly: false,
  search: '',
  autoRefresh: true,
  operation: '',
  status: '',
};
const LIMIT = 5000;

interface Params {
  workspaceId?: string;
  errorsOnly: boolean;
  search: string;
  operation: string;
  status: string;
}
// Cached under the active workspace's id even in "all" scope: the view belongs to where it was asked.
const historyQuery = createWorkspaceQuery((_wsId, p: Params) =>
  copper().history.list({
    ...(p.workspaceId ? { workspaceId: p.workspaceId } : {}),
    errorsOnly: p.errorsOnly,
    ...(p.search.trim() ? { search: p.search.trim() } : {}),
    ...(p.operation ? { operation: p.operation } : {}),
    ...(p.status ? { status: p.status } : {}),
    limit: LIMIT,
  }),
);

function statusTone(e: HistoryEntry) {
  if (e.status === null || e.status >= 400) return 'danger' as const;
  if (e.status >= 300) return 'warn' as const;
  return 'ok' as const;
}

export default function RequestHistoryView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'request-history', filterSchema, DEFAULTS);
  const [search, setSearch] = useState(filters.search);
  const workspaces = useWorkspaceStore((s) => s.list);
  const names = useMemo(() => new Map(workspaces.map((w) => [w.id, w.name])), [workspaces]);
  const params = useMemo<Params>(
    () => ({
      ...(filters.scope === 'this' ? { workspaceId: wsId } : {}),
      errorsOnly: filters.errorsOnly,
      search: filters.search,
      operation: filters.operation,
      status: filters.status,
    }),
    [filters, wsId],
  );
  const entry = useWorkspaceQuery(historyQuery, wsId, params);
  const [layout, setLayout] = usePersistedLayout(wsId, 'request-history', HISTORY_LAYOUT);
  const [operations, setOperations] = useState<string[]>([]);
  const opsScope = filters.scope === 'this' ? wsId : undefined;
  const rowCount = entry.data?.length ?? 0;
  // The choices follow what was recorded; refreshed when the list grows.
  useEffect(() => {
    let live = true;
    void copper()
      .history.operations(opsScope ? { workspaceId: opsScope } : {})
      .then((res) => {
        if (live && res.ok) setOperations(res.value);
      });
    return () => {
      live = false;
    };
  }, [opsScope, rowCount]);

  // Debounced search: history is local, but typing should not fire a request per keystroke.
  useEffect(() => {
    if (search === filters.search) return;
    const t = setTimeout(() => setFilters({ ...filters, search }), 300);
    return () => clearTimeout(t);
  }, [search, filters, setFilters]);

  useEffect(() => {
    if (!filters.autoRefresh) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void historyQuery.load(wsId, params, true);
    }, 5000);
    return () => clearInterval(t);
  }, [filters.autoRefresh, wsId, params]);

  const columns = useMemo<ColumnSpec<HistoryEntry>[]>(
    () => [
      { id: 'seq', header: '#', kind: 'number', value: (e) => String(e.seq), width: 70 },
      { id: 'time', header: 'Time', kind: 'time', value: (e) => e.time, width: 160 },
      {
        id: 'workspace',
        header: 'Workspace',
        value: (e) => names.get(e.workspaceId) ?? e.workspaceId,
        width: 150,
        defaultHidden: true,
      },
      { id: 'operation', header: 'Operation', value: (e) => e.operation ?? '', width: 190 },
      { id: 'method', header: 'Method', value: (e) => e.method, width: 85 },
      { id: 'path', header: 'Path', value: (e) => e.path, width: 360, grow: true },
      {
        id: 'status',
        header: 'Status',
        value: (e) => (e.status === null ? '' : String(e.status)),
        render: (e) => <Badge value={e.status === null ? 'none' : String(e.status)} tone={statusTone(e)} />,
        width: 85,
      },
      {
        id: 'contentType',
        header: 'Media type',
        value: (e) => e.contentType ?? '',
        width: 230,
        defaultHidden: true,
      },
      {
        id: 'latencyMs',
        header: 'Latency ms',
        kind: 'number',
        value: (e) => String(e.latencyMs),
        width: 115,
      },
      {
        id: 'attempt',
        header: 'Try',
        title: 'Attempt number (retries)',
        kind: 'number',
        value: (e) => String(e.attempt),
        width: 60,
      },
      {
        id: 'errorCode',
        header: 'Error',
        value: (e) => e.errorCode,
        render: (e) =>
          e.errorCode ? <Badge value={e.errorCode} tone="danger" /> : <span className="muted">—</span>,
        width: 130,
      },
    ],
    [names],
  );
  // In "all" scope the workspace column is what tells entries apart, so it is always shown.
  const effectiveLayout =
    filters.scope === 'all' ? { ...layout, hidden: layout.hidden.filter((h) => h !== 'workspace') } : layout;

  return (
    <div className="split-v">
      <div className="filters" data-testid="history-filters">
        <label className="field">
          Workspace
          <select
            data-testid="filter-scope"
            value={filters.scope}
            onChange={(e) => setFilters({ ...filters, scope: e.target.value === 'all' ? 'all' : 'this' })}
          >
            <option value="this">This workspace ({workspace.name})</option>
            <option value="all">All workspaces</option>
          </select>
        </label>
        <label className="field">
          Search path
          <input
            data-testid="filter-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 240 }}
          />
        </label>
        <label className="field">
          Operation
          <select
            data-testid="filter-operation"
            value={filters.operation}
            onChange={(e) => setFilters({ ...filters, operation: e.target.value })}
          >
            <option value="">Any operation</option>
            {[...new Set([...operations, ...(filters.operation ? [filters.operation] : [])])].map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Status
          <select
            data-testid="filter-status"
            value={filters.status}
            onChange={(e) =>
              setFilters({ ...filters, status: e.target.value as (typeof STATUS_CHOICES)[number] })
            }
          >
            {STATUS_CHOICES.map((s) => (
              <option key={s} value={s}>
                {s === '' ? 'Any status' : s === 'none' ? 'No answer' : s}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="filter-errors"
            checked={filters.errorsOnly}
            onChange={(e) => setFilters({ ...filters, errorsOnly: e.target.checked })}
          />
          Errors only
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filters.autoRefresh}
            onChange={(e) => setFilters({ ...filters, autoRefresh: e.target.checked })}
          />
          Auto-refresh (5 s)
        </label>
        <div className="filters-actions">
          <button
            type="button"
            className="btn small"
            data-testid="refresh"
            onClick={() => void historyQuery.load(wsId, params, true)}
          >
            Refresh
          </button>
        </div>
      </div>
      <DataTable
        testId="table-request-history"
        rows={entry.data}
        columns={columns}
        getRowId={(e) => String(e.seq)}
        status={entry.status}
        error={entry.error}
        onRetry={() => void historyQuery.load(wsId, params, true)}
        layout={effectiveLayout}
        onLayoutChange={setLayout}
        emptyText="No requests recorded yet."
        toolbar={
          <h2 className="pane-title">
            Requests sent to the platform{' '}
            <span className="muted small">
              (paths as signed; never headers or bodies; kept across restarts: the last 10,000 or 30 days)
            </span>
          </h2>
        }
      />
    </div>
  );
}

const HISTORY_LAYOUT = defaultLayout(
  [
    { id: 'workspace', defaultHidden: true },
    { id: 'contentType', defaultHidden: true },
  ],
  { id: 'seq', desc: true },
);
