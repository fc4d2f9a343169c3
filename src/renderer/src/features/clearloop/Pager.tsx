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
 */
export function Pager({ pagination, rowsOnPage, page, pageSize, pageSizes, onPage, onPageSize }: PagerProps) {
  const state = pagerState(pagination, rowsOnPage, page, pageSize);
  const { pages, total, hasNext } = state;
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
      <label className="field inline">
        <span className="small">Page size</span>
        <select
          className="input"
          style={{ height: 24 }}
          data-testid="page-size"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
