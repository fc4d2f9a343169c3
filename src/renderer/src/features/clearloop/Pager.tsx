import { useState } from 'react';
import type { Pagination } from '@shared/platform/resources';

interface PagerProps {
  pagination: Pagination | null;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Server-side paging: page and page count come from the platform's `pagination`, not from us. */
export function Pager({ pagination, page, pageSize, pageSizes, onPage, onPageSize }: PagerProps) {
  const serverPage = toInt(pagination?.page) ?? page;
  const pages = toInt(pagination?.pages) ?? 0;
  const total = toInt(pagination?.totalItems);
  const [jump, setJump] = useState('');
  const go = (p: number) => onPage(Math.max(1, pages > 0 ? Math.min(pages, p) : p));
  return (
    <div className="pager" data-testid="pager">
      <button
        type="button"
        className="btn small"
        disabled={serverPage <= 1}
        onClick={() => go(1)}
        title="First page"
      >
        «
      </button>
      <button
        type="button"
        className="btn small"
        data-testid="page-prev"
        disabled={serverPage <= 1}
        onClick={() => go(serverPage - 1)}
      >
        ‹ Prev
      </button>
      <span className="small" data-testid="page-status">
        Page {serverPage.toLocaleString()} of {pages.toLocaleString()}
        {total !== null ? ` · ${total.toLocaleString()} items` : ''}
      </span>
      <button
        type="button"
        className="btn small"
        data-testid="page-next"
        disabled={serverPage >= pages}
        onClick={() => go(serverPage + 1)}
      >
        Next ›
      </button>
      <button
        type="button"
        className="btn small"
        disabled={serverPage >= pages}
        onClick={() => go(pages)}
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

function toInt(v: string | undefined): number | null {
  if (v === undefined || !/^\d+$/.test(v)) return null;
  return Number(v);
}
