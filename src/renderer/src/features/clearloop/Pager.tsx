import { useState } from 'react';
import type { Pagination } from '@shared/platform/resources';
import { pagerState } from './pager-state';

interface PagerProps {
  /** The platform's summary; it may be missing or wrong (issue 18), so it only informs. */
  pagination: Pagination | null;
  /** Rows of the page shown, or null while none is loaded. */
  rowsOnPage: number | null;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/**
 * Server-side paging driven by what came back, not by `pagination`: "Next" is enabled while the last
 * page was full (another may follow) or the platform says more pages exist. The page number is the
 * page we asked for; the platform's page count and total are shown only when they agree with it.
 * A platform that caps its pages below the size asked (a short page, more pages said) would have
 * the rows past its cap skipped by the next page's offset, so the pager says so and offers pages
 * of the platform's size.
 */
export function Pager({ pagination, rowsOnPage, page, pageSize, pageSizes, onPage, onPageSize }: PagerProps) {
  const state = pagerState(pagination, rowsOnPage, page, pageSize);
  const { pages, total, hasNext, capped } = state;
  const [jump, setJump] = useState('');
  const go = (p: number) => onPage(Math.max(1, p));
  return (
    <div className="pager" data-testid="pager">
      <button
        type="button"
        className="btn small"
        disabled={page <= 1}
        onClick={() => go(1)}
        title="First page"
      >
        «
      </button>
      <button
        type="button"
        className="btn small"
        data-testid="page-prev"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        ‹ Prev
      </button>
      <span className="small" data-testid="page-status">
        Page {page.toLocaleString()}
        {pages !== null ? ` of ${pages.toLocaleString()}` : ''}
        {total !== null ? ` · ${total.toLocaleString()} items` : ''}
      </span>
      <button
        type="button"
        className="btn small"
        data-testid="page-next"
        disabled={!hasNext}
        onClick={() => go(page + 1)}
      >
        Next ›
      </button>
      <button
        type="button"
        className="btn small"
        disabled={pages === null || page >= pages}
        onClick={() => go(pages ?? page)}
        title="Last page"
      >
        »
      </button>
      <form
        className="field inline"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(jump);
          if (Number.isInteger(n) && n >= 1) go(n);
          setJump('');
        }}
      >
        <input
          className="input"
          style={{ width: 56, height: 24 }}
          inputMode="numeric"
          placeholder="Go to"
          aria-label="Go to page"
          data-testid="page-jump"
          value={jump}
          onChange={(e) => setJump(e.target.value)}
        />
      </form>
      {capped !== undefined ? (
        <span className="notice small" role="alert" data-testid="page-capped">
          The platform sent {capped.toLocaleString()} of the {pageSize.toLocaleString()} asked and says more
          pages follow: the actions after the first {capped.toLocaleString()} of each page are not shown.{' '}
          <button type="button" className="btn small" onClick={() => onPageSize(capped)}>
            Use pages of {capped.toLocaleString()}
          </button>
        </span>
      ) : null}
      <label className="field inline">
        <span className="small">Page size</span>
        <select
          className="input"
          style={{ height: 24 }}
          data-testid="page-size"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {(pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)).map(
            (s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ),
          )}
        </select>
      </label>
    </div>
  );
}
