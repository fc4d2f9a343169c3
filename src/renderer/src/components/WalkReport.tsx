/**
 * What a full paging walk (src/main/platform/paging.ts) says about its rows, on screen: the count,
 * duplicates dropped, rows that moved or may have been missed, null rows, an incomplete result, a
 * limit or hard bound that stopped it. Shared by the activities, the address book and the loans,
 * and read from the same `AllRows` fields as the export's result. When rows may have been missed
 * and the view can read again, it offers to.
 */
import { mayHaveMissed, walkNeedsNotice, walkReportParts, type WalkReportFields } from './walk-report';

export function WalkReport({
  report,
  testId,
  limitName,
  onReread,
}: {
  report: WalkReportFields;
  testId: string;
  limitName?: string;
  /** Reads the list again; offered when rows may have been missed. */
  onReread?: () => void;
}) {
  const missed = mayHaveMissed(report);
  const alert = report.incomplete || missed > 0;
  return (
    <div
      className={walkNeedsNotice(report) ? 'notice' : 'muted small'}
      role={alert ? 'alert' : undefined}
      data-testid={testId}
      data-incomplete={report.incomplete ? 'true' : 'false'}
      data-complete={report.complete === true ? 'true' : 'false'}
      data-duplicates={report.duplicatesDropped}
      data-may-have-missed={missed}
      data-null-rows={report.nullRows ?? 0}
    >
      {walkReportParts(report, limitName).join(' · ')}
      {missed > 0 && onReread ? (
        <>
          {' '}
          <button type="button" className="btn small" data-testid={`${testId}-reread`} onClick={onReread}>
            Read again
          </button>
        </>
      ) : null}
    </div>
  );
}
