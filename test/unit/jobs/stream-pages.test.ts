/**
 * A walk's pages on `progress` events as they arrive (src/main/jobs/stream-pages.ts, paging.ts
 * `onPage`, issue 30): each page's kept rows once, shaped as the answer would hold them, before the
 * walk ends; duplicates are not streamed again; a moved row's newer copy comes with its index; the
 * events together are the walk's rows, and the streamed answer carries none of them again.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { walkPages, type PageRequest } from '../../../src/main/platform/paging';
import { streamPages, streamedAnswer } from '../../../src/main/jobs/stream-pages';

type Row = { id: string; v?: string };
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));

/** The rows the events carried, in order, each moved row put in its place (what the renderer does). */
function assemble(events: ProgressEvent[]): unknown[] {
  const out: unknown[] = [];
  for (const e of events) {
    out.push(...(e.rows ?? []));
    for (const { index, row } of e.moved ?? []) out[index] = row;
  }
  return out;
}

describe('streamPages', () => {
  it("emits each page's kept rows, mapped, before the walk's answer", async () => {
    const events: ProgressEvent[] = [];
    // Page 2 repeats the last row of page 1 (a shift): it is kept once, streamed once.
    const pages = [rows(0, 3), [...rows(2, 1), ...rows(3, 2)], []];
    let answered = false;
    const stream = streamPages(
      (e) => {
        expect(answered).toBe(false);
        events.push(e);
      },
      (r: Row) => r.id,
    );
    const result = await walkPages<Row>({
      pageSize: 3,
      jobId: 'job-1',
      idOf: (r) => r.id,
      onPage: stream.onPage,
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
    expect(stream.streamed).toEqual({ events: 2, rows: 5 });
  });

  it("a moved row comes with the index it replaces: the events assemble to the walk's rows", async () => {
    // Ascending by version: r1 is updated while page 2 is read and comes again at the end.
    let list: Row[] = rows(0, 6).map((r) => ({ ...r, v: '1' }));
    const events: ProgressEvent[] = [];
    const stream = streamPages<Row>((e) => events.push(e));
    const result = await walkPages<Row>({
      pageSize: 3,
      idOf: (r) => r.id,
      versionOf: (r) => r.v,
      onPage: stream.onPage,
      fetchPage: async ({ offset, limit }: PageRequest) => {
        if (offset === 3) list = [...list.filter((r) => r.id !== 'r1'), { id: 'r1', v: '2' }];
        return { ok: true, value: { items: list.slice(offset, offset + limit) } };
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.movedRows).toBe(1);
    expect(events.some((e) => e.moved?.[0]?.index === 1)).toBe(true);
    expect(assemble(events)).toEqual(result.value.items);
    expect(stream.streamed.rows).toBe(result.value.items.length);
  });

  it('with maxRows streams only the first rows (a preview), later pages send nothing', async () => {
    const events: ProgressEvent[] = [];
    const stream = streamPages<Row>((e) => events.push(e), undefined, 4);
    const pages = [rows(0, 3), rows(3, 3), rows(6, 3), []];
    await walkPages<Row>({
      pageSize: 3,
      idOf: (r) => r.id,
      onPage: stream.onPage,
      fetchPage: async ({ offset }: PageRequest) => ({ ok: true, value: { items: pages[offset / 3] ?? [] } }),
    });
    expect(assemble(events)).toEqual(rows(0, 4));
    expect(events).toHaveLength(2);
  });
});

describe('streamedAnswer', () => {
  it('keeps the report, drops the rows and says what the events carried', async () => {
    const stream = streamPages<Row>(() => undefined);
    const walked = await walkPages<Row>({
      pageSize: 2,
      idOf: (r) => r.id,
      onPage: stream.onPage,
      fetchPage: async ({ offset }: PageRequest) => ({
        ok: true,
        value: { items: offset < 4 ? rows(offset, 2) : [] },
      }),
    });
    if (!walked.ok) throw new Error(walked.error.message);
    const answer = streamedAnswer(walked.value, stream);
    expect(answer.items).toEqual([]);
    expect(answer.streamed).toEqual({ events: 2, rows: 4 });
    expect(answer).toMatchObject({ complete: true, pages: 4, duplicatesDropped: 0 });
  });
});
