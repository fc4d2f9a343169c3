/**
 * The renderer's side of the row model: a loaded result stays on the main side and this hook
 * reads the windows the table shows. Blocks of WINDOW_MAX_ROWS rows, aligned, are fetched around
 * the visible range (plus AHEAD rows each way, so a steady scroll finds its rows already there);
 * at most MAX_BLOCKS are kept. A new sort or a new store fills a second cache while the table
 * keeps showing the first; it takes over once it covers the visible range, so the screen is
 * never blank and never mixes two orders.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { WINDOW_MAX_ROWS, type RowSort } from '@shared/row-model';
import type { Activity } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import type { RowSource } from '../../components/data-table';
import { readActivityWindow } from './queries';

const BLOCK = WINDOW_MAX_ROWS;
/** Rows beyond each end of the visible range that are loaded ahead: 250 rows ≈ 25 frames of a fast scroll. */
const AHEAD = 250;
/** ~6,000 rows at most in the renderer, whatever the size of the result. */
const MAX_BLOCKS = 12;

interface Cache {
  key: string;
  storeId: string;
  sort: RowSort;
  total: number;
  blocks: Map<number, Activity[]>;
  inflight: Set<number>;
}

export interface RowWindows {
  /** Null until a store is loaded. */
  source: RowSource<Activity> | null;
  /** The shown rows belong to the current store and sort (false while a new one is fetched). */
  current: boolean;
  /** A window that could not be read; `field` is the store it was asked of. */
  error: AppError | null;
}

const keyOf = (storeId: string | null, sort: RowSort) =>
  storeId === null ? '' : `${storeId}|${sort ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : 'none'}`;

export function useRowWindows(storeId: string | null, total: number, sort: RowSort): RowWindows {
  const key = keyOf(storeId, sort);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<AppError | null>(null);
  // The shown cache as state (what renders) and as a ref (what late answers compare with).
  const [shownCache, setShownCache] = useState<Cache | null>(null);
  const shown = useRef<Cache | null>(null);
  const show = useCallback((cache: Cache | null) => {
    shown.current = cache;
    setShownCache(cache);
  }, []);
  const pending = useRef<Cache | null>(null);
  const range = useRef({ first: 0, last: 40 });

  const neededBlocks = useCallback((cache: Cache, ahead: number): number[] => {
    if (cache.total === 0) return [];
    const last = Math.min(cache.total - 1, range.current.last + ahead);
    const first = Math.min(Math.max(0, range.current.first - ahead), last);
    const out: number[] = [];
    for (let b = Math.floor(first / BLOCK); b <= Math.floor(last / BLOCK); b++) out.push(b);
    return out;
  }, []);

  const covers = useCallback(
    (cache: Cache) => neededBlocks(cache, 0).every((b) => cache.blocks.has(b)),
    [neededBlocks],
  );

  const evict = useCallback((cache: Cache) => {
    if (cache.blocks.size <= MAX_BLOCKS) return;
    const centre = (range.current.first + range.current.last) / 2 / BLOCK;
    const far = [...cache.blocks.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const b of far.slice(0, cache.blocks.size - MAX_BLOCKS)) cache.blocks.delete(b);
  }, []);

  const fetchBlocks = useCallback(
    (cache: Cache) => {
      for (const b of neededBlocks(cache, AHEAD)) {
        if (cache.blocks.has(b) || cache.inflight.has(b)) continue;
        cache.inflight.add(b);
        const offset = b * BLOCK;
        void readActivityWindow({
          storeId: cache.storeId,
          offset,
          count: Math.min(BLOCK, cache.total - offset),
          sort: cache.sort,
        }).then((res) => {
          cache.inflight.delete(b);
          // An answer for a cache that is neither shown nor wanted any more is dropped.
          if (cache !== shown.current && cache !== pending.current) return;
          if (!res.ok) {
            // The shown store may be gone because its replacement is loading: not an error then.
            if (cache === pending.current || pending.current === null)
              setError({ ...res.error, field: cache.storeId });
            return;
          }
          cache.blocks.set(b, res.value.rows);
          evict(cache);
          if (cache === pending.current && covers(cache)) {
            pending.current = null;
            show(cache);
          }
          setError(null);
          setVersion((v) => v + 1);
        });
      }
    },
    [covers, evict, neededBlocks, show],
  );

  // A new store or sort: a second cache, fetched for the visible range, shown once it covers it.
  useEffect(() => {
    // No store, or an empty one: nothing to fetch (the render shows no rows / an empty table).
    if (storeId === null || total === 0) {
      pending.current = null;
      shown.current = null;
      return;
    }
    if (shown.current?.key === key || pending.current?.key === key) return;
    const cache: Cache = { key, storeId, sort, total, blocks: new Map(), inflight: new Set() };
    if (shown.current === null) range.current = { first: 0, last: 40 };
    pending.current = cache;
    fetchBlocks(cache);
  }, [key, storeId, sort, total, fetchBlocks]);

  const onRange = useCallback(
    (first: number, last: number) => {
      range.current = { first, last };
      const target = pending.current ?? shown.current;
      if (target) fetchBlocks(target);
      if (pending.current && shown.current) fetchBlocks(shown.current);
    },
    [fetchBlocks],
  );

  const empty = storeId !== null && total === 0;
  const cache = storeId === null || empty ? null : shownCache;
  const source = useMemo<RowSource<Activity> | null>(
    () =>
      empty
        ? { total: 0, sortedBy: sort, rowAt: () => undefined, onRange }
        : cache === null
          ? null
          : {
              total: cache.total,
              sortedBy: cache.sort,
              rowAt: (i) => cache.blocks.get(Math.floor(i / BLOCK))?.[i % BLOCK],
              onRange,
            },
    // The blocks change in place: each arrival bumps `version`, which makes a new source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, version, onRange, empty, sort],
  );
  return { source, current: empty || (cache !== null && cache.key === key), error };
}
