import type { Walk, WalkKept } from '../../state/use-walk';
import { ProgressBar } from '../ProgressBar';
import { WalkReport } from '../WalkReport';
import { PARTIAL_NOTE, partialWalkText, type PartialWalk, type WalkReportFields } from '../walk-report';

interface WalkStatusProps {
  /** The walk (`useWalk`): loading (with its job's progress and Cancel), failed, or done with its rows and report. */
  walk: Walk<Omit<WalkReportFields, 'rows'> & { items: readonly unknown[] }>;
  label: string;
  progressTestId: string;
  reportTestId: string;
  /** How the report names the limit that stopped a walk. */
  limitName?: string;
}

/**
 * The state of a fetch-all walk above its table: a progress bar with Cancel while it runs, with
 * the rows shown so far ("1,000 of about 20,000 loaded · 2 requests", issue 30), and what the last
 * walk said about its rows (count, duplicates dropped, incomplete, stopped by a limit). After a
 * failure the report is not shown: the table shows the error, or, when the walk streamed rows
 * before it failed, lists them under an alert that says the rest is missing, with a Retry.
 */
export function WalkStatus(props: WalkStatusProps) {
  const { walk, label, progressTestId, reportTestId, limitName } = props;
  const { status, job, partial, kept } = walk;
  const data = walk.query.data;
  return (
    <>
      {status === 'loading' ? (
        <ProgressBar
          testId={progressTestId}
          label={label}
          done={job.progress?.done ?? 0}
          total={job.progress?.total ?? null}
          onCancel={job.cancel}
        />
      ) : null}
      {kept ? (
        <KeptRowsAlert kept={kept} onRetry={walk.reload} testId={`${progressTestId}-kept`} />
      ) : partial ? (
        <PartialWalkLine partial={partial} testId={`${progressTestId}-partial`} />
      ) : data && status !== 'error' ? (
        <WalkReport
          testId={reportTestId}
          report={{ ...data, rows: data.items.length }}
          limitName={limitName}
        />
      ) : null}
    </>
  );
}

/**
 * A walk that failed part-way (issue 30): the rows that arrived stay listed; this says the list
 * stopped, the platform's message, how many rows are listed and that the rest is missing. The
 * look of the console's error notices (ErrorBanner).
 */
export function KeptRowsAlert(props: { kept: WalkKept; onRetry: () => void; testId: string }) {
  const { kept, onRetry, testId } = props;
  const { error } = kept;
  const listed =
    kept.loaded === 1
      ? 'The 1 row that arrived is listed'
      : `The ${kept.loaded.toLocaleString('en-US')} rows that arrived are listed`;
  return (
    <div
      className="error-banner"
      role="alert"
      data-testid={testId}
      data-code={error.code}
      data-loaded={kept.loaded}
    >
      <div className="error-text">
        <strong>The list stopped before the end.</strong>
        <span className="error-message" data-testid={`${testId}-message`}>
          {error.message}
        </span>
        <span>{listed}; the rest is missing. Sorting and search apply to these rows only.</span>
        <span className="muted small">
          {error.code}
          {error.status !== undefined ? ` · HTTP ${error.status}` : ''}
          {error.platformError ? ` · ${error.platformError}` : ''}
        </span>
      </div>
      <button type="button" className="btn" onClick={onRetry} data-testid={`${testId}-retry`}>
        Retry
      </button>
    </div>
  );
}

/** "1,000 of about 20,000 loaded · 2 requests" and what sorting and search apply to meanwhile. */
export function PartialWalkLine({ partial, testId }: { partial: PartialWalk; testId: string }) {
  return (
    <div className="muted small" role="status" data-testid={testId} data-loaded={partial.loaded}>
      {partialWalkText(partial)}. {PARTIAL_NOTE}
    </div>
  );
}
