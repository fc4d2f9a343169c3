/**
 * The one paging walk of the console: activities, crypto addresses, the CSV export and any later
 * limit/offset list go through `PageCursor`, so they all end, de-duplicate and bound the same way.
 *
 * Why the rules are what they are (issue 18):
 * - The specification gives no page maximum, so a platform may answer fewer rows than `limit`.
 *   A short page is therefore NOT the end: the walk ends on an empty page, or when the platform's
 *   own total is reached. That costs one extra (empty) request per walk, never more.
 * - `offset` advances by the rows the platform sent (its positions), not by the rows kept.
 * - Rows repeated across pages (new rows arriving at the top while walking) are dropped by id and
 *   counted; a page whose ids equal the page before (a platform ignoring `offset`) stops the walk
 *   with an error instead of looping.
 * - An empty page before a known total is reported as `incomplete`. Without a total an empty page
 *   in the middle cannot be told from the end without more requests; the walk keeps its cost to
 *   the one extra request and ends there (docs/platform-quirks.md).
 * - Every walk has a hard bound on pages and rows, and says when it hit it.
 *
 * Rows are appended to one array as pages arrive (no concatenation per page, which would be
 * quadratic over 100 pages), progress is reported on a timer so that a slow page still shows
 * movement, and cancellation is passed straight to the request in flight.
 */
import type { AllRows, Page, ProgressEvent, WalkBound } from '../../shared/contract';
import { fail, type AppError, type Result } from '../../shared/result';

/**
 * The promise is an event at least every 250 ms; the timer runs faster than that because a timer
 * fires late when the event loop is busy (parsing a page), and at exactly 250 ms every late tick
 * would break the promise (measured: 253-257 ms gaps, bench/4 and bench/5).
 */
export const PROGRESS_INTERVAL_MS = 200;

/** Hard bounds of any walk: a platform that never sends an empty page must not walk forever. */
export const WALK_MAX_PAGES = 10_000;
export const WALK_MAX_ROWS = 2_000_000;

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

export interface CursorOptions {
  pageSize: number;
  /** The caller's own cap (the operator asked for at most this many rows): `truncated`. */
  maxRows?: number;
  /** Hard bounds; the defaults are WALK_MAX_PAGES and WALK_MAX_ROWS. */
  maxPages?: number;
  hardMaxRows?: number;
}

/** Why a page ended the walk, or `null` to ask for the next one. */
export type PageVerdict =
  null | { stop: 'end' | 'incomplete' | 'max-rows' | 'bound' } | { stop: 'repeated'; error: AppError };

/**
 * The walk's state, fed one page at a time. Callers ask `request()`, call `keep(id)` for each row
 * of the answer (in order) and then `endPage(ids)`; the verdict says whether to go on.
 */
export class PageCursor {
  readonly pageSize: number;
  private readonly maxRows: number;
  private readonly maxPages: number;
  private readonly hardMaxRows: number;
  /** Rows the platform sent so far (its positions): the next offset. */
  private offset = 0;
  private previousIds: readonly (string | undefined)[] | null = null;
  private readonly seen = new Set<string>();
  pages = 0;
  kept = 0;
  duplicatesDropped = 0;
  total: number | null = null;
  bound: WalkBound | undefined;
  incomplete = false;
  truncated = false;

  constructor(options: CursorOptions) {
    this.pageSize = options.pageSize;
    this.maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    this.maxPages = options.maxPages ?? WALK_MAX_PAGES;
    this.hardMaxRows = options.hardMaxRows ?? WALK_MAX_ROWS;
  }

  /** Refuses options that would make the walk meaningless, before anything is sent. */
  static check(options: CursorOptions): AppError | null {
    if (!Number.isInteger(options.pageSize) || options.pageSize < 1)
      return { code: 'bad-input', message: 'page size must be a positive integer' };
    return null;
  }

  /** Never asks for more than is still wanted, so maxRows costs no extra download. */
  request(): { offset: number; limit: number } {
    const wanted = Math.min(this.maxRows, this.hardMaxRows) - this.kept;
    return { offset: this.offset, limit: Math.max(1, Math.min(this.pageSize, wanted)) };
  }

  /** Whether a row of the current page is kept: new by id and within the caps. */
  keep(id: string | undefined): boolean {
    if (this.kept >= this.maxRows || this.kept >= this.hardMaxRows) return false;
    if (id !== undefined) {
      if (this.seen.has(id)) {
        this.duplicatesDropped++;
        return false;
      }
      this.seen.add(id);
    }
    this.kept++;
    return true;
  }

