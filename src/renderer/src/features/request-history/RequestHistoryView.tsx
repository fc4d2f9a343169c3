import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { HistoryEntry, WorkspaceView } from '@shared/contract';
import { useFeatureFilters } from '../../state/feature-filters';
import { useWorkspaceList } from '../../state/workspace-store';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, type ColumnSpec } from '../../components/data-table';
import {
  columnsFor,
  FilterBar,
  filterFieldsFor,
  TextField,
  useAutoRefresh,
  useDebouncedCommit,
  useTabTable,
} from '../../components/view-kit';
import { historyOperationsQuery, historyQuery, type HistoryParams } from './queries';

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
const f = filterFieldsFor<Filters>();
const FIXED_FIELDS = [
  f.select('status', 'Status', 'filter-status', STATUS_OPTIONS),
  f.checkbox('errorsOnly', 'Errors only', 'filter-errors'),
  f.checkbox('autoRefresh', 'Auto-refresh (5 s)'),
];

const c = columnsFor<HistoryEntry>();
const NO_OPERATIONS: string[] = [];

function statusTone(e: HistoryEntry) {
  if (e.status === null || e.status >= 400) return 'danger' as const;
  if (e.status >= 300) return 'warn' as const;
  return 'ok' as const;
}

export default function RequestHistoryView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'request-history', filterSchema, DEFAULTS);
  const [search, setSearch] = useState(filters.search);
  const workspaces = useWorkspaceList();
  const names = useMemo(() => new Map(workspaces.map((w) => [w.id, w.name])), [workspaces]);
  const params = useMemo<HistoryParams>(
    () => ({
      ...(filters.scope === 'this' ? { workspaceId: wsId } : {}),
      errorsOnly: filters.errorsOnly,
      search: filters.search,
      operation: filters.operation,
      status: filters.status,
    }),
    [filters, wsId],
  );
  const entry = useQuery(historyQuery(wsId, params));
  // The choices follow what was recorded (read again when the list changes size: queries.ts).
  const operations = useQuery(historyOperationsQuery(params.workspaceId)).data ?? NO_OPERATIONS;
  const operationOptions = [...new Set([...operations, ...(filters.operation ? [filters.operation] : [])])];

  // Debounced search: history is local, but typing should not fire a request per keystroke.
  useDebouncedCommit(search, filters.search, (text) => setFilters({ ...filters, search: text }));
  const refresh = () => void entry.refetch();
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
        rows={entry.data ?? null}
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
