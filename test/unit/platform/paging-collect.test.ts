/**
 * walkPages' `collect` (src/main/platform/paging.ts): each kept row goes to the collector, in
 * order and de-duplicated, the result's items stay empty, and progress and failure messages count
 * the rows kept rather than the (empty) items. Also idField's reading of an id.
 */
import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { idField, walkPages, type PageRequest } from '../../../src/main/platform/paging';

interface Row {
  id: string;
}

/** Pages of 2 rows: r-0 r-1, then r-1 r-2 (one repeated), then nothing; or a failure on page 2. */
function pages(failSecond = false) {
  return async ({ offset }: PageRequest) => {
    if (offset === 0) return { ok: true as const, value: { items: [{ id: 'r-0' }, { id: 'r-1' }] } };
    if (failSecond) return { ok: false as const, error: { code: 'server-error' as const, message: 'down' } };
    if (offset === 2) return { ok: true as const, value: { items: [{ id: 'r-1' }, { id: 'r-2' }] } };
    return { ok: true as const, value: { items: [] } };
  };
}

describe('walkPages with collect', () => {
  it('hands each kept row to the collector and counts them in progress', async () => {
    const collected: string[] = [];
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
