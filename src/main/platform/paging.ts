/**
 * The one paging walk of the console: activities, crypto addresses, loans, the CSV export and any
 * later limit/offset list go through `PageCursor`, so they all end, de-duplicate and bound the same
 * way.
 *
 * Why the rules are what they are (issues 18 and 25):
 * - The specification gives no page maximum, so a platform may answer fewer rows than `limit`.
 *   A short page is therefore NOT the end: the walk ends on an empty page, or when the platform's
 *   own total is reached.
 * - An empty page that follows a full page may be a hiccup in the middle (seen: activities ended
 *   at 1,000 of 2,350 and were reported complete), so it is read once more at the same offset
 *   before it ends the walk; rows on that read go on. After a short page an empty page is the
 *   end, so a walk costs one extra request, two when the list is an exact multiple of the page.
 *   The re-reads are bounded (MAX_CONFIRM_READS); past the bound such an empty page ends the walk
 *   as incomplete.
 * - `offset` advances by the rows the platform sent (its positions, null rows included), not by
 *   the rows kept.
 * - Offset paging over a list that changes shifts rows: a row that leaves the part already read
 *   (or moves to it) shifts every later row by one, and one row at a page boundary is never sent.
 *   Such a shift shows as a row seen twice. Where rows carry a version (`versionOf`, the loans'
 *   `updatedAt`) a second copy with another version is a row that MOVED: the later copy (the newer
 *   state) replaces the first, counted in `movedRows`; the same version again is a duplicate,
 *   dropped and counted. Either way one row may be missing (`mayHaveMissed`), the walk is not
 *   `complete`, and the report says so and offers a re-read. Callers that can choose an order walk
 *   ascending by update time (loans-walk.ts), so that an update moves a row forward into pages
 *   not yet read rather than back into pages already read.
 * - A page whose rows equal the page before (a platform ignoring `offset`) stops the walk with an
 *   error instead of looping; rows without an id are compared by their JSON text, so one row
 *   without an id cannot defeat the check. Rows without an id are kept (nothing to de-duplicate
 *   by) and counted.
 * - `null` (non-object) rows are dropped and counted (`nullRows`): one of them took a tab down.
 * - Every walk has a hard bound on pages and rows, and says when it hit it.
 *
 * Rows are appended to one array as pages arrive (no concatenation per page, which would be
 * quadratic over 100 pages), progress is reported on a timer so that a slow page still shows
 * movement, and cancellation is passed straight to the request in flight.
 */
import type { AllRows, Page, ProgressEvent, WalkBound } from '../../shared/contract';
import { isJsonNumberText } from '../../shared/json-number';
import { fail, type AppError, type Result } from '../../shared/result';
import type { PageSizeTuner } from './page-size-negotiation';
import { isObject } from './shape';

/**
 * The promise is an event at least every 250 ms; the timer runs faster than that because a timer
 * fires late when the event loop is busy (parsing a page), and at exactly 250 ms every late tick
 * would break the promise (measured: 253-257 ms gaps, bench/4 and bench/5).
 */
export const PROGRESS_INTERVAL_MS = 200;

/** Hard bounds of any walk: a platform that never sends an empty page must not walk forever. */
export const WALK_MAX_PAGES = 10_000;
export const WALK_MAX_ROWS = 2_000_000;
/**
 * Re-reads of an empty page after a full one, per walk. A platform that keeps sending empty pages
 * in between would otherwise double the walk's requests up to the hard bound; past this many the
 * walk ends at such a page as incomplete.
 */
export const MAX_CONFIRM_READS = 10;

/**
 * A streamed walk's first request asks for at most this many rows (issue 30): a few screens of a
 * table, read in tens of milliseconds, so the first rows show at once; the later requests ask for
 * the walk's page size (the negotiated one), so the walk costs one request more, not many.
 */
export const FIRST_PAGE_ROWS = 100;

