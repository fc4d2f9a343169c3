import { useState } from 'react';
import type { SavePathChoice, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ACTIVITY_TYPES } from '@shared/platform/enums';
import type { Activity } from '@shared/platform/resources';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout, type ColumnSpec } from '../../components/data-table';
import { copper } from '../../lib/api';
import { useJobProgress } from '../../lib/progress-store';
import { createWorkspaceQuery, stableKey, useWorkspaceQuery } from '../../state/workspace-query';
import {
  columnsFor,
  DraftFilterBar,
  filterFieldsFor,
  useDraftFilters,
  useTabTable,
  WalkStatus,
} from '../../components/view-kit';
import { ExportCsvDialog } from './ExportCsvDialog';
import { ACTIVITY_DEFAULTS, activityFilterSchema, toPlatformFilters, type ActivityFilters } from './filters';

const activitiesQuery = createWorkspaceQuery(
  (wsId, f: ActivityFilters, jobId) =>
    copper().activities.listAll({ workspaceId: wsId, jobId, maxRows: f.maxRows, ...toPlatformFilters(f) }),
  'activities',
);

const c = columnsFor<Activity>();
const columns: ColumnSpec<Activity>[] = [
  c.time('createdAt', 'Time', 160),
  c.badge('activityType', 'Type', 240),
  c.text('name', 'Name', 200),
  c.text('description', 'Description', 280, 'grow'),
  c.id('userId', 'User', 160),
  c.id('portfolioId', 'Portfolio', 160, 'hidden'),
  c.id('activityId', 'Activity id', 170, 'hidden'),
  c.id('organizationId', 'Organization', 160, 'hidden'),
];
const LAYOUT = defaultLayout(columns, { id: 'createdAt', desc: true });
const MAX_ROW_OPTIONS = [1_000, 10_000, 50_000, 100_000, 1_000_000].map((n) => ({
  value: String(n),
  label: `${n.toLocaleString()} rows`,
}));
const f = filterFieldsFor<ActivityFilters>();
const FILTER_FIELDS = [
  f.text('search', 'Search name / description', 'filter-search', { width: 260, maxLength: 200 }),
  f.multi('activityTypes', 'Include types', 'filter-include-types', ACTIVITY_TYPES),
  f.multi('excludedActivityTypes', 'Exclude types', 'filter-exclude-types', ACTIVITY_TYPES),
  f.list('userIds', 'User ids', 'filter-users', { placeholder: 'id, id, …', width: 220 }),
  // Two deliberate rows: what to match, then the time range, row limit and actions.
  f.rowBreak,
  f.timeRange,
  f.select('maxRows', 'Limit', 'filter-limit', MAX_ROW_OPTIONS, { parse: Number }),
];

export default function ActivitiesView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [applied, setApplied] = useFeatureFilters(
    wsId,
    'activities',
    activityFilterSchema,
    ACTIVITY_DEFAULTS,
  );
  // Fetching every page is heavy, so filters are edited as a draft and applied with Load.
  const reload = () => void activitiesQuery.load(wsId, applied, true);
  const form = useDraftFilters({
    applied,
    setApplied,
    reload,
    // Key-order independent: the draft's keys come in edit order, the applied filters in schema order.
    keyOf: stableKey,
    defaults: ACTIVITY_DEFAULTS,
    listFields: ['userIds'],
  });

  const [exportChoice, setExportChoice] = useState<SavePathChoice | null>(null);
  const [exportError, setExportError] = useState<AppError | null>(null);
  const entry = useWorkspaceQuery(activitiesQuery, wsId, applied);
  const progress = useJobProgress(entry.jobId);
  // After a failed request, the rows of the previous one are not shown under its error (issue 11).
  const rows = entry.status === 'error' ? null : (entry.data?.items ?? null);

  const startExport = async () => {
    setExportError(null);
    const date = new Date().toISOString().slice(0, 10);
    const suggestedName = `activities-${workspace.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}-${date}.csv`;
    const res = await copper().exports.chooseSavePath({ suggestedName });
    if (!res.ok) setExportError(res.error);
    else if (res.value.native && res.value.path === null) return;
    else setExportChoice(res.value);
  };

  const table = useTabTable(wsId, 'activities', LAYOUT, entry, reload);
  return (
    <div className="split-v">
      <DraftFilterBar
        testId="activity-filters"
        fields={FILTER_FIELDS}
        form={form}
        applyLabel={form.dirty ? 'Apply & load' : 'Reload'}
        busy={entry.status === 'loading'}
        extra={
          <button
            type="button"
            className="btn small"
            data-testid="export-csv"
            onClick={() => void startExport()}
          >
            Export CSV…
          </button>
        }
      />
      {exportError ? <ErrorBanner error={exportError} testId="export-error" /> : null}
      <WalkStatus
        status={entry.status}
        data={entry.data}
        progress={progress}
        onCancel={entry.jobId ? () => void activitiesQuery.cancel(wsId) : undefined}
        label={`Loading activities${progress ? `, page ${progress.pages}` : ''}`}
        progressTestId="activities-progress"
        reportTestId="activities-walk"
        limitName="the row limit (narrow the filters or raise the limit)"
      />
      <DataTable
        {...table}
        rows={rows}
        columns={columns}
        getRowId={(a) => a.activityId}
        emptyText="No activities match these filters."
        toolbar={<h2 className="pane-title">Activities</h2>}
      />
      {exportChoice ? (
        <ExportCsvDialog
          workspace={workspace}
          filters={applied}
          choice={exportChoice}
          onClose={() => setExportChoice(null)}
        />
      ) : null}
    </div>
  );
}
