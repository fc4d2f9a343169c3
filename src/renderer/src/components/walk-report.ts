/**
 * The words for a full paging walk's result (src/main/platform/paging.ts): rows, duplicates
 * dropped, incomplete, the limit or bound that stopped it. Pure, for unit tests; WalkReport.tsx
 * shows them.
 */
/** The walk's result fields (`AllRows` without its items) plus the row count. */
export interface WalkReportFields {
  rows: number;
  pages: number;
  truncated: boolean;
  duplicatesDropped: number;
  incomplete: boolean;
  total: number | null;
  bound?: { kind: 'pages' | 'rows'; limit: number };
}

/** "2,350 rows · 12 duplicates dropped · incomplete: …" as parts, for the notice and for tests. */
export function walkReportParts(report: WalkReportFields, limitName = 'the limit'): string[] {
  const parts = [`${report.rows.toLocaleString('en-US')} ${report.rows === 1 ? 'row' : 'rows'}`];
  if (report.duplicatesDropped > 0)
    parts.push(
      `${report.duplicatesDropped.toLocaleString('en-US')} ${report.duplicatesDropped === 1 ? 'duplicate' : 'duplicates'} dropped`,
    );
  if (report.incomplete)
    parts.push(
      report.total !== null
        ? `incomplete: the platform sent an empty page before its total of ${report.total.toLocaleString('en-US')}`
        : 'incomplete: the platform skipped rows (an empty page in the middle)',
    );
  if (report.bound)
    parts.push(
      `stopped at the console's bound of ${report.bound.limit.toLocaleString('en-US')} ${report.bound.kind}: more rows may exist`,
    );
  else if (report.truncated) parts.push(`stopped at ${limitName}: more rows may exist`);
  return parts;
}