/**
 * How a walk's failure past its first page ends ("down (on page 3, after 2,000 rows" + this): the
 * rows it read go with it, unless the walk sent them to a list that keeps them (`sentRowsKept`).
 */
export const NOTHING_KEPT_TAIL = '; nothing was kept, try again)';

/** NOTHING_KEPT_TAIL as a walk says it once its rows were sent to a list that keeps them (issue 30). */
export const SENT_TO_LIST_TAIL = '; the rows read before it were sent to the list)';

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
  /** Rows carry a version (`keep`'s second argument): a repeat with another version has moved. */
  versioned?: boolean;
  /**
   * The first request asks for at most this many rows, the later ones for `pageSize` (issue 30: a
   * streamed walk's first rows come with a small page, the rest in few large ones).
   */
  firstPageSize?: number;
  /**
   * The rows the walk passes on as it reads them (`onPage`) stay in the list that asked for them (a
   * tab's table, issue 30): a failure after some were read says they were sent there, not that
   * nothing was kept.
   */
  sentRowsKept?: boolean;
}

/** Why a page ended the walk, or `null` to ask for the next one. */
export type PageVerdict =
  null | { stop: 'end' | 'incomplete' | 'max-rows' | 'bound' } | { stop: 'repeated'; error: AppError };

/** The key of a null row in a page's keys (never an id: ids are not compared with it). */
const NULL_ROW_KEY = '\u0000null';

/**
 * The walk's state, fed one page at a time. Callers ask `request()`, call `keep(id)` for each row
 * of the answer (in order; `nullRow()` for a null one) and then `endPage(keys)`; the verdict says
 * whether to go on.
 */
export class PageCursor {
  private size: number;
  private readonly firstSize: number | undefined;
  private readonly sentRowsKept: boolean;
  private readonly maxRows: number;
  private readonly maxPages: number;
  private readonly hardMaxRows: number;
  /** Rows the platform sent so far (its positions): the next offset. */
  private offset = 0;
  private previousKeys: readonly (string | undefined)[] | null = null;
  private previousDigest: string | null = null;
  private readonly seen = new Set<string>();
  /** Versioned walks: where each id was kept and the version kept (a Map costs more than a Set). */
  private readonly versions: Map<string, { index: number; version: string | undefined }> | null;
  private lastLimit: number;
  /** The largest page so far: a platform's own page cap, below which a page is "short". */
  private largestPage = 0;
  private lastPageFull = false;
  private confirming = false;
  private confirmReads = 0;
  pages = 0;
  kept = 0;
  duplicatesDropped = 0;
  movedRows = 0;
  nullRows = 0;
  rowsWithoutId = 0;
  /** After `keep` answered false for a moved row: the index of its first copy, else -1. */
  movedTo = -1;
  total: number | null = null;
  bound: WalkBound | undefined;
  incomplete = false;
  truncated = false;

  constructor(options: CursorOptions) {
    this.size = options.pageSize;
    this.firstSize = options.firstPageSize;
    this.lastLimit = options.pageSize;
    this.maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    this.maxPages = options.maxPages ?? WALK_MAX_PAGES;
    this.hardMaxRows = options.hardMaxRows ?? WALK_MAX_ROWS;
    this.versions = options.versioned === true ? new Map() : null;
    this.sentRowsKept = options.sentRowsKept === true;
  }

  /** What became of the rows read before a failure: NOTHING_KEPT_TAIL, or SENT_TO_LIST_TAIL. */
  failureTail(): string {
    return this.sentRowsKept && this.kept > 0 ? SENT_TO_LIST_TAIL : NOTHING_KEPT_TAIL;
  }

  /** Refuses options that would make the walk meaningless, before anything is sent. */
  static check(options: CursorOptions): AppError | null {
    if (!Number.isInteger(options.pageSize) || options.pageSize < 1)
      return { code: 'bad-input', message: 'page size must be a positive integer' };
    const first = options.firstPageSize;
    if (first !== undefined && (!Number.isInteger(first) || first < 1))
      return { code: 'bad-input', message: 'first page size must be a positive integer' };
    return null;
  }

