/**
 * The one paging walk (src/main/platform/paging.ts): where a walk ends (a short page is not the
 * end, an empty page is read once more, a known total ends it), repeated rows dropped and counted,
 * repeated pages stopped, rows that move while it reads, rows without an id, null rows, its bounds,
 * progress, cancel and failures, `collect`, PageCursor's verdicts at their limits, and idField.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';
import {
  FIRST_PAGE_ROWS,
  PageCursor,
  idField,
  toPage,
  walkPages,
  type PageAnswer,
  type PageRequest,
  type WalkOptions,
} from '../../../src/main/platform/paging';

afterEach(() => {
  vi.useRealTimers();
});

interface Row {
  id?: string;
  /** A version (`versionOf`): a row seen again with a newer one has moved. */
  v?: string;
  n?: number;
}

/** A platform of `size` rows, newest first, answering like a real one can (each option a fault). */
function platform(
  size: number,
  faults: {
    cap?: number;
    /** Rows repeated at the start of every page after the first (new rows arriving at the top). */
    repeat?: number;
    ignoreOffset?: boolean;
    emptyAtOffset?: number;
    /** Send the total with each page (ClearLoop-style). */
    withTotal?: boolean;
  } = {},
) {
  const requests: PageRequest[] = [];
  const fetchPage = async (q: PageRequest) => {
    requests.push(q);
    let offset = faults.ignoreOffset ? 0 : q.offset;
    if (faults.repeat && offset > 0) offset = Math.max(0, offset - faults.repeat);
    let count = Math.max(0, Math.min(q.limit, faults.cap ?? Infinity, size - offset));
    if (faults.emptyAtOffset === q.offset) count = 0;
    const items = Array.from({ length: count }, (_, i) => ({ id: `r-${offset + i}` }));
    return { ok: true as const, value: faults.withTotal ? { items, total: size } : { items } };
  };
  return { requests, fetchPage };
}

const walk = (fetchPage: WalkOptions<Row>['fetchPage'], over: Partial<WalkOptions<Row>> = {}) =>
  walkPages<Row>({ pageSize: 1000, idOf: (r) => r.id, fetchPage, ...over });

