import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { HistoryEntry, WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { useWorkspaceStore } from '../../state/workspace-store';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, type ColumnSpec } from '../../components/data-table';
import {
  columnsFor,
  FilterBar,
  filterFieldsFor,
  TextField,
  useAnswer,
  useAutoRefresh,
  useDebouncedCommit,
  useTabTable,
} from '../../components/view-kit';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../state/workspace-query';

/** '' = any; the main side reads a class ("4xx"), an exact code, or "none" (no answer). */
const STATUS_CHOICES = ['', '2xx', '3xx', '4xx', '5xx', 'none'] as const;
const STATUS_OPTIONS = STATUS_CHOICES.map((s) => ({
  value: s,
  label: s === '' ? 'Any status' : s === 'none' ? 'No answer' : s,
}));
const scopeOptions = (name: string) => [
  { value: 'this', label: `This workspace (${name})` },
  { value: 'all', label: 'All workspaces' },
];

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
const f = filterFieldsFor<Filters>();
const FIXED_FIELDS = [
  f.select('status', 'Status', 'filter-status', STATUS_OPTIONS),
  f.checkbox('errorsOnly', 'Errors only', 'filter-errors'),
  f.checkbox('autoRefresh', 'Auto-refresh (5 s)'),
];

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

const c = columnsFor<HistoryEntry>();

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
  const [operations, setOperations] = useState<string[]>([]);
  const opsScope = filters.scope === 'this' ? wsId : undefined;
  const rowCount = entry.data?.length ?? 0;
  const operationOptions = [...new Set([...operations, ...(filters.operation ? [filters.operation] : [])])];
  // The choices follow what was recorded; refreshed when the list grows.
  useAnswer(
    `${opsScope ?? 'all workspaces'} ${rowCount}`,
    () => copper().history.operations(opsScope ? { workspaceId: opsScope } : {}),
    (res) => {
      if (res.ok) setOperations(res.value);
    },
  );

  // Debounced search: history is local, but typing should not fire a request per keystroke.
  useDebouncedCommit(search, filters.search, (text) => setFilters({ ...filters, search: text }));
  const refresh = () => void historyQuery.load(wsId, params, true);
  useAutoRefresh(filters.autoRefresh, 5000, refresh);

  const columns = useMemo<ColumnSpec<HistoryEntry>[]>(
    () => [
      { id: 'seq', header: '#', kind: 'number', value: (e) => String(e.seq), width: 70 },
      c.time('time', 'Time', 160),
      {
        id: 'workspace',
        header: 'Workspace',
        value: (e) => names.get(e.workspaceId) ?? e.workspaceId,
        width: 150,
        defaultHidden: true,
      },
      { id: 'operation', header: 'Operation', value: (e) => e.operation ?? '', width: 190 },
      c.text('method', 'Method', 85),
      c.text('path', 'Path', 360, 'grow'),
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
  const table = useTabTable(wsId, 'request-history', HISTORY_LAYOUT, entry, refresh);
  // In "all" scope the workspace column is what tells entries apart, so it is always shown.
  const effectiveLayout =
    filters.scope === 'all'
      ? { ...table.layout, hidden: table.layout.hidden.filter((h) => h !== 'workspace') }
      : table.layout;

  return (
    <div className="split-v">
      <FilterBar
        testId="history-filters"
        actions={{ onRefresh: refresh }}
        fields={[
          f.select('scope', 'Workspace', 'filter-scope', scopeOptions(workspace.name), {
            parse: (v) => (v === 'all' ? 'all' : 'this'),
          }),
          f.custom('search', () => (
            <TextField
              label="Search path"
              testId="filter-search"
              value={search}
              onChange={setSearch}
              width={240}
            />
          )),
          f.select('operation', 'Operation', 'filter-operation', operationOptions, {
            anyLabel: 'Any operation',
          }),
          ...FIXED_FIELDS,
        ]}
        value={filters}
        onChange={(patch) => setFilters({ ...filters, ...patch })}
      />
      <DataTable
        {...table}
        layout={effectiveLayout}
        rows={entry.data}
        columns={columns}
        getRowId={(e) => String(e.seq)}
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