  get pageSize(): number {
    return this.size;
  }

  /**
   * Asks for `pageSize` rows from the next request on (page-size negotiation: a 400 for a large
   * page reads the same page again with a smaller one). The offset and every check stay.
   */
  resize(pageSize: number): void {
    if (Number.isInteger(pageSize) && pageSize >= 1) this.size = pageSize;
  }

  /** Never asks for more than is still wanted, so maxRows costs no extra download. */
  request(): { offset: number; limit: number } {
    const wanted = Math.min(this.maxRows, this.hardMaxRows) - this.kept;
    // Until a page has come back, the small first page (a re-read after a 400 asks for it again).
    const size =
      this.pages === 0 && this.firstSize !== undefined ? Math.min(this.firstSize, this.size) : this.size;
    this.lastLimit = Math.max(1, Math.min(size, wanted));
    return { offset: this.offset, limit: this.lastLimit };
  }

  /**
   * Whether a row of the current page is kept: new by id and within the caps. A row seen before is
   * not kept; when its `version` differs from the kept copy's it has moved, and `movedTo` says
   * where the kept copy is so the caller can put the newer one in its place.
   */
  keep(id: string | undefined, version?: string): boolean {
    this.movedTo = -1;
    if (this.kept >= this.maxRows || this.kept >= this.hardMaxRows) return false;
    if (id === undefined) this.rowsWithoutId++;
    else if (this.versions !== null) {
      const first = this.versions.get(id);
      if (first !== undefined) {
        if (first.version !== version) {
          this.movedRows++;
          first.version = version;
          this.movedTo = first.index;
        } else this.duplicatesDropped++;
        return false;
      }
      this.versions.set(id, { index: this.kept, version });
    } else {
      if (this.seen.has(id)) {
        this.duplicatesDropped++;
        return false;
      }
      this.seen.add(id);
    }
    this.kept++;
    return true;
  }

  /** A null (or otherwise non-object) row on the current page: dropped, counted. */
  nullRow(): string {
    this.nullRows++;
    return NULL_ROW_KEY;
  }

  /**
   * Ends the current page: `keys` are the ids of every row the platform sent on it, in order (the
   * JSON text for a row without one, `nullRow()`'s key for a null; undefined never matches).
   */
  endPage(keys: readonly (string | undefined)[], total?: number): PageVerdict {
    const repeated = keys.length > 0 && this.previousKeys !== null && sameKeys(keys, this.previousKeys);
    if (keys.length > 0 && !repeated) this.previousKeys = keys;
    return this.endCounted(keys.length, repeated, total);
  }

  /**
   * `endPage` for a page known by its row count and a digest of its keys in order (the CSV
   * export: no array of 10,000 ids alive across a page's download). An undefined digest never
   * matches, as an undefined key never does.
   */
  endPageDigest(count: number, digest: string | undefined, total?: number): PageVerdict {
    const repeated = count > 0 && digest !== undefined && this.previousDigest === `${count}:${digest}`;
    if (count > 0 && !repeated) this.previousDigest = digest === undefined ? null : `${count}:${digest}`;
    return this.endCounted(count, repeated, total);
  }

  private endCounted(count: number, repeated: boolean, total: number | undefined): PageVerdict {
    this.pages++;
    if (total !== undefined && Number.isSafeInteger(total) && total >= 0) this.total = total;
    if (count === 0) return this.emptyPage();
    this.confirming = false;
    if (repeated) {
      const message =
        `Stopped: the platform repeated page ${this.pages} (the same ${count} rows as page ` +
        `${this.pages - 1}); it may ignore "offset". ${this.kept} rows were read` +
        (this.sentRowsKept && this.kept > 0
          ? ' and sent to the list, the rest is missing; try again later'
          : '; nothing was kept, try again later');
      return { stop: 'repeated', error: { code: 'bad-response', message } };
    }
    this.offset += count;
    // Full: as many rows as asked, or as many as the largest page before (the platform's cap).
    this.lastPageFull = count >= this.lastLimit || (this.largestPage > 0 && count >= this.largestPage);
    this.largestPage = Math.max(this.largestPage, count);
    if (this.kept >= this.maxRows) {
      this.truncated = true;
      return { stop: 'max-rows' };
    }
    if (this.kept >= this.hardMaxRows) return this.hitBound('rows', this.hardMaxRows);
    if (this.total !== null && this.offset >= this.total) return { stop: 'end' };
    if (this.pages >= this.maxPages) return this.hitBound('pages', this.maxPages);
    return null;
  }

