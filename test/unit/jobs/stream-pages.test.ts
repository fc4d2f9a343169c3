/**
 * A walk's pages on `progress` events as they arrive (src/main/jobs/stream-pages.ts, paging.ts
 * `onPage`, issue 30): each page's kept rows once, shaped as the answer holds them, before the
 * walk ends; duplicates are not streamed again.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { walkPages, type PageRequest } from '../../../src/main/platform/paging';
import { streamPages } from '../../../src/main/jobs/stream-pages';

type Row = { id: string };
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));

describe('streamPages', () => {
  it("emits each page's kept rows, mapped, before the walk's answer", async () => {
    const events: ProgressEvent[] = [];
    // Page 2 repeats the last row of page 1 (a shift): it is kept once, streamed once.
    const pages = [rows(0, 3), [...rows(2, 1), ...rows(3, 2)], []];
    let answered = false;
    const result = await walkPages<Row>({
      pageSize: 3,
      jobId: 'job-1',
      idOf: (r) => r.id,
      onPage: streamPages(
        (e) => {
          expect(answered).toBe(false);
          events.push(e);
        },
        (r: Row) => r.id,
      ),
      fetchPage: async ({ offset }: PageRequest) => ({
        ok: true,
        value: { items: pages[offset === 0 ? 0 : offset === 3 ? 1 : 2] ?? [] },
      }),
    });
    answered = true;
    expect(result.ok && result.value.items.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(events).toEqual([
      { jobId: 'job-1', done: 3, total: null, pages: 1, phase: 'running', rows: ['r0', 'r1', 'r2'] },
      { jobId: 'job-1', done: 5, total: null, pages: 2, phase: 'running', rows: ['r3', 'r4'] },
    ]);
  });
});
