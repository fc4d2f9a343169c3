/**
 * Walking limit/offset pages to the end: used by the "fetch all" calls (activities, crypto
 * addresses). Rows are appended to one array as pages arrive (no concatenation per page, which
 * would be quadratic over 100 pages), progress is reported on a timer so that a slow page still
 * shows movement, and cancellation is passed straight to the request in flight.
 */
import type { AllRows, Page, ProgressEvent } from '../../shared/contract';
import { fail, type Result } from '../../shared/result';

/**
 * The promise is an event at least every 250 ms; the timer runs faster than that because a timer
 * fires late when the event loop is busy (parsing a page), and at exactly 250 ms every late tick
 * would break the promise (measured: 253-257 ms gaps, bench/4 and bench/5).
 */
export const PROGRESS_INTERVAL_MS = 200;

export interface PageRequest {
  offset: number;
  limit: number;
  signal: AbortSignal | undefined;
}

export interface PageAnswer<T> {
  items: T[];
  /** Total rows when the platform says it (ClearLoop's pagination), else undefined. */
  total?: number;
}

export interface WalkOptions<T> {
  fetchPage: (request: PageRequest) => Promise<Result<PageAnswer<T>>>;
  pageSize: number;
  maxRows?: number;
  signal?: AbortSignal;
  jobId?: string;
  onProgress?: (event: ProgressEvent) => void;
}

export async function walkPages<T>(options: WalkOptions<T>): Promise<Result<AllRows<T>>> {
  const { fetchPage, pageSize, signal, jobId = '', onProgress } = options;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    return fail('bad-input', 'page size must be a positive integer');

  const items: T[] = [];
  let pages = 0;
  let total: number | null = null;
  const report = (phase: ProgressEvent['phase']) =>
    onProgress?.({ jobId, done: items.length, total, pages, phase });
  const timer =
    onProgress === undefined ? undefined : setInterval(() => report('running'), PROGRESS_INTERVAL_MS);
  timer?.unref();

  try {
    for (;;) {
      if (signal?.aborted) {
        report('cancelled');
        return fail('cancelled', 'Cancelled');
      }
      // Never ask for more than is still wanted, so maxRows costs no extra download.
      const limit = Math.min(pageSize, maxRows - items.length);
      const page = await fetchPage({ offset: items.length, limit, signal });
      if (!page.ok) {
        report(page.error.code === 'cancelled' || signal?.aborted ? 'cancelled' : 'failed');
        if (page.error.code !== 'cancelled' && signal?.aborted) return fail('cancelled', 'Cancelled');
        // Past the first page the operator must learn that the rows so far are not shown either.
        if (pages === 0 || page.error.code === 'cancelled') return page;
        return {
          ok: false,
          error: {
            ...page.error,
            message: `${page.error.message} (on page ${pages + 1}, after ${items.length} rows; nothing was kept, try again)`,
          },
        };
      }
      pages++;
      if (page.value.total !== undefined) total = page.value.total;
      const rows = page.value.items;
      for (let i = 0; i < rows.length && items.length < maxRows; i++) items.push(rows[i] as T);
      const lastPage = rows.length < limit;
      if (lastPage || items.length >= maxRows) {
        report('done');
        // Stopped by maxRows on a full page: more rows may exist that were not fetched.
        return { ok: true, value: { items, pages, truncated: !lastPage } };
      }
    }
  } finally {
    clearInterval(timer);
  }
}

/** A single page as the contract's `Page`: full means another may follow. */
export function toPage<T>(items: T[], requestedLimit: number): Page<T> {
  return { items, mayHaveMore: items.length >= requestedLimit };
}