  /** An empty page: the end, unless it follows a full page and is not yet confirmed. */
  private emptyPage(): PageVerdict {
    const beforeTotal = this.total !== null && this.offset < this.total;
    // The platform's own total, when it gives one, says whether rows should follow.
    const rowsExpected = this.total !== null ? beforeTotal : this.lastPageFull;
    if (rowsExpected && !this.confirming) {
      if (this.confirmReads >= MAX_CONFIRM_READS) {
        this.incomplete = true;
        return { stop: 'incomplete' };
      }
      if (this.pages >= this.maxPages) return this.hitBound('pages', this.maxPages);
      this.confirmReads++;
      this.confirming = true;
      return null; // the same offset once more
    }
    if (beforeTotal) this.incomplete = true;
    return { stop: this.incomplete ? 'incomplete' : 'end' };
  }

  private hitBound(kind: WalkBound['kind'], limit: number): PageVerdict {
    this.bound = { kind, limit };
    this.truncated = true;
    return { stop: 'bound' };
  }

  /** The walk's result fields other than the rows. */
  summary(): Omit<AllRows<never>, 'items'> {
    // Every repeat or move is a shift of the rows behind it: one row may have slipped past.
    const mayHaveMissed = this.duplicatesDropped + this.movedRows;
    return {
      pages: this.pages,
      truncated: this.truncated,
      duplicatesDropped: this.duplicatesDropped,
      movedRows: this.movedRows,
      mayHaveMissed,
      nullRows: this.nullRows,
      rowsWithoutId: this.rowsWithoutId,
      incomplete: this.incomplete,
      // A null row is a row nobody could read: a loan behind it is "not seen", never "gone".
      complete: !this.truncated && !this.incomplete && mayHaveMissed === 0 && this.nullRows === 0,
      total: this.total,
      ...(this.bound ? { bound: this.bound } : {}),
    };
  }
}

function sameKeys(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] === undefined || a[i] !== b[i]) return false;
  return true;
}

/**
 * A row without an id, as its JSON text, for the repeated-page check only (never to drop a row):
 * the prefix keeps it apart from any id. A row JSON cannot write (not one JSON.parse made) has no
 * key and never matches.
 */
function contentKey(row: unknown): string | undefined {
  try {
    return `\u0000${JSON.stringify(row)}`;
  } catch {
    return undefined;
  }
}

/** A row read again with a newer version: it replaces the kept row at `index`. */
export interface MovedRow<T> {
  index: number;
  row: T;
}

export interface WalkOptions<T> extends CursorOptions {
  fetchPage: (request: PageRequest) => Promise<Result<PageAnswer<T>>>;
  /** The row's id, for de-duplication and the repeated-page check; rows without one are kept. */
  idOf: (row: T) => string | undefined;
  /**
   * The row's version (the loans' `updatedAt`): a row seen again with another version has moved,
   * and the later copy replaces the first in `items` (with `collect`, the first copy stays).
   */
  versionOf?: (row: T) => string | undefined;
  signal?: AbortSignal;
  jobId?: string;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Takes each kept row instead of the result's `items` (which then stays empty): the row model
   * stores a million rows compactly as they arrive instead of holding a million objects first.
   */
  collect?: (row: T) => void;
  /**
   * Takes the rows each page kept, as soon as the page is read, with the walk's progress so far
   * and the page's moved rows (each the newer copy of the kept row at `index`): a view shows the
   * first page while the walk goes on (issue 30), and the pages together are the result's `items`.
   * Its first request asks for at most FIRST_PAGE_ROWS (`firstPageSize`).
   */
  onPage?: (rows: readonly T[], progress: ProgressEvent, moved: readonly MovedRow<T>[]) => void;
  /**
   * Page-size negotiation (page-size-negotiation.ts): told every page's size, and asked
   * whether a failed page is read again with a smaller one. Its `size` replaces `pageSize`.
   */
  tuner?: PageSizeTuner;
}

