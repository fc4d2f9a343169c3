/**
 * What a full paging walk (src/main/platform/paging.ts) says about its rows, on screen: the count,
 * duplicates dropped, an incomplete result, a limit or hard bound that stopped it. Shared by the
 * activities and the address book, and read from the same `AllRows` fields as the export's result.
 */
import { walkReportParts, type WalkReportFields } from './walk-report';

export function WalkReport({
  report,
  testId,
  limitName,
}: {
  report: WalkReportFields;
  testId: string;
  limitName?: string;
}) {
  const warn = report.incomplete || report.truncated || report.duplicatesDropped > 0;
  return (
    <div
      className={warn ? 'notice' : 'muted small'}
      role={report.incomplete ? 'alert' : undefined}
      data-testid={testId}
      data-incomplete={report.incomplete ? 'true' : 'false'}
      data-duplicates={report.duplicatesDropped}
    >
      {walkReportParts(report, limitName).join(' · ')}
    </div>
  );
}
