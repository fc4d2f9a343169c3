import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavePathChoice, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ACTIVITY_FIELDS, type ActivityField, type RowSort } from '@shared/row-model';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ProgressBar } from '../../components/ProgressBar';
import { WalkReport } from '../../components/WalkReport';
import { ACTIVITY_TYPES } from '@shared/platform/enums';
import type { Activity } from '@shared/platform/resources';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout, type SortState } from '../../components/data-table';
import { stableKey } from '../../lib/stable-key';
import { useWalkJob } from '../../state/jobs';
import { useWalkSoFar } from '../../state/use-walk';
import { PartialWalkLine } from '../../components/view-kit/WalkStatus';
import { chooseSavePath } from '../../state/queries';
import { viewState } from '../../state/query-client';
import { DraftFilterBar, filterFieldsFor, useDraftFilters, useTabTable } from '../../components/view-kit';
import { ExportCsvDialog } from './ExportCsvDialog';
import { exportFileName } from '@shared/export-file-name';
import { ACTIVITY_COLUMNS } from './columns';
import { ACTIVITY_DEFAULTS, activityFilterSchema, type ActivityFilters } from './filters';
import { activitiesQuery } from './queries';
import { useRowWindows } from './use-row-windows';

const LAYOUT = defaultLayout(ACTIVITY_COLUMNS, { id: 'createdAt', desc: true });
const MAX_ROW_OPTIONS = [1_000, 10_000, 50_000, 100_000, 1_000_000].map((n) => ({
  value: String(n),
  label: `${n.toLocaleString()} rows`,
}));
const f = filterFieldsFor<ActivityFilters>();
const FILTER_FIELDS = [
  f.text('search', 'Search name / description', 'filter-search', { width: 260, maxLength: 200 }),
  // Open lists (issue 29.4): another spelling can be typed, marked, never refused.
  f.multi('activityTypes', 'Include types', 'filter-include-types', ACTIVITY_TYPES, undefined, {
    open: true,
  }),
  f.multi('excludedActivityTypes', 'Exclude types', 'filter-exclude-types', ACTIVITY_TYPES, undefined, {
    open: true,
  }),
  f.list('userIds', 'User ids', 'filter-users', { placeholder: 'id, id, …', width: 220 }),
  // Two deliberate rows: what to match, then the time range, row limit and actions.
  f.rowBreak,
  f.timeRange,
  f.select('maxRows', 'Limit', 'filter-limit', MAX_ROW_OPTIONS, { parse: Number }),
];

/** The layout's sort as the row model's: a sort by a column it does not know is no sort. */
const rowSortOf = (sort: SortState | null): RowSort =>
  sort && (ACTIVITY_FIELDS as readonly string[]).includes(sort.id)
    ? { id: sort.id as ActivityField, desc: sort.desc }
    : null;

export default function ActivitiesView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [applied, setApplied] = useFeatureFilters(
    wsId,
    'activities',
    activityFilterSchema,
    ACTIVITY_DEFAULTS,
  );
  const walk = activitiesQuery(wsId, applied);
  const query = useQuery(walk);
  const job = useWalkJob(walk.queryKey);
  const entry = viewState(query);
  const { refetch } = query;
  // Fetching every page is heavy, so filters are edited as a draft and applied with Load.
  const reload = () => void refetch();
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
  const progress = job.progress;
  // After a failed request, the rows of the previous one are not shown under its error (issue 11).
  const loaded = entry.status === 'error' ? null : (query.data ?? null);
  const table = useTabTable(wsId, 'activities', LAYOUT, query, reload);
  const layoutSort = table.layout.sort;
  const rowSort = useMemo(() => rowSortOf(layoutSort), [layoutSort]);
  const windows = useRowWindows(wsId, loaded?.storeId ?? null, loaded?.rows ?? 0, rowSort);

  // The main side keeps one store per workspace view: cached results of other filters, or a store
  // released meanwhile, are loaded again (once per store id).
  const reloadedFor = useRef<string | null>(null);
  const goneStore = windows.error?.code === 'not-found' ? (windows.error.field ?? null) : null;
  useEffect(() => {
    if (goneStore === null || reloadedFor.current === goneStore) return;
    reloadedFor.current = goneStore;
    void refetch();
  }, [goneStore, refetch]);

  const startExport = async () => {
    setExportError(null);
    const res = await chooseSavePath(exportFileName('activities', workspace.name));
    if (!res.ok) setExportError(res.error);
    else if (res.value.native && res.value.path === null) return;
    else setExportChoice(res.value);
  };

  // Ready once the rows on screen are the loaded store's, in the chosen order.
  const status = entry.status === 'ready' && !windows.current ? 'loading' : entry.status;
  // The first page while the store fills (issue 30): shown until the store's windows take over.
  const soFar = useWalkSoFar(walk.queryKey, status, job);
  const windowError = goneStore === null ? windows.error : null;
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
      {entry.status === 'loading' ? (
        <ProgressBar
          testId="activities-progress"
          label={`Loading activities${progress ? `, page ${progress.pages}` : ''}`}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          onCancel={job.cancel}
        />
      ) : null}
      {soFar ? <PartialWalkLine partial={soFar.partial} testId="activities-progress-partial" /> : null}
      {loaded && !soFar ? (
        <WalkReport
          testId="activities-walk"
          report={loaded}
          limitName="the row limit (narrow the filters or raise the limit)"
        />
      ) : null}
      {windowError ? <ErrorBanner error={windowError} testId="activities-window-error" /> : null}
      <DataTable<Activity>
        {...table}
        status={status}
        rows={soFar ? (soFar.items as Activity[]) : null}
        source={soFar ? null : windows.source}
        columns={ACTIVITY_COLUMNS}
        getRowId={(a) => a.activityId}
        emptyText="No activities match these filters."
        toolbar={<h2 className="pane-title">Activities</h2>}
      />
      {exportChoice ? (
        <ExportCsvDialog
          workspace={workspace}
          filters={applied}
          choice={exportChoice}
          aboutRows={query.data?.rows ?? null}
          onClose={() => setExportChoice(null)}
        />
      ) : null}
    </div>
  );
}