/**
 * A string id field of a row, or undefined. A number id is read as its text, and one the lossless
 * re-read kept with its digits (`{jsonNumber}`) as those digits, so such rows still de-duplicate.
 */
export function idField<T>(field: string): (row: T) => string | undefined {
  return (row) => {
    if (typeof row !== 'object' || row === null) return undefined;
    const value = (row as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return isJsonNumberText(value) ? value.jsonNumber : undefined;
  };
}

export async function walkPages<T>(options: WalkOptions<T>): Promise<Result<AllRows<T>>> {
  const { fetchPage, idOf, versionOf, signal, jobId = '', onProgress } = options;
  const refused = PageCursor.check(options);
  if (refused) return { ok: false, error: refused };
  const { tuner } = options;
  const cursor = new PageCursor({
    ...options,
    ...(tuner ? { pageSize: tuner.size } : {}),
    versioned: versionOf !== undefined,
    firstPageSize: options.firstPageSize ?? (options.onPage ? FIRST_PAGE_ROWS : undefined),
  });

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
      const asked = cursor.request();
      const page = await fetchPage({ ...asked, signal });
      const smaller = page.ok || signal?.aborted ? null : (tuner?.retrySize(page.error, asked.limit) ?? null);
      if (smaller !== null) {
        cursor.resize(smaller); // the same offset again, with the size the platform accepts
        continue;
      }
      if (!page.ok) {
        report(page.error.code === 'cancelled' || signal?.aborted ? 'cancelled' : 'failed');
        if (page.error.code !== 'cancelled' && signal?.aborted) return fail('cancelled', 'Cancelled');
        // Past the first page the operator must learn that the rows so far are not shown either.
        if (cursor.pages === 0 || page.error.code === 'cancelled') return page;
        return {
          ok: false,
          error: {
            ...page.error,
            message: `${page.error.message} (on page ${cursor.pages + 1}, after ${cursor.kept} rows${cursor.failureTail()}`,
          },
        };
      }
      const rows: readonly unknown[] = page.value.items;
      tuner?.answered(asked.limit, rows.length);
      const keys = new Array<string | undefined>(rows.length);
      const pageKept: T[] | null = options.onPage === undefined ? null : [];
      const pageMoved: MovedRow<T>[] = [];
      for (let i = 0; i < rows.length; i++) {
        // isObject is withoutNullRows' test (shape.ts), applied in place: the row's position
        // still counts for the offset and the repeated-page check.
        if (!isObject(rows[i])) {
          keys[i] = cursor.nullRow();
          continue;
        }
        const row = rows[i] as T;
        const id = idOf(row);
        keys[i] = id ?? contentKey(row);
        if (cursor.keep(id, versionOf?.(row))) {
          keepRow(row);
          pageKept?.push(row);
        } else if (cursor.movedTo >= 0) {
          if (options.collect === undefined) items[cursor.movedTo] = row;
          if (pageKept !== null) pageMoved.push({ index: cursor.movedTo, row });
        }
      }
      const verdict = cursor.endPage(keys, page.value.total);
      const streamed = pageKept !== null && (pageKept.length > 0 || pageMoved.length > 0);
      if (streamed && verdict?.stop !== 'repeated')
        options.onPage?.(
          pageKept,
          { jobId, done: cursor.kept, total: cursor.total, pages: cursor.pages, phase: 'running' },
          pageMoved,
        );
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
