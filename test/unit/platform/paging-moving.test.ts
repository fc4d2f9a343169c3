/**
 * The paging walk under a platform whose rows move or misbehave while it is read (issue 25.2):
 * rows seen again with a newer version are "moved" (the newest kept), a repeat means rows shifted
 * and one may be missing, an empty page after full pages is read once more before it ends the
 * walk, a repeated page is found by content when rows have no id, null rows are dropped and
 * counted, and `complete` is true only when nothing may be missing.
 */
import { describe, expect, it } from 'vitest';
import { PageCursor, walkPages, type PageRequest, type WalkOptions } from '../../../src/main/platform/paging';

interface Row {
  id?: string;
  v?: string;
  n?: number;
}

const walk = (fetchPage: WalkOptions<Row>['fetchPage'], over: Partial<WalkOptions<Row>> = {}) =>
  walkPages<Row>({ pageSize: 100, idOf: (r) => r.id, fetchPage, ...over });

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

describe('rows that move during the walk', () => {
  it('keeps the newest copy of a row seen again with a newer version, counted as moved, not complete', async () => {
    // Ascending by update time: r-5 (already read) is updated before page 2 and moves to the end;
    // every later row shifts back by one, so r-100 slips into the pages already read.
    const p = list(250, (rows, q) => {
      if (q.offset !== 100) return;
      const moved = rows.filter((r) => r.id !== 'r-5');
      return [...moved, { id: 'r-5', v: '2' }];
    });
    const r = await walk(p.fetchPage, { versionOf: (row) => row.v });
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
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({
      duplicatesDropped: 1,
      movedRows: 0,
      mayHaveMissed: 1,
      complete: false,
    });
  });

  it('a walk with nothing moved, no hole and no bound is complete', async () => {
    const r = await walk(list(250).fetchPage, { versionOf: (row) => row.v });
    expect(r.ok && r.value).toMatchObject({ complete: true, mayHaveMissed: 0, movedRows: 0, nullRows: 0 });
    const capped = await walk(list(250).fetchPage, { maxRows: 120 });
    expect(capped.ok && capped.value).toMatchObject({ truncated: true, complete: false });
  });
});

describe('an empty page in the middle', () => {
  it('is read once more at the same offset; rows on the second read go on (1,000 of 2,350 was reported complete)', async () => {
    let emptied = false;
    const rows = Array.from({ length: 2_350 }, (_, i) => ({ id: `r-${i}` }));
    const requests: number[] = [];
    const r = await walk(
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
    const r = await walk(p.fetchPage);
    expect(r.ok && r.value).toMatchObject({ complete: true, incomplete: false });
    expect(p.requests.map((q) => q.offset)).toEqual([0, 100, 200, 200]);
  });

  it('an empty page after a short page ends the walk without a second read', async () => {
    const p = list(250);
    await walk(p.fetchPage);
    expect(p.requests.map((q) => q.offset)).toEqual([0, 100, 200, 250]);
  });

  it('is bounded: a platform that keeps sending empty pages in between ends the walk incomplete', async () => {
    let reads = 0;
    const r = await walk(
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

describe('rows without an id', () => {
  it('a platform ignoring offset is stopped at the repeated page even when a row has no id', async () => {
    let reads = 0;
    const page = [{ id: 'a' }, { n: 1 }, { id: 'b' }];
    const r = await walk(
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
    const same = await walk(async () => ({ ok: true, value: { items: [{ n: 1 }, { n: 2 }] } }), {
      pageSize: 2,
      maxPages: 200,
    });
    expect(!same.ok && same.error.message).toMatch(/repeated page 2/);
    const p = list(0);
    const r = await walk(
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

describe('null rows', () => {
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
