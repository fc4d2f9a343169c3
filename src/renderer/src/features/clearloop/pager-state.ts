/**
 * What the ClearLoop pager may claim, from what came back (issues 18 and 25): ClearLoop's
 * `pagination` may be missing or wrong, and its pages may be capped, so paging follows "the last
 * page was full, or pagination says more". Pure, for unit tests.
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
  /**
   * The platform sent fewer rows than asked while saying more pages follow: it caps its pages at
   * this many. Pages are asked by `offset = (page - 1) × pageSize`, so the rows between the cap and
   * the page size would never be shown; the pager offers pages of this size. Absent otherwise.
   */
  capped?: number;
}

/**
 * What the pager may claim. The pager pages on while the last page was full (another may follow,
 * whatever `pagination` says) or the platform's own count says more pages follow: a platform that
 * caps its pages below the size asked sends short pages that are not the last (issue 25), so a
 * short page is the last one only when `pagination` does not say otherwise. A full page is the
 * last only when the platform's count says so AND its total accounts for exactly the rows seen so
 * far (a `pagination` that is both present and right). The count is shown only when it agrees
 * with what came back.
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
  const morePages = pages !== null && pages > page;
  const agrees = full ? morePages || endAgreed : pages === page || (morePages && rowsOnPage > 0);
  if (!agrees) {
    pages = null;
    total = null;
  }
  const capped = !full && morePages && rowsOnPage > 0;
  return {
    pages,
    total,
    hasNext: (full && !endAgreed) || capped,
    ...(capped ? { capped: rowsOnPage } : {}),
  };
}

function toInt(v: unknown): number | null {
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}
