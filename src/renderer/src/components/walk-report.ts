/**
 * The words for a full paging walk's result (src/main/platform/paging.ts): rows, duplicates
 * dropped, rows that moved or may have been missed, null rows, rows without an id, incomplete, the
 * limit or bound that stopped it. Pure, for unit tests; WalkReport.tsx shows them.
 *
 * A repeat or a moved row means the rows behind it shifted during the read, so one of them may
 * never have been sent (issue 25): such a walk is never shown without saying so. A report that does
 * not count the misses itself (an export result from before) is read by the same rule.
 */
/** The walk's result fields (`AllRows` without its items) plus the row count. */
export interface WalkReportFields {
  rows: number;
  pages: number;
  truncated: boolean;
  duplicatesDropped: number;
  movedRows?: number;
  mayHaveMissed?: number;
  nullRows?: number;
  rowsWithoutId?: number;
  incomplete: boolean;
  complete?: boolean;
  total: number | null;
  bound?: { kind: 'pages' | 'rows'; limit: number };
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Rows that may have slipped past the walk: every repeat or move is a shift. */
export function mayHaveMissed(report: WalkReportFields): number {
  return report.mayHaveMissed ?? report.duplicatesDropped + (report.movedRows ?? 0);
}

/** Whether the report must be shown as a warning rather than a plain count. */
export function walkNeedsNotice(report: WalkReportFields): boolean {
  return (
    report.incomplete ||
    report.truncated ||
    report.duplicatesDropped > 0 ||
    mayHaveMissed(report) > 0 ||
    (report.nullRows ?? 0) > 0 ||
    (report.rowsWithoutId ?? 0) > 0
  );
}

/** "2,350 rows · 12 duplicates dropped · incomplete: …" as parts, for the notice and for tests. */
export function walkReportParts(report: WalkReportFields, limitName = 'the limit'): string[] {
  const parts = [count(report.rows, 'row', 'rows')];
  if (report.duplicatesDropped > 0)
    parts.push(`${count(report.duplicatesDropped, 'duplicate', 'duplicates')} dropped`);
  const moved = report.movedRows ?? 0;
  if (moved > 0)
    parts.push(
      `${count(moved, 'row', 'rows')} changed during the read (the newest ${moved === 1 ? 'copy is' : 'copies are'} shown)`,
    );
  const missed = mayHaveMissed(report);
  if (missed > 0)
    parts.push(
      `${count(missed, 'row', 'rows')} may have been missed: a row moved during the read; read again to check`,
    );
  const nullRows = report.nullRows ?? 0;
  if (nullRows > 0)
    parts.push(
      nullRows === 1
        ? '1 row came as null and is not shown'
        : `${count(nullRows, 'row', 'rows')} came as null and are not shown`,
    );
  const withoutId = report.rowsWithoutId ?? 0;
  if (withoutId > 0)
    parts.push(
      withoutId === 1
        ? '1 row has no id (kept; a repeat of it cannot be recognised)'
        : `${count(withoutId, 'row', 'rows')} have no id (kept; repeats of them cannot be recognised)`,
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

/** A walk still running, as far as it has shown rows (useWalk's `partial`). */
export interface PartialWalk {
  loaded: number;
  /** The platform's total, or the last complete walk's count of the same list; null when neither is known. */
  estimate: number | null;
  requests: number;
}

/**
 * "1,000 of about 20,000 loaded · 2 requests": what is on screen while the walk goes on. "about":
 * the estimate is the platform's total or the last complete read of the same list, and the list
 * may have changed since (a loaded count past it shows no estimate).
 */
export function partialWalkText(walk: PartialWalk): string {
  const loaded = walk.loaded.toLocaleString('en-US');
  const of =
    walk.estimate !== null && walk.estimate >= walk.loaded
      ? `${loaded} of about ${walk.estimate.toLocaleString('en-US')} loaded`
      : `${loaded} loaded so far`;
  return `${of} · ${count(walk.requests, 'request', 'requests')}`;
}

/** What sorting, filtering and search apply to while the walk goes on. */
export const PARTIAL_NOTE =
  'Still loading: sorting, filtering and search apply to the rows loaded so far and apply again by themselves once every row is in.';
