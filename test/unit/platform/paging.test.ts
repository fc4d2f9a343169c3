import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { toPage, walkPages, type PageRequest } from '../../../src/main/platform/paging';

const rows =
  (total: number) =>
  async ({ offset, limit }: PageRequest) => {
    const items: number[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) items.push(i);
    return { ok: true as const, value: { items } };
  };

describe('walkPages', () => {
  it('walks to the end and stops on the first short page', async () => {
    const requests: PageRequest[] = [];
    const fetchAll = rows(2_500);
    const r = await walkPages({ pageSize: 1000, fetchPage: (q) => (requests.push(q), fetchAll(q)) });
    expect(r.ok && r.value.items.length).toBe(2_500);
    expect(r.ok && r.value.pages).toBe(3);
    expect(r.ok && r.value.truncated).toBe(false);
    expect(requests.map((q) => [q.offset, q.limit])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
  });

  it('asks once more after an exactly full last page and gets an empty one', async () => {
    const r = await walkPages({ pageSize: 1000, fetchPage: rows(2_000) });
    expect(r.ok && r.value).toMatchObject({ pages: 3, truncated: false });
  });

  it('stops at maxRows and says the result is truncated', async () => {
    const requests: PageRequest[] = [];
    const fetchAll = rows(10_000);
    const r = await walkPages({
      pageSize: 1000,
      maxRows: 2_500,
      fetchPage: (q) => (requests.push(q), fetchAll(q)),
    });
    expect(r.ok && r.value.items.length).toBe(2_500);
    expect(r.ok && r.value.truncated).toBe(true);
    expect(requests.at(-1)).toMatchObject({ offset: 2000, limit: 500 });
  });

  it('is not truncated when maxRows meets a short last page', async () => {
    const r = await walkPages({ pageSize: 1000, maxRows: 5_000, fetchPage: rows(1_500) });
    expect(r.ok && r.value).toMatchObject({ truncated: false });
  });

  it('reports progress on a timer while a slow page is in flight, and at the end', async () => {
    const events: ProgressEvent[] = [];
    const fetchAll = rows(1_500);
    const r = await walkPages({
      pageSize: 1000,
      jobId: 'job-1',
      onProgress: (e) => events.push(e),
      fetchPage: async (q) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return fetchAll(q);
      },
    });
    expect(r.ok).toBe(true);
    expect(events.filter((e) => e.phase === 'running').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({ jobId: 'job-1', done: 1_500, total: null, pages: 2, phase: 'done' });
  });

  // A page that only ends when cancelled: that the walk settles at all shows the cancel reached
  // the request in flight. How fast it does is measured by bench/4-walk-activities.ts.
  it('cancels the page in flight', async () => {
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    setTimeout(() => controller.abort(), 100);
    const r = await walkPages<number>({
      pageSize: 10,
      signal: controller.signal,
      onProgress: (e) => events.push(e),
      fetchPage: ({ signal }) =>
        new Promise((resolve) => {
          // A page that only ends when cancelled, as the client does with its AbortSignal.
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled' } }),
          );
        }),
    });
    expect(!r.ok && r.error.code).toBe('cancelled');
    expect(events.at(-1)?.phase).toBe('cancelled');
  });

  it('returns the failing page error', async () => {
    const r = await walkPages({
      pageSize: 10,
      fetchPage: async () => ({ ok: false, error: { code: 'forbidden', message: 'no' } }),
    });
    expect(!r.ok && r.error.code).toBe('forbidden');
  });

  // That the cost is linear in rows is measured by bench/4-walk-activities.ts.
  it('walks 100,000 rows in order', async () => {
    const r = await walkPages({ pageSize: 100, fetchPage: rows(100_000) });
    expect(r.ok && r.value.items.length).toBe(100_000);
    expect(r.ok && r.value.pages).toBe(1001);
    expect(r.ok && r.value.items.every((v, i) => v === i)).toBe(true);
  });
});

describe('toPage', () => {
  it('says a full page may have more', () => {
    expect(toPage([1, 2], 2)).toEqual({ items: [1, 2], mayHaveMore: true });
    expect(toPage([1], 2)).toEqual({ items: [1], mayHaveMore: false });
  });
});
