/**
 * The row windows (src/renderer/src/features/activities/use-row-windows.ts): which blocks a range
 * needs, what each block asks of the store, and the eviction that keeps the renderer's rows
 * bounded (MAX_BLOCKS) while the blocks live in the query client. The hook itself runs in the
 * e2e activities spec.
 */
import { describe, expect, it } from 'vitest';
import { ok } from '@shared/result';
import { activityWindowQuery } from '../../../../src/renderer/src/features/activities/queries';
import {
  AHEAD,
  BLOCK,
  MAX_BLOCKS,
  blockInput,
  evictBlocks,
  neededBlocks,
  type StoreView,
} from '../../../../src/renderer/src/features/activities/use-row-windows';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture();
const store: StoreView = { storeId: 'rs-a', total: 20 * BLOCK + 7, sort: { id: 'createdAt', desc: true } };

describe('neededBlocks', () => {
  it.each([
    ['the first screen', { first: 0, last: 40 }, 0, [0]],
    ['the first screen and what is read ahead', { first: 0, last: 40 }, AHEAD, [0]],
    ['a range across a block edge', { first: BLOCK - 10, last: BLOCK + 10 }, 0, [0, 1]],
    ['ahead of a range near an edge', { first: BLOCK + 10, last: BLOCK + 50 }, AHEAD, [0, 1]],
    ['the end, clamped to the rows there are', { first: 20 * BLOCK, last: 30 * BLOCK }, AHEAD, [19, 20]],
  ])('%s', (_what, range, ahead, blocks) => {
    expect(neededBlocks(store.total, range, ahead)).toEqual(blocks);
  });

  it('needs nothing of an empty result', () => {
    expect(neededBlocks(0, { first: 0, last: 40 }, AHEAD)).toEqual([]);
  });
});

describe('blockInput', () => {
  it('asks for an aligned block, and only the rows left at the end', () => {
    expect(blockInput(store, 3)).toEqual({
      storeId: 'rs-a',
      offset: 3 * BLOCK,
      count: BLOCK,
      sort: store.sort,
    });
    expect(blockInput(store, 20)).toMatchObject({ offset: 20 * BLOCK, count: 7 });
  });
});

describe('evictBlocks', () => {
  const other: StoreView = { ...store, sort: null };
  const load = async (view: StoreView, blocks: number[], ws = 'ws-1') => {
    for (const b of blocks) await q.client.prefetchQuery(activityWindowQuery(ws, blockInput(view, b)));
  };
  const cached = (view: StoreView, ws = 'ws-1') =>
    Array.from({ length: 21 }, (_, b) => b).filter(
      (b) => q.client.getQueryData(activityWindowQuery(ws, blockInput(view, b)).queryKey) !== undefined,
    );

  it('keeps at most MAX_BLOCKS, the nearest to the centre, and never a block a table shows', async () => {
    q.copper.respond('rows.window', () => ok({ rows: [] }));
    const all = Array.from({ length: 21 }, (_, b) => b);
    await load(store, all);
    q.show(activityWindowQuery('ws-1', blockInput(store, 0)));
    await settle();
    evictBlocks(q.client, 'ws-1', [store], 10);
    // Block 0 is shown, far as it is; the other 11 are those nearest to block 10.
    expect(cached(store)).toEqual([0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(cached(store)).toHaveLength(MAX_BLOCKS);
  });

  it("drops at once another store's or sort's blocks no table shows, and no other workspace's", async () => {
    q.copper.respond('rows.window', () => ok({ rows: [] }));
    await load(store, [0, 1]);
    await load(other, [0, 1]);
    await load(other, [0], 'ws-2');
    q.show(activityWindowQuery('ws-1', blockInput(other, 1)));
    await settle();
    evictBlocks(q.client, 'ws-1', [store], 0);
    expect(cached(store)).toEqual([0, 1]);
    expect(cached(other)).toEqual([1]);
    expect(cached(other, 'ws-2')).toEqual([0]);
  });
});
