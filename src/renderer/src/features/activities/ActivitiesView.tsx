import { useMemo, useState } from 'react';
import type { SavePathChoice, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ACTIVITY_TYPES } from '@shared/platform/enums';
import type { Activity } from '@shared/platform/resources';
import { useFeatureFilters } from '../../app/feature-filters';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { MultiSelect, parseList } from '../../components/MultiSelect';
import { ProgressBar } from '../../components/ProgressBar';
import { copper } from '../../lib/api';
import { useJobProgress } from '../../lib/progress-store';
import { createWorkspaceQuery, stableKey, useWorkspaceQuery } from '../../lib/query-store';
import { TimeRangeFields } from '../../components/TimeRangeFields';
import { ExportCsvDialog } from './ExportCsvDialog';
import { WalkReport } from './WalkReport';
import { ACTIVITY_DEFAULTS, activityFilterSchema, toPlatformFilters, type ActivityFilters } from './filters';

const activitiesQuery = createWorkspaceQuery(
  (wsId, f: ActivityFilters, jobId) =>
    copper().activities.listAll({ workspaceId: wsId, jobId, maxRows: f.maxRows, ...toPlatformFilters(f) }),
  'activities',
);

const columns: ColumnSpec<Activity>[] = [
  { id: 'createdAt', header: 'Time', kind: 'time', value: (a) => a.createdAt, width: 160 },
  { id: 'activityType', header: 'Type', kind: 'badge', value: (a) => a.activityType, width: 240 },
  { id: 'name', header: 'Name', value: (a) => a.name, width: 200 },
  { id: 'description', header: 'Description', value: (a) => a.description, width: 280, grow: true },
  { id: 'userId', header: 'User', kind: 'id', value: (a) => a.userId, width: 160 },
  {
    id: 'portfolioId',
    header: 'Portfolio',
    kind: 'id',
    value: (a) => a.portfolioId,
    width: 160,
    defaultHidden: true,
  },
  {
    id: 'activityId',
    header: 'Activity id',
    kind: 'id',
    value: (a) => a.activityId,
    width: 170,
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
];
const LAYOUT = defaultLayout(columns, { id: 'createdAt', desc: true });
const MAX_ROWS = [1_000, 10_000, 50_000, 100_000, 1_000_000] as const;

export default function ActivitiesView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [applied, setApplied] = useFeatureFilters(
    wsId,
    'activities',
    activityFilterSchema,
    ACTIVITY_DEFAULTS,
  );
  // Fetching every page is heavy, so filters are edited as a draft and applied with Load.
  const [draft, setDraft] = useState<ActivityFilters>(applied);
  const [userText, setUserText] = useState(applied.userIds.join(', '));
  const [exportChoice, setExportChoice] = useState<SavePathChoice | null>(null);
  const [exportError, setExportError] = useState<AppError | null>(null);
  const entry = useWorkspaceQuery(activitiesQuery, wsId, applied);
  const progress = useJobProgress(entry.jobId);
  const [layout, setLayout] = usePersistedLayout(wsId, 'activities', LAYOUT);
  // After a failed request, the rows of the previous one are not shown under its error (issue 11).
  const rows = entry.status === 'error' ? null : (entry.data?.items ?? null);
  const dirty = useMemo(
    // Key-order independent: the draft's keys come in edit order, the applied filters in schema order.
    () => stableKey({ ...draft, userIds: parseList(userText) }) !== stableKey(applied),
    [draft, userText, applied],
  );

  const apply = () => {
    const next = { ...draft, userIds: parseList(userText) };
    setDraft(next);
    // Same filters again means "reload"; new filters load through the query's key change.
    if (stableKey(next) === stableKey(applied)) void activitiesQuery.load(wsId, next, true);
    else setApplied(next);
  };

  const startExport = async () => {
    setExportError(null);
    const date = new Date().toISOString().slice(0, 10);
    const suggestedName = `activities-${workspace.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}-${date}.csv`;
    const res = await copper().exports.chooseSavePath({ suggestedName });
    if (!res.ok) setExportError(res.error);
    else if (res.value.native && res.value.path === null) return;
    else setExportChoice(res.value);
  };

  return (
    <div className="split-v">
      <form
        className="filters"
        data-testid="activity-filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label className="field">
          Search name / description
          <input
            data-testid="filter-search"
            value={draft.search}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            style={{ width: 260 }}
          />
        </label>
        <MultiSelect
          label="Include types"
          testId="filter-include-types"
          options={ACTIVITY_TYPES}
          value={draft.activityTypes}
          onChange={(v) => setDraft({ ...draft, activityTypes: v as ActivityFilters['activityTypes'] })}
        />
        <MultiSelect
          label="Exclude types"
          testId="filter-exclude-types"
          options={ACTIVITY_TYPES}
          value={draft.excludedActivityTypes}
          onChange={(v) =>
            setDraft({ ...draft, excludedActivityTypes: v as ActivityFilters['excludedActivityTypes'] })
          }
        />
        <label className="field">
          User ids
          <input
            data-testid="filter-users"
            placeholder="id, id, …"
            value={userText}
            onChange={(e) => setUserText(e.target.value)}
            style={{ width: 220 }}
          />
        </label>
        {/* Two deliberate rows: what to match, then the time range, row limit and actions. */}
        <div className="filters-break" aria-hidden />
        <TimeRangeFields value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
        <label className="field">
          Limit
          <select
            data-testid="filter-limit"
            value={draft.maxRows}
            onChange={(e) => setDraft({ ...draft, maxRows: Number(e.target.value) })}
          >
            {MAX_ROWS.map((n) => (
              <option key={n} value={n}>
                {n.toLocaleString()} rows
              </option>
            ))}
          </select>
        </label>
        <div className="filters-actions">
          <button
            type="button"
            className="btn small"
            onClick={() => {
              setDraft(ACTIVITY_DEFAULTS);
              setUserText('');
            }}
          >
            Clear
          </button>
          <button
            type="submit"
            className="btn small primary"
            data-testid="load"
            disabled={entry.status === 'loading'}
          >
            {dirty ? 'Apply & load' : 'Reload'}
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="export-csv"
            onClick={() => void startExport()}
          >
            Export CSV…
          </button>
        </div>
      </form>
      {exportError ? <ErrorBanner error={exportError} testId="export-error" /> : null}
      {entry.status === 'loading' ? (
        <ProgressBar
          testId="activities-progress"
          label={`Loading activities${progress ? `, page ${progress.pages}` : ''}`}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          onCancel={entry.jobId ? () => void activitiesQuery.cancel(wsId) : undefined}
        />
      ) : null}
      {entry.data && entry.status !== 'error' ? (
        <WalkReport
          testId="activities-walk"
          report={{ ...entry.data, rows: entry.data.items.length }}
          limitName="the row limit (narrow the filters or raise the limit)"
        />
      ) : null}
      <DataTable
        testId="table-activities"
        rows={rows}
        columns={columns}
        getRowId={(a) => a.activityId}
        status={entry.status}
        error={entry.error}
        onRetry={() => void activitiesQuery.load(wsId, applied, true)}
        layout={layout}
        onLayoutChange={setLayout}
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
