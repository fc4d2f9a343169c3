import { useEffect, useRef, useState } from 'react';
import type { ExportResult, SavePathChoice, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { WalkReport } from '../../components/WalkReport';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ProgressBar } from '../../components/ProgressBar';
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
  onClose(): void;
}

/** Streams the platform's CSV of the applied filters to a file the operator chose. */
export function ExportCsvDialog({ workspace, filters, choice, onClose }: ExportCsvDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [path, setPath] = useState(choice.path ?? '');
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const progress = useJobProgress(phase.kind === 'running' ? phase.jobId : null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const run = async () => {
    if (phase.kind === 'running' || path.trim() === '') return;
    const { jobId, done } = exportActivitiesCsv(workspace.id, path.trim(), filters);
    setPhase({ kind: 'running', jobId });
    const res = await done;
    setPhase(res.ok ? { kind: 'done', result: res.value } : { kind: 'failed', error: res.error });
  };

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
      {choice.native ? (
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
            disabled={phase.kind !== 'ready'}
            spellCheck={false}
          />
        </label>
      )}
      {phase.kind === 'running' ? (
        <ProgressBar
          testId="export-progress"
          label="Exporting"
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
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
      {phase.kind === 'failed' ? <ErrorBanner error={phase.error} testId="export-error" /> : null}
      <div className="dialog-actions">
        {phase.kind === 'ready' ? (
          <>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn primary"
              data-testid="export-start"
              disabled={path.trim() === ''}
              onClick={() => void run()}
            >
              Export
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