const ids = (list: readonly Row[]) => list.map((r) => r.id);
const expectAll = (rows: readonly Row[], size: number) =>
  expect(ids(rows)).toEqual(Array.from({ length: size }, (_, i) => `r-${i}`));

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r-${from + i}` }));
/** The walk of the moving-rows tests: pages of 100. */
const walk100 = (fetchPage: WalkOptions<Row>['fetchPage'], over: Partial<WalkOptions<Row>> = {}) =>
  walk(fetchPage, { pageSize: 100, ...over });

/** `size` rows r-0…; page reads count, `hook` may change the rows before each read. */
function list(size: number, hook?: (rows: Row[], request: PageRequest, reads: number) => Row[] | void) {
  let rows: Row[] = Array.from({ length: size }, (_, i) => ({ id: `r-${i}`, v: '1' }));
  const requests: PageRequest[] = [];
  const fetchPage = async (q: PageRequest) => {
    requests.push(q);
    const changed = hook?.(rows, q, requests.length);
    if (changed) rows = changed;
    return { ok: true as const, value: { items: rows.slice(q.offset, q.offset + q.limit) } };
  };
  return { requests, fetchPage };
}

describe('walkPages: the end of a walk', () => {
  it('walks on past short pages when the platform caps pages below the limit (2,350 rows, cap 100)', async () => {
    const p = platform(2_350, { cap: 100 });
    const r = await walk(p.fetchPage);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expectAll(r.value.items, 2_350);
    expect(r.value).toMatchObject({ truncated: false, incomplete: false, duplicatesDropped: 0 });
    // 24 pages with rows (the last one short), then the one empty page that ends the walk.
    expect(p.requests).toHaveLength(25);
    expect(p.requests.map((q) => q.offset).slice(0, 3)).toEqual([0, 100, 200]);
    expect(r.value.pages).toBe(25);
  });

  it('costs exactly one extra request when pages are not capped', async () => {
    const p = platform(2_500);
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value.items.length).toBe(2_500);
    expect(p.requests.map((q) => [q.offset, q.limit])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
      [2500, 1000],
    ]);
  });

  it('stops at the platform total without asking for an empty page', async () => {
    const p = platform(2_000, { cap: 500, withTotal: true });
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({ total: 2_000, incomplete: false });
    expect(p.requests).toHaveLength(4);
  });

  it('reports an empty page before the known total as incomplete', async () => {
    const p = platform(3_000, { withTotal: true, emptyAtOffset: 1000 });
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({ incomplete: true, total: 3_000 });
    expect(r.ok && r.value.items.length).toBe(1000);
  });

  it('reads an empty page after a full one once more, and ends there when it stays empty (issue 25)', async () => {
    const p = platform(3_000, { emptyAtOffset: 1000 });
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({ incomplete: false, total: null });
    expect(p.requests.map((q) => q.offset)).toEqual([0, 1000, 1000]);
  });
});

describe('walkPages: repeated rows and pages', () => {
  it('drops rows repeated across pages by id and says how many', async () => {
    const p = platform(2_350, { cap: 100, repeat: 3 });
    const r = await walk(p.fetchPage);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(new Set(ids(r.value.items)).size).toBe(r.value.items.length);
    expect(r.value.duplicatesDropped).toBeGreaterThan(0);
    expectAll(r.value.items, 2_350);
  });

  it('stops with a clear error when the platform repeats a page (ignores offset)', async () => {
    const p = platform(5_000, { ignoreOffset: true, cap: 100 });
    const r = await walk(p.fetchPage);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad-response');
    expect(r.error.message).toMatch(/repeated page 2 .*same 100 rows as page 1.*offset/);
    expect(p.requests).toHaveLength(2);
  });
});

describe('walkPages: bounds', () => {
  it('stops at maxRows and says the result is truncated', async () => {
    const p = platform(10_000);
    const r = await walk(p.fetchPage, { maxRows: 2_500 });
    expect(r.ok && r.value.items.length).toBe(2_500);
    expect(r.ok && r.value.truncated).toBe(true);
    expect(r.ok && r.value.bound).toBeUndefined();
    expect(p.requests.at(-1)).toMatchObject({ offset: 2000, limit: 500 });
  });

  it('is bounded without maxRows, and says it hit the bound', async () => {
    // Every page is new rows forever: only the hard bound ends the walk.
    let n = 0;
    const r = await walk(
      async ({ limit }) => ({
        ok: true,
        value: { items: Array.from({ length: Math.min(limit, 10) }, () => ({ id: `x-${n++}` })) },
      }),
      { maxPages: 50 },
    );
    expect(r.ok && r.value).toMatchObject({ truncated: true, bound: { kind: 'pages', limit: 50 } });
    expect(r.ok && r.value.pages).toBe(50);
  });

  it('has a hard row bound', async () => {
    const p = platform(10_000);
    const r = await walk(p.fetchPage, { hardMaxRows: 1_500 });
    expect(r.ok && r.value).toMatchObject({ truncated: true, bound: { kind: 'rows', limit: 1_500 } });
    expect(r.ok && r.value.items.length).toBe(1_500);
  });

  it('refuses a page size that is not a positive integer', async () => {
    const r = await walk(platform(10).fetchPage, { pageSize: 0 });
    expect(!r.ok && r.error.code).toBe('bad-input');
  });
});

describe('walkPages: a small first page, then large ones (issue 30)', () => {
  const limits = (requests: PageRequest[]) => requests.map((q) => [q.offset, q.limit]);

  it('asks for firstPageSize first and the page size after, every row once', async () => {
    const p = platform(2_350);
    const r = await walk(p.fetchPage, { firstPageSize: 100 });
    expect(r.ok && r.value).toMatchObject({ complete: true, duplicatesDropped: 0 });
    if (r.ok) expectAll(r.value.items, 2_350);
    expect(limits(p.requests)).toEqual([
      [0, 100],
      [100, 1000],
      [1100, 1000],
      [2100, 1000],
      [2350, 1000],
    ]);
  });

  it('a streamed walk (onPage) starts with FIRST_PAGE_ROWS; one without keeps its page size', async () => {
    const streamed = platform(2_500);
    await walk(streamed.fetchPage, { onPage: () => undefined });
    expect(limits(streamed.requests).slice(0, 2)).toEqual([
      [0, FIRST_PAGE_ROWS],
      [FIRST_PAGE_ROWS, 1000],
    ]);
    const plain = platform(2_500);
    await walk(plain.fetchPage);
    expect(plain.requests[0]?.limit).toBe(1000);
  });

  it('a page size below the first page size is never exceeded', async () => {
    const p = platform(120);
    await walk(p.fetchPage, { pageSize: 50, firstPageSize: 100 });
    expect(p.requests.map((q) => q.limit)).toEqual([50, 50, 50, 50]);
  });

  it('a platform capping below the first page: the short first page is no end, every row once', async () => {
    const p = platform(1_234, { cap: 60 });
    const r = await walk(p.fetchPage, { firstPageSize: 100 });
    if (r.ok) expectAll(r.value.items, 1_234);
    expect(r.ok && r.value.complete).toBe(true);
    expect(p.requests[0]?.limit).toBe(100);
  });

  it('a capped large page after a full small one is read on, not taken for the end', async () => {
    // The platform serves at most 100 a page: the first (100 asked) is full, the second (1,000
    // asked) is "short" at 100 but as large as the largest page before, so the walk goes on.
    const p = platform(450, { cap: 100 });
    const r = await walk(p.fetchPage, { firstPageSize: 100 });
    if (r.ok) expectAll(r.value.items, 450);
    expect(p.requests.map((q) => q.offset)).toEqual([0, 100, 200, 300, 400, 450]);
  });

  it('duplicates and repeated pages are still caught after a small first page', async () => {
    const shifted = await walk(platform(2_000, { repeat: 3 }).fetchPage, { firstPageSize: 100 });
    expect(shifted.ok && shifted.value).toMatchObject({ duplicatesDropped: 3, complete: false });
    const repeated = await walk(platform(2_000, { ignoreOffset: true, cap: 100 }).fetchPage, {
      firstPageSize: 100,
    });
    expect(!repeated.ok && repeated.error.code).toBe('bad-response');
  });

  it('refuses a first page size that is not a positive integer', async () => {
    const r = await walk(platform(10).fetchPage, { firstPageSize: 0 });
    expect(!r.ok && r.error).toMatchObject({ code: 'bad-input' });
  });
});

describe('walkPages: rows that move during the walk', () => {
  it('keeps the newest copy of a row seen again with a newer version, counted as moved, not complete', async () => {
    // Ascending by update time: r-5 (already read) is updated before page 2 and moves to the end;
    // every later row shifts back by one, so r-100 slips into the pages already read.
    const p = list(250, (rows, q) => {
      if (q.offset !== 100) return;
      const moved = rows.filter((r) => r.id !== 'r-5');
      return [...moved, { id: 'r-5', v: '2' }];
    });
    const r = await walk100(p.fetchPage, { versionOf: (row) => row.v });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const kept = r.value.items;
    expect(kept.filter((row) => row.id === 'r-5')).toEqual([{ id: 'r-5', v: '2' }]);
    expect(kept.findIndex((row) => row.id === 'r-5')).toBe(5); // replaced where it was
    expect(r.value).toMatchObject({ movedRows: 1, duplicatesDropped: 0, mayHaveMissed: 1, complete: false });
    expect(kept.some((row) => row.id === 'r-100')).toBe(false); // the row the shift hid
  });

  it('a repeat without a version means rows shifted: one may be missing, and the walk is not complete', async () => {
    const p = list(250, (rows, q) => (q.offset === 100 ? [{ id: 'new' }, ...rows] : undefined));
    const r = await walk100(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({
      duplicatesDropped: 1,
      movedRows: 0,
      mayHaveMissed: 1,
      complete: false,
    });
  });

  it('a walk with nothing moved, no hole and no bound is complete', async () => {
    const r = await walk100(list(250).fetchPage, { versionOf: (row) => row.v });
    expect(r.ok && r.value).toMatchObject({ complete: true, mayHaveMissed: 0, movedRows: 0, nullRows: 0 });
    const capped = await walk100(list(250).fetchPage, { maxRows: 120 });
    expect(capped.ok && capped.value).toMatchObject({ truncated: true, complete: false });
  });
});

describe('walkPages: an empty page in the middle', () => {
  it('is read once more at the same offset; rows on the second read go on (1,000 of 2,350 was reported complete)', async () => {
    let emptied = false;
    const rows = Array.from({ length: 2_350 }, (_, i) => ({ id: `r-${i}` }));
    const requests: number[] = [];
    const r = await walk100(
      async (q) => {
        requests.push(q.offset);
        if (q.offset === 1_000 && !emptied) {
          emptied = true;
          return { ok: true, value: { items: [] } };
        }
        return { ok: true, value: { items: rows.slice(q.offset, q.offset + q.limit) } };
      },
      { pageSize: 500 },
    );
    expect(r.ok && r.value.items.length).toBe(2_350);
    expect(r.ok && r.value).toMatchObject({ complete: true, incomplete: false });
    expect(requests).toEqual([0, 500, 1_000, 1_000, 1_500, 2_000, 2_350]);
  });

  it('two empty reads after full pages end the walk as complete (a list of exactly 2 pages)', async () => {
    const p = list(200);
    const r = await walk100(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({ complete: true, incomplete: false });
    expect(p.requests.map((q) => q.offset)).toEqual([0, 100, 200, 200]);
  });

  it('an empty page after a short page ends the walk without a second read', async () => {
    const p = list(250);
    await walk100(p.fetchPage);
    expect(p.requests.map((q) => q.offset)).toEqual([0, 100, 200, 250]);
  });

  it('is bounded: a platform that keeps sending empty pages in between ends the walk incomplete', async () => {
    let reads = 0;
    const r = await walk100(
      async (q) => {
        reads++;
        // Every other read is empty, every re-read full: the walk never reaches an end by itself.
        const items =
          reads % 2 === 1 ? Array.from({ length: q.limit }, (_, i) => ({ id: `x-${q.offset + i}` })) : [];
        return { ok: true, value: { items } };
      },
      { maxPages: 10_000 },
    );
    expect(r.ok && r.value).toMatchObject({ incomplete: true, complete: false });
    expect(reads).toBeLessThan(100);
  });
});

describe('walkPages: rows without an id', () => {
  it('a platform ignoring offset is stopped at the repeated page even when a row has no id', async () => {
    let reads = 0;
    const page = [{ id: 'a' }, { n: 1 }, { id: 'b' }];
    const r = await walk100(
      async () => {
        reads++;
        return { ok: true, value: { items: page.map((row) => ({ ...row })) } };
      },
      { pageSize: 3, maxPages: 200 },
    );
    expect(!r.ok && r.error.code).toBe('bad-response');
    expect(reads).toBe(2);
  });

  it('a page of rows without any id repeated is stopped too; different id-less pages are kept and counted', async () => {
    const same = await walk100(async () => ({ ok: true, value: { items: [{ n: 1 }, { n: 2 }] } }), {
      pageSize: 2,
      maxPages: 200,
    });
    expect(!same.ok && same.error.message).toMatch(/repeated page 2/);
    const p = list(0);
    const r = await walk100(
      async (q) => {
        p.requests.push(q);
        const items = q.offset < 4 ? [{ n: q.offset }, { n: q.offset + 1 }] : [];
        return { ok: true, value: { items } };
      },
      { pageSize: 2 },
    );
    expect(r.ok && r.value.items).toHaveLength(4);
    expect(r.ok && r.value).toMatchObject({ rowsWithoutId: 4, duplicatesDropped: 0 });
  });
});

describe('walkPages: null rows', () => {
  it('are dropped and counted, while the offset still advances by every row the platform sent', async () => {
    const requests: number[] = [];
    const r = await walkPages<Row | null>({
      pageSize: 3,
      idOf: (row) => row?.id,
      fetchPage: async (q) => {
        requests.push(q.offset);
        const all = [{ id: 'a' }, null, { id: 'b' }, { id: 'c' }, null];
        return { ok: true, value: { items: all.slice(q.offset, q.offset + q.limit) } };
      },
    });
    expect(r.ok && r.value.items).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    // A null row is a row nobody could read: the walk is not complete (the risk watch then
    // treats a loan it did not see as "not seen", never as gone).
    expect(r.ok && r.value).toMatchObject({ nullRows: 2, complete: false });
    expect(requests).toEqual([0, 3, 5]);
  });
});

describe('PageCursor.summary', () => {
  it('says complete only for a walk that reached its end', () => {
    const c = new PageCursor({ pageSize: 2 });
    c.keep('a');
    expect(c.endPage(['a'])).toBeNull();
    expect(c.endPage([])).toEqual({ stop: 'end' });
    expect(c.summary()).toMatchObject({ complete: true });
    const bound = new PageCursor({ pageSize: 1, maxPages: 1 });
    bound.keep('a');
    expect(bound.endPage(['a'])).toEqual({ stop: 'bound' });
    expect(bound.summary()).toMatchObject({ complete: false });
  });
});
describe('walkPages: progress, cancel, failures', () => {
  it('reports progress while a slow page is in flight, and at the end', async () => {
    vi.useFakeTimers();
    const events: ProgressEvent[] = [];
    const p = platform(1_500);
    const walking = walk(
      async (q) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return p.fetchPage(q);
      },
      { jobId: 'job-1', onProgress: (e) => events.push(e) },
    );
    await vi.advanceTimersByTimeAsync(250); // page 1 still in flight: one tick at 200 ms
    expect(events).toEqual([{ jobId: 'job-1', done: 0, total: null, pages: 0, phase: 'running' }]);
    await vi.advanceTimersByTimeAsync(650); // three pages of 300 ms
    const r = await walking;
    expect(r.ok).toBe(true);
    expect(events.filter((e) => e.phase === 'running').length).toBe(4);
    expect(events.at(-1)).toEqual({ jobId: 'job-1', done: 1_500, total: null, pages: 3, phase: 'done' });
  });

  it('cancels the page in flight', async () => {
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    const r = await walk(
      ({ signal }) =>
        new Promise((resolve) => {
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } }),
          );
          controller.abort(); // while this page is in flight
        }),
      { signal: controller.signal, onProgress: (e) => events.push(e) },
    );
    expect(!r.ok && r.error.code).toBe('cancelled');
    expect(events.at(-1)?.phase).toBe('cancelled');
  });

  it('returns the failing page error, saying how far it got', async () => {
    const p = platform(5_000);
    const r = await walk(async (q) =>
      q.offset === 0 ? p.fetchPage(q) : { ok: false, error: { code: 'forbidden', message: 'no' } },
    );
    expect(!r.ok && r.error.code).toBe('forbidden');
    expect(!r.ok && r.error.message).toMatch(/on page 2, after 1000 rows; nothing was kept/);
  });

  it('walks 100,000 rows in order, with one empty page at the end and its re-read (full pages)', async () => {
    const r = await walk(platform(100_000).fetchPage, { pageSize: 100 });
    expect(r.ok && r.value.items.length).toBe(100_000);
    expect(r.ok && r.value.pages).toBe(1002);
    expect(r.ok && r.value.items.every((row, i) => row.id === `r-${i}`)).toBe(true);
  });
});

/** Pages of 2 rows: r-0 r-1, then r-1 r-2 (one repeated), then nothing; or a failure on page 2. */
function pages(failSecond = false) {
  return async ({ offset }: PageRequest) => {
    if (offset === 0) return { ok: true as const, value: { items: [{ id: 'r-0' }, { id: 'r-1' }] } };
    if (failSecond) return { ok: false as const, error: { code: 'server-error' as const, message: 'down' } };
    if (offset === 2) return { ok: true as const, value: { items: [{ id: 'r-1' }, { id: 'r-2' }] } };
    return { ok: true as const, value: { items: [] } };
  };
}

describe('walkPages: collect', () => {
  it('hands each kept row to the collector and counts them in progress', async () => {
    const collected: (string | undefined)[] = [];
    const events: ProgressEvent[] = [];
    const r = await walkPages<Row>({
      pageSize: 2,
      idOf: (row) => row.id,
      fetchPage: pages(),
      collect: (row) => collected.push(row.id),
      onProgress: (e) => events.push(e),
    });
    expect(collected).toEqual(['r-0', 'r-1', 'r-2']);
    expect(r.ok && r.value.items).toEqual([]);
    expect(r.ok && r.value.duplicatesDropped).toBe(1);
    expect(events.at(-1)).toMatchObject({ phase: 'done', done: 3 });
  });

  it('a failure past the first page says how many rows were kept', async () => {
    const r = await walkPages<Row>({
      pageSize: 2,
      idOf: (row) => row.id,
      fetchPage: pages(true),
      collect: () => undefined,
    });
    expect(!r.ok && r.error.message).toBe('down (on page 2, after 2 rows; nothing was kept, try again)');
  });
});

describe('walkPages: a failure after rows sent to a list that keeps them (sentRowsKept)', () => {
  /** Pages of 2 rows: r-0 r-1, then r-0 r-1 again (a platform ignoring offset), or a failure. */
  const repeating = async ({ offset }: PageRequest) =>
    ({ ok: true, value: { items: offset >= 0 ? [{ id: 'r-0' }, { id: 'r-1' }] : [] } }) as const;
  const walkWith = (fetchPage: WalkOptions<Row>['fetchPage'], sentRowsKept?: boolean) =>
    walkPages<Row>({
      pageSize: 2,
      idOf: (row) => row.id,
      fetchPage,
      onPage: () => undefined,
      ...(sentRowsKept === undefined ? {} : { sentRowsKept }),
    });

  it('says the rows read before a failed page were sent to the list', async () => {
    const r = await walkWith(pages(true), true);
    expect(!r.ok && r.error).toEqual({
      code: 'server-error',
      message: 'down (on page 2, after 2 rows; the rows read before it were sent to the list)',
    });
  });

  it('says nothing was kept when the rows stay nowhere (no flag, or a preview)', async () => {
    for (const flag of [undefined, false]) {
      const r = await walkWith(pages(true), flag);
      expect(!r.ok && r.error.message).toBe('down (on page 2, after 2 rows; nothing was kept, try again)');
    }
  });

  it('says nothing was kept when no row was read before the failure', async () => {
    const nullsThenFail = async ({ offset }: PageRequest): Promise<Result<PageAnswer<Row>>> =>
      offset === 0
        ? { ok: true, value: { items: [null, null] as unknown as Row[] } }
        : { ok: false, error: { code: 'network', message: 'cut' } };
    const r = await walkWith(nullsThenFail, true);
    expect(!r.ok && r.error.message).toBe('cut (on page 2, after 0 rows; nothing was kept, try again)');
  });

  it('a repeated page says the rows read were sent to the list, and that the rest is missing', async () => {
    const kept = await walkWith(repeating, true);
    expect(!kept.ok && kept.error.message).toBe(
      'Stopped: the platform repeated page 2 (the same 2 rows as page 1); it may ignore "offset". ' +
        '2 rows were read and sent to the list, the rest is missing; try again later',
    );
    const lost = await walkWith(repeating);
    expect(!lost.ok && lost.error.message).toBe(
      'Stopped: the platform repeated page 2 (the same 2 rows as page 1); it may ignore "offset". ' +
        '2 rows were read; nothing was kept, try again later',
    );
  });
});

describe('idField', () => {
  it('reads a string or number id as text, and nothing else', () => {
    const id = idField<unknown>('loanId');
    expect(id({ loanId: 'L1' })).toBe('L1');
    expect(id({ loanId: 42 })).toBe('42');
    expect(id({ loanId: true })).toBeUndefined();
    expect(id({})).toBeUndefined();
    expect(id(null)).toBeUndefined();
    expect(id('L1')).toBeUndefined();
  });

  it('reads an id kept with its digits by the lossless re-read as those digits', () => {
    const id = idField<unknown>('oid');
    expect(id({ oid: { jsonNumber: '18446744073709551615' } })).toBe('18446744073709551615');
    expect(id({ oid: { jsonNumber: 1 } })).toBeUndefined();
  });
});
describe('walkPages: how cancels and failures are reported', () => {
  const failing =
    (code: 'cancelled' | 'server-error', onPage = 0, before?: () => void) =>
    async ({ offset }: PageRequest): Promise<Result<PageAnswer<Row>>> => {
      if (offset < onPage) return { ok: true, value: { items: rows(offset, 2) } };
      before?.();
      return { ok: false, error: { code, message: code === 'cancelled' ? 'Cancelled' : 'down' } };
    };
  const walkOf2 = (fetchPage: (q: PageRequest) => Promise<Result<PageAnswer<Row>>>, extra = {}) => {
    const events: ProgressEvent[] = [];
    const result = walkPages<Row>({
      pageSize: 2,
      idOf: (r) => r.id,
      fetchPage,
      onProgress: (e) => events.push(e),
      ...extra,
    });
    return { events, result };
  };

  it('a walk cancelled before it starts sends nothing and says cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchPage = vi.fn(failing('server-error'));
    const { events, result } = walkOf2(fetchPage, { signal: controller.signal });
    expect(await result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(fetchPage).not.toHaveBeenCalled();
    expect(events).toEqual([{ jobId: '', done: 0, total: null, pages: 0, phase: 'cancelled' }]);
  });

  it('a page that fails because the walk was cancelled is reported as cancelled', async () => {
    const controller = new AbortController();
    const { events, result } = walkOf2(
      failing('server-error', 2, () => controller.abort()),
      { signal: controller.signal },
    );
    expect(await result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(events.at(-1)?.phase).toBe('cancelled');
  });

  it('a cancelled page after the first is returned as it is, a failed first page too', async () => {
    const cancelled = walkOf2(failing('cancelled', 2));
    expect(await cancelled.result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(cancelled.events.at(-1)?.phase).toBe('cancelled');
    const first = walkOf2(failing('server-error', 0));
    expect(await first.result).toEqual({ ok: false, error: { code: 'server-error', message: 'down' } });
    expect(first.events.at(-1)?.phase).toBe('failed');
  });

  it('a repeated page ends the walk as failed', async () => {
    const { events, result } = walkOf2(async () => ({ ok: true, value: { items: rows(0, 2) } }));
    expect(!(await result).ok).toBe(true);
    expect(events.at(-1)?.phase).toBe('failed');
  });

  it('stops its progress timer when the walk ends', async () => {
    vi.useFakeTimers();
    const { events, result } = walkOf2(async ({ offset }) => ({
      ok: true,
      value: { items: offset === 0 ? rows(0, 2) : [] },
    }));
    await vi.advanceTimersByTimeAsync(0);
    await result;
    const count = events.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events.length).toBe(count);
    expect(vi.getTimerCount()).toBe(0);
  });
});
describe('PageCursor with rows without an id', () => {
  it('keeps rows without an id (no de-duplication possible) and never calls them a repeated page', () => {
    const c = new PageCursor({ pageSize: 2 });
    expect([c.keep(undefined), c.keep(undefined)]).toEqual([true, true]);
    expect(c.endPage([undefined, undefined])).toBeNull();
    expect([c.keep(undefined), c.keep(undefined)]).toEqual([true, true]);
    expect(c.endPage([undefined, undefined])).toBeNull();
    expect(c.kept).toBe(4);
  });
});

describe('toPage', () => {
  it('says a full page may have more', () => {
    expect(toPage([1, 2], 2)).toEqual({ items: [1, 2], mayHaveMore: true });
    expect(toPage([1], 2)).toEqual({ items: [1], mayHaveMore: false });
  });
});
describe('PageCursor at its limits', () => {
  it('refuses page sizes that are not positive integers, and takes 1', () => {
    expect(PageCursor.check({ pageSize: 1 })).toBeNull();
    for (const pageSize of [0, -1, 1.5, Number.NaN]) {
      expect(PageCursor.check({ pageSize })).toEqual({
        code: 'bad-input',
        message: 'page size must be a positive integer',
      });
    }
  });

  it('keeps exactly maxRows rows, then says max-rows', () => {
    const cursor = new PageCursor({ pageSize: 5, maxRows: 3 });
    expect(cursor.request()).toEqual({ offset: 0, limit: 3 });
    const kept = ids(rows(0, 5)).map((id) => cursor.keep(id));
    expect(kept).toEqual([true, true, true, false, false]);
    expect(cursor.endPage(ids(rows(0, 5)))).toEqual({ stop: 'max-rows' });
    expect(cursor.summary()).toMatchObject({ truncated: true, pages: 1 });
  });

  it('keeps exactly hardMaxRows rows, then says it hit the row bound', () => {
    const cursor = new PageCursor({ pageSize: 5, hardMaxRows: 2 });
    expect(ids(rows(0, 3)).map((id) => cursor.keep(id))).toEqual([true, true, false]);
    expect(cursor.endPage(ids(rows(0, 3)))).toEqual({ stop: 'bound' });
    expect(cursor.summary()).toMatchObject({ truncated: true, bound: { kind: 'rows', limit: 2 } });
  });

  it('believes only a whole, non-negative, safe total; 0 included', () => {
    for (const total of [-1, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      const cursor = new PageCursor({ pageSize: 2 });
      cursor.endPage(['a', 'b'], total);
      expect(cursor.total).toBeNull();
    }
    const zero = new PageCursor({ pageSize: 2 });
    expect(zero.endPage([], 0)).toEqual({ stop: 'end' });
    expect(zero.total).toBe(0);
    expect(zero.summary()).toMatchObject({ incomplete: false, total: 0 });
  });

  it('ends at the total, and an empty page only before it is incomplete', () => {
    const atTotal = new PageCursor({ pageSize: 2 });
    expect(atTotal.endPage(['a', 'b'], 4)).toBeNull();
    expect(atTotal.endPage(['c', 'd'], 4)).toEqual({ stop: 'end' });
    const emptyAtTotal = new PageCursor({ pageSize: 2 });
    emptyAtTotal.endPage(['a', 'b'], 2);
    expect(emptyAtTotal.endPage([])).toEqual({ stop: 'end' });
    const hole = new PageCursor({ pageSize: 2 });
    hole.endPage(['a', 'b'], 3);
    expect(hole.endPage([])).toBeNull(); // read once more before ending (issue 25)
    expect(hole.endPage([])).toEqual({ stop: 'incomplete' });
    expect(hole.summary().incomplete).toBe(true);
  });

  it('a page is "repeated" only when every id equals the page before, in full', () => {
    const shorter = new PageCursor({ pageSize: 3 });
    shorter.endPage(['a', 'b', 'c']);
    expect(shorter.endPage(['a', 'b'])).toBeNull();
    const same = new PageCursor({ pageSize: 2 });
    same.endPage(['a', 'b']);
    expect(same.endPage(['a', 'b'])).toMatchObject({ stop: 'repeated', error: { code: 'bad-response' } });
  });
});