  /** Ends the current page: `ids` are the ids of every row the platform sent on it, in order. */
  endPage(ids: readonly (string | undefined)[], total?: number): PageVerdict {
    this.pages++;
    if (total !== undefined && Number.isSafeInteger(total) && total >= 0) this.total = total;
    if (ids.length === 0) {
      if (this.total !== null && this.offset < this.total) this.incomplete = true;
      return { stop: this.incomplete ? 'incomplete' : 'end' };
    }
    if (this.previousIds !== null && sameIds(ids, this.previousIds)) {
      const message =
        `Stopped: the platform repeated page ${this.pages} (the same ${ids.length} rows as page ` +
        `${this.pages - 1}); it may ignore "offset". ${this.kept} rows were read; nothing was kept, try again later`;
      return { stop: 'repeated', error: { code: 'bad-response', message } };
    }
    this.previousIds = ids;
    this.offset += ids.length;
    if (this.kept >= this.maxRows) {
      this.truncated = true;
      return { stop: 'max-rows' };
    }
    if (this.kept >= this.hardMaxRows) return this.hitBound('rows', this.hardMaxRows);
    if (this.total !== null && this.offset >= this.total) return { stop: 'end' };
    if (this.pages >= this.maxPages) return this.hitBound('pages', this.maxPages);
    return null;
  }

  private hitBound(kind: WalkBound['kind'], limit: number): PageVerdict {
    this.bound = { kind, limit };
    this.truncated = true;
    return { stop: 'bound' };
  }

  /** The walk's result fields other than the rows. */
  summary(): Omit<AllRows<never>, 'items'> {
    return {
      pages: this.pages,
      truncated: this.truncated,
      duplicatesDropped: this.duplicatesDropped,
      incomplete: this.incomplete,
      total: this.total,
      ...(this.bound ? { bound: this.bound } : {}),
    };
  }
}

function sameIds(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] === undefined || a[i] !== b[i]) return false;
  return true;
}

export interface WalkOptions<T> extends CursorOptions {
  fetchPage: (request: PageRequest) => Promise<Result<PageAnswer<T>>>;
  /** The row's id, for de-duplication and the repeated-page check; rows without one are kept. */
  idOf: (row: T) => string | undefined;
  signal?: AbortSignal;
  jobId?: string;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Takes each kept row instead of the result's `items` (which then stays empty): the row model
   * stores a million rows compactly as they arrive instead of holding a million objects first.
   */
  collect?: (row: T) => void;
}

/** A string id field of a row, or undefined (a number id is read as its text). */
export function idField<T>(field: string): (row: T) => string | undefined {
  return (row) => {
    if (typeof row !== 'object' || row === null) return undefined;
    const value = (row as Record<string, unknown>)[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
}

export async function walkPages<T>(options: WalkOptions<T>): Promise<Result<AllRows<T>>> {
  const { fetchPage, idOf, signal, jobId = '', onProgress } = options;
  const refused = PageCursor.check(options);
  if (refused) return { ok: false, error: refused };
  const cursor = new PageCursor(options);

  const items: T[] = [];
  const keepRow = options.collect ?? ((row: T) => void items.push(row));
  const report = (phase: ProgressEvent['phase']) =>
    onProgress?.({ jobId, done: cursor.kept, total: cursor.total, pages: cursor.pages, phase });
  const timer =
    onProgress === undefined ? undefined : setInterval(() => report('running'), PROGRESS_INTERVAL_MS);
  timer?.unref();

  try {
    for (;;) {
      if (signal?.aborted) {
        report('cancelled');
        return fail('cancelled', 'Cancelled');
      }
      const page = await fetchPage({ ...cursor.request(), signal });
      if (!page.ok) {
        report(page.error.code === 'cancelled' || signal?.aborted ? 'cancelled' : 'failed');
        if (page.error.code !== 'cancelled' && signal?.aborted) return fail('cancelled', 'Cancelled');
        // Past the first page the operator must learn that the rows so far are not shown either.
        if (cursor.pages === 0 || page.error.code === 'cancelled') return page;
        return {
          ok: false,
          error: {
            ...page.error,
            message: `${page.error.message} (on page ${cursor.pages + 1}, after ${cursor.kept} rows; nothing was kept, try again)`,
          },
        };
      }
      const rows = page.value.items;
      const ids = new Array<string | undefined>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as T;
        ids[i] = idOf(row);
        if (cursor.keep(ids[i])) keepRow(row);
      }
      const verdict = cursor.endPage(ids, page.value.total);
      if (verdict === null) continue;
      if (verdict.stop === 'repeated') {
        report('failed');
        return { ok: false, error: verdict.error };
      }
      report('done');
      return { ok: true, value: { items, ...cursor.summary() } };
    }
  } finally {
    clearInterval(timer);
  }
}

/** A single page as the contract's `Page`: full means another may follow. */
export function toPage<T>(items: T[], requestedLimit: number): Page<T> {
  return { items, mayHaveMore: items.length >= requestedLimit };
}
