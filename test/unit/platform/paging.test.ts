/**
 * The one paging walk (issue 18, faults 2 and 3): a short page is not the end, an empty page before
 * the total is "incomplete", repeated rows are dropped and counted, a repeated page stops with an
 * error, every walk is bounded and says so.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import {
  PageCursor,
  toPage,
  walkPages,
  type PageRequest,
  type WalkOptions,
} from '../../../src/main/platform/paging';

interface Row {
  id: string;
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

const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
const expectAll = (rows: readonly Row[], size: number) =>
  expect(ids(rows)).toEqual(Array.from({ length: size }, (_, i) => `r-${i}`));

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

describe('walkPages: progress, cancel, failures', () => {
  it('reports progress while a slow page is in flight, and at the end', async () => {
    const events: ProgressEvent[] = [];
    const p = platform(1_500);
    const r = await walk(
      async (q) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return p.fetchPage(q);
      },
      { jobId: 'job-1', onProgress: (e) => events.push(e) },
    );
    expect(r.ok).toBe(true);
    expect(events.filter((e) => e.phase === 'running').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({ jobId: 'job-1', done: 1_500, total: null, pages: 3, phase: 'done' });
  });

  it('cancels the page in flight', async () => {
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    setTimeout(() => controller.abort(), 100);
    const r = await walk(
      ({ signal }) =>
        new Promise((resolve) => {
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } }),
          );
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

describe('PageCursor', () => {
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
