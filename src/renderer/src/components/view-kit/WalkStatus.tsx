import type { Walk } from '../../state/use-walk';
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
 * failure the report is not shown: the table shows the error.
 */
export function WalkStatus(props: WalkStatusProps) {
  const { walk, label, progressTestId, reportTestId, limitName } = props;
  const { status, job, partial } = walk;
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
      {partial ? (
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

/** "1,000 of about 20,000 loaded · 2 requests" and what sorting and search apply to meanwhile. */
export function PartialWalkLine({ partial, testId }: { partial: PartialWalk; testId: string }) {
  return (
    <div className="muted small" role="status" data-testid={testId} data-loaded={partial.loaded}>
      {partialWalkText(partial)}. {PARTIAL_NOTE}
    </div>
  );
}
