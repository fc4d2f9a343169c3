import { useEffect, useRef, useState } from 'react';
import type { ExportResult, ProgressEvent, SavePathChoice, WorkspaceView } from '@shared/contract';
import { exportPathProblem } from '@shared/export-file-name';
import { pausedLine, requestsLine, rowsLine } from '@shared/job-pacing';
import type { AppError } from '@shared/result';
import { WalkReport } from '../../components/WalkReport';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatTimestamp } from '../../lib/time';
import { useJobProgress } from '../../state/jobs';
import { cancelJob } from '../../state/queries';
import type { ActivityFilters } from './filters';
import { exportActivitiesCsv } from './queries';

type Phase =
  | { kind: 'ready' }
  | { kind: 'running'; jobId: string }
  | { kind: 'done'; result: ExportResult }
  | { kind: 'failed'; error: AppError };

interface ExportCsvDialogProps {
  workspace: WorkspaceView;
  filters: ActivityFilters;
  choice: SavePathChoice;
  /** The rows the tab loaded with the same filters: the export's "of about N". */
  aboutRows?: number | null;
  onClose(): void;
}

/**
 * Streams the platform's CSV of the applied filters to a file the operator chose. A failed
 * export leaves the dialog open with the path editable, so another name can be tried at once.
 */
export function ExportCsvDialog({
  workspace,
  filters,
  choice,
  aboutRows = null,
  onClose,
}: ExportCsvDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [path, setPath] = useState(choice.path ?? '');
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const progress = useJobProgress(phase.kind === 'running' ? phase.jobId : null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const canStart = phase.kind === 'ready' || phase.kind === 'failed';
  const run = async () => {
    if (!canStart || path.trim() === '') return;
    const { jobId, done } = exportActivitiesCsv(workspace.id, path.trim(), filters);
    setPhase({ kind: 'running', jobId });
    const res = await done;
    setPhase(res.ok ? { kind: 'done', result: res.value } : { kind: 'failed', error: res.error });
  };
  const pathProblem = phase.kind === 'failed' ? exportPathProblem(phase.error) : null;

  return (
    <dialog
      ref={ref}
      className="export-dialog"
      data-testid="export-dialog"
      aria-labelledby="export-title"
      onCancel={(e) => {
        if (phase.kind === 'running') e.preventDefault();
        else onClose();
      }}
    >
      <h2 id="export-title">Export activities as CSV</h2>
      <p className="note">
        Exports every activity matching the applied filters of <strong>{workspace.name}</strong> (up to{' '}
        {filters.maxRows.toLocaleString()} rows), straight from the platform to the file.
      </p>
      <p className="note" data-testid="export-neutralise-note">
        For spreadsheet safety, cells starting with <code>=</code> <code>+</code> <code>-</code>{' '}
        <code>@</code>, a tab or a carriage return are neutralised (prefixed with <code>&apos;</code>) so that
        a spreadsheet never runs them as formulas.
      </p>
      {choice.native && phase.kind !== 'failed' ? (
        <p className="mono small" data-testid="export-path">
          {path}
        </p>
      ) : (
        <label className="field">
          Save to (path on the machine running the console)
          <input
            data-testid="export-path-input"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            disabled={!canStart}
            spellCheck={false}
            aria-invalid={pathProblem !== null}
            aria-describedby={pathProblem !== null ? 'export-path-problem' : undefined}
          />
        </label>
      )}
      {phase.kind === 'running' ? (
        <ExportProgress
          progress={progress}
          aboutRows={aboutRows}
          onCancel={() => void cancelJob(phase.jobId)}
        />
      ) : null}
      {phase.kind === 'done' ? (
        <div className="success" data-testid="export-result">
          Wrote {phase.result.rows.toLocaleString()} rows ({phase.result.bytes.toLocaleString()} bytes,{' '}
          {phase.result.pages} pages) to <span className="mono">{phase.result.path}</span>.
          {phase.result.neutralisedCells > 0 ? ` ${phase.result.neutralisedCells} cells neutralised.` : ''}
        </div>
      ) : null}
      {phase.kind === 'done' ? (
        <WalkReport
          testId="export-walk"
          report={{
            rows: phase.result.rows,
            pages: phase.result.pages,
            truncated: phase.result.truncated ?? false,
            duplicatesDropped: phase.result.duplicatesDropped ?? 0,
            incomplete: phase.result.incomplete ?? false,
            total: null,
            ...(phase.result.bound ? { bound: phase.result.bound } : {}),
          }}
          limitName="the row limit"
        />
      ) : null}
      {pathProblem !== null ? (
        <div className="error-banner" role="alert" id="export-path-problem" data-testid="export-error">
          {pathProblem}
        </div>
      ) : phase.kind === 'failed' ? (
        <ErrorBanner error={phase.error} testId="export-error" />
      ) : null}
      <div className="dialog-actions">
        {canStart ? (
          <>
            <button type="button" className="btn" onClick={onClose}>
              {phase.kind === 'failed' ? 'Close' : 'Cancel'}
            </button>
            <button
              type="button"
              className="btn primary"
              data-testid="export-start"
              disabled={path.trim() === ''}
              onClick={() => void run()}
            >
              {phase.kind === 'failed' ? 'Export again' : 'Export'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={onClose}
            disabled={phase.kind === 'running'}
            data-testid="export-close"
          >
            Close
          </button>
        )}
      </div>
    </dialog>
  );
}

/**
 * The export's progress in rows, and the request budget it paces against: a paused export says
 * so and until when, so it never looks stuck. Cancel works while it waits.
 */
function ExportProgress({
  progress,
  aboutRows,
  onCancel,
}: {
  progress: ProgressEvent | undefined;
  aboutRows: number | null;
  onCancel(): void;
}) {
  const rows = progress?.rowsWritten ?? 0;
  const pacing = progress?.pacing;
  const paused = pacing ? pausedLine(pacing, (ms) => formatTimestamp(String(ms))) : null;
  return (
    <div className="progress" data-testid="export-progress">
      <div
        className="progress-track indeterminate"
        role="progressbar"
        aria-label={paused ?? 'Exporting'}
        aria-valuetext={rowsLine(rows, aboutRows)}
      >
        <div className="progress-fill" />
      </div>
      <div role="status" aria-live="polite">
        <span className="progress-label" data-testid="export-rows">
          {rowsLine(rows, aboutRows)}
          {progress ? `, ${progress.pages.toLocaleString()} ${progress.pages === 1 ? 'page' : 'pages'}` : ''}
        </span>
        {paused !== null ? (
          <span className="notice small" data-testid="export-paused">
            {paused}
          </span>
        ) : null}
        {pacing ? (
          <span className="muted small" data-testid="export-requests">
            {requestsLine(pacing)}
          </span>
        ) : null}
      </div>
      <button type="button" className="btn small" onClick={onCancel} data-testid="export-progress-cancel">
        Cancel
      </button>
    </div>
  );
}
