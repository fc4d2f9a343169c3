/**
 * What the ClearLoop pager may claim, from what came back (issue 18): ClearLoop's `pagination` may
 * be missing or wrong, so paging follows "the last page was full". Pure, for unit tests.
 */

/** `pagination` as received: any field may be missing, a number, or nonsense. */
export interface PaginationLike {
  pages?: unknown;
  totalItems?: unknown;
}

export interface PagerState {
  /** The platform's page count, when it is consistent with what came back; else null. */
  pages: number | null;
  total: number | null;
  hasNext: boolean;
}

/**
 * What the pager may claim. A full page means another may follow, whatever `pagination` says, with
 * one exception: the platform's own count says this is the last page AND its total accounts for
 * exactly the rows seen so far (a `pagination` that is both present and right). The count is shown
 * only when it agrees with what came back; a short page is always the last one.
 */
export function pagerState(
  pagination: PaginationLike | null,
  rowsOnPage: number | null,
  page: number,
  pageSize: number,
): PagerState {
  let pages = toInt(pagination?.pages);
  let total = toInt(pagination?.totalItems);
  if (rowsOnPage === null) return { pages: null, total: null, hasNext: false };
  const full = rowsOnPage >= pageSize;
  const rowsSoFar = (page - 1) * pageSize + rowsOnPage;
  const endAgreed = pages === page && total === rowsSoFar;
  const agrees = full ? (pages !== null && pages > page) || endAgreed : pages === page;
  if (!agrees) {
    pages = null;
    total = null;
  }
  return { pages, total, hasNext: full && !endAgreed };
}

function toInt(v: unknown): number | null {
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
