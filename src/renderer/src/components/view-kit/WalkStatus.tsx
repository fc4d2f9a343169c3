import type { ProgressEvent } from '@shared/contract';
import { ProgressBar } from '../ProgressBar';
import { WalkReport } from '../WalkReport';
import type { WalkReportFields } from '../walk-report';

interface WalkStatusProps {
  /** The walk's query: loading (with its job), failed, or done with its rows and report. */
  status: string;
  data: (Omit<WalkReportFields, 'rows'> & { items: readonly unknown[] }) | null | undefined;
  /** The job's progress (`useJobProgress`), while it runs. */
  progress: ProgressEvent | undefined;
  /** Cancels the running job; absent while no job is known. */
  onCancel: (() => void) | undefined;
  label: string;
  progressTestId: string;
  reportTestId: string;
  /** How the report names the limit that stopped a walk. */
  limitName?: string;
}

/**
 * The state of a fetch-all walk above its table: a progress bar with Cancel while it runs, and
 * what the last walk said about its rows (count, duplicates dropped, incomplete, stopped by a
 * limit). After a failure the report is not shown: the table shows the error.
 */
export function WalkStatus(props: WalkStatusProps) {
  const { status, data, progress, onCancel, label, progressTestId, reportTestId, limitName } = props;
  return (
    <>
      {status === 'loading' ? (
        <ProgressBar
          testId={progressTestId}
          label={label}
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          onCancel={onCancel}
        />
      ) : null}
      {data && status !== 'error' ? (
        <WalkReport
          testId={reportTestId}
          report={{ ...data, rows: data.items.length }}
          limitName={limitName}
        />
      ) : null}
    </>
  );
}
