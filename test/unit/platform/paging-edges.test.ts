/**
 * The paging walk's edges (src/main/platform/paging.ts) beside paging.test.ts, found unpinned by
 * mutation testing: PageCursor's verdicts and caps exactly at their limits, which totals it
 * believes, when two pages count as the same, and how walkPages reports cancels and failures.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';
import { PageCursor, walkPages, type PageAnswer, type PageRequest } from '../../../src/main/platform/paging';

afterEach(() => {
  vi.useRealTimers();
});

interface Row {
  id: string;
}

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r-${from + i}` }));
const idsOf = (list: Row[]) => list.map((r) => r.id);

describe('PageCursor', () => {
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
    const kept = idsOf(rows(0, 5)).map((id) => cursor.keep(id));
    expect(kept).toEqual([true, true, true, false, false]);
    expect(cursor.endPage(idsOf(rows(0, 5)))).toEqual({ stop: 'max-rows' });
    expect(cursor.summary()).toMatchObject({ truncated: true, pages: 1 });
  });

  it('keeps exactly hardMaxRows rows, then says it hit the row bound', () => {
    const cursor = new PageCursor({ pageSize: 5, hardMaxRows: 2 });
    expect(idsOf(rows(0, 3)).map((id) => cursor.keep(id))).toEqual([true, true, false]);
    expect(cursor.endPage(idsOf(rows(0, 3)))).toEqual({ stop: 'bound' });
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

describe('walkPages cancels and failures', () => {
  const failing =
    (code: 'cancelled' | 'server-error', onPage = 0, before?: () => void) =>
    async ({ offset }: PageRequest): Promise<Result<PageAnswer<Row>>> => {
      if (offset < onPage) return { ok: true, value: { items: rows(offset, 2) } };
      before?.();
      return { ok: false, error: { code, message: code === 'cancelled' ? 'Cancelled' : 'down' } };
    };
  const walk = (fetchPage: (q: PageRequest) => Promise<Result<PageAnswer<Row>>>, extra = {}) => {
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
    const { events, result } = walk(fetchPage, { signal: controller.signal });
    expect(await result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(fetchPage).not.toHaveBeenCalled();
    expect(events).toEqual([{ jobId: '', done: 0, total: null, pages: 0, phase: 'cancelled' }]);
  });

  it('a page that fails because the walk was cancelled is reported as cancelled', async () => {
    const controller = new AbortController();
    const { events, result } = walk(
      failing('server-error', 2, () => controller.abort()),
      { signal: controller.signal },
    );
    expect(await result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(events.at(-1)?.phase).toBe('cancelled');
  });

  it('a cancelled page after the first is returned as it is, a failed first page too', async () => {
    const cancelled = walk(failing('cancelled', 2));
    expect(await cancelled.result).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } });
    expect(cancelled.events.at(-1)?.phase).toBe('cancelled');
    const first = walk(failing('server-error', 0));
    expect(await first.result).toEqual({ ok: false, error: { code: 'server-error', message: 'down' } });
    expect(first.events.at(-1)?.phase).toBe('failed');
  });

  it('a repeated page ends the walk as failed', async () => {
    const { events, result } = walk(async () => ({ ok: true, value: { items: rows(0, 2) } }));
    expect(!(await result).ok).toBe(true);
    expect(events.at(-1)?.phase).toBe('failed');
  });

  it('stops its progress timer when the walk ends', async () => {
    vi.useFakeTimers();
    const { events, result } = walk(async ({ offset }) => ({
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
