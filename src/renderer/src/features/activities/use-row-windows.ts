/**
 * The renderer's side of the row model: a loaded result stays on the main side and this hook
 * reads the windows the table shows. Blocks of WINDOW_MAX_ROWS rows, aligned, are read around the
 * visible range (plus AHEAD rows each way, so a steady scroll finds its rows already there), each
 * block a query (`activityWindowQuery`) held by the query client like every other answer. A new
 * sort or a new store is read while the table keeps showing the one before; it takes over once it
 * covers the visible range, so the screen is never blank and never mixes two orders. Blocks no
 * table shows are evicted beyond MAX_BLOCKS per workspace, the farthest first, and at once for a
 * store or sort no longer shown.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WINDOW_MAX_ROWS, type RowSort, type RowWindow, type RowWindowInput } from '@shared/row-model';
import type { Activity } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import type { RowSource } from '../../components/data-table';
import { toAppError } from '../../state/query-client';
import { activityWindowQuery } from './queries';

export const BLOCK = WINDOW_MAX_ROWS;
/** Rows beyond each end of the visible range that are read ahead: 250 rows ≈ 25 frames of a fast scroll. */
export const AHEAD = 250;
/** ~6,000 rows at most in the renderer, whatever the size of the result. */
export const MAX_BLOCKS = 12;
const FIRST_SCREEN: Range = { first: 0, last: 40 };

export interface Range {
  first: number;
  last: number;
}

/** A loaded store in a sort: what the blocks are read of. */
export interface StoreView {
  storeId: string;
  total: number;
  sort: RowSort;
}

export interface RowWindows {
  /** Null until a store is loaded. */
  source: RowSource<Activity> | null;
  /** The shown rows belong to the current store and sort (false while a new one is read). */
  current: boolean;
  /** A window that could not be read; `field` is the store it was asked of. */
  error: AppError | null;
}

const keyOf = (view: StoreView | null) =>
  view === null
    ? ''
    : `${view.storeId}|${view.sort ? `${view.sort.id}:${view.sort.desc ? 'desc' : 'asc'}` : 'none'}`;

/** The blocks holding rows `range` ± `ahead` of a result of `total` rows, in order. */
export function neededBlocks(total: number, range: Range, ahead: number): number[] {
  if (total === 0) return [];
  const last = Math.min(total - 1, range.last + ahead);
  const first = Math.min(Math.max(0, range.first - ahead), last);
  const out: number[] = [];
  for (let b = Math.floor(first / BLOCK); b <= Math.floor(last / BLOCK); b++) out.push(b);
  return out;
}

/** The `rows.window` input of block `b`: its aligned offset, and the rows left at the end. */
export function blockInput(view: StoreView, b: number): RowWindowInput {
  const offset = b * BLOCK;
  return { storeId: view.storeId, offset, count: Math.min(BLOCK, view.total - offset), sort: view.sort };
}

/**
 * Drops the workspace's blocks no table shows: those of a store or sort not in `keep` at once,
 * and of the kept ones, the farthest from `centre` (a block number) beyond MAX_BLOCKS in all.
 */
export function evictBlocks(
  client: QueryClient,
  workspaceId: string,
  keep: StoreView[],
  centre: number,
): void {
  const cache = client.getQueryCache();
  const kept = new Set(keep.map(keyOf));
  const idle: { b: number; query: ReturnType<typeof cache.findAll>[number] }[] = [];
  let shown = 0;
  for (const query of cache.findAll({ queryKey: [workspaceId, 'rows.window'] })) {
    const input = query.queryKey[2] as RowWindowInput;
    if (query.getObserversCount() > 0) shown++;
    else if (!kept.has(keyOf({ ...input, total: 0 }))) cache.remove(query);
    else idle.push({ b: input.offset / BLOCK, query });
  }
  idle.sort((x, y) => Math.abs(y.b - centre) - Math.abs(x.b - centre));
  for (const { query } of idle.slice(0, Math.max(0, shown + idle.length - MAX_BLOCKS))) cache.remove(query);
}

/** The blocks a table needs and its neighbours', read through the query client. */
export function useRowWindows(
  workspaceId: string,
  storeId: string | null,
  total: number,
  sort: RowSort,
): RowWindows {
  const client = useQueryClient();
  const empty = storeId !== null && total === 0;
  const wanted = useMemo<StoreView | null>(
    () => (storeId === null || total === 0 ? null : { storeId, total, sort }),
    [storeId, total, sort],
  );
  const [shown, setShown] = useState<StoreView | null>(null);
  const [view, setView] = useState<Range>(FIRST_SCREEN);
  const changing = wanted !== null && keyOf(shown) !== keyOf(wanted);
  // Until a store is shown, the first screen is read, wherever an earlier table was scrolled.
  const plan = shown === null ? FIRST_SCREEN : view;
  const wantedBlocks = wanted === null ? [] : neededBlocks(wanted.total, plan, AHEAD);
  // While a new store or sort is read, the one shown keeps its own blocks for the scroll.
  const shownBlocks = changing && shown !== null ? neededBlocks(shown.total, view, AHEAD) : [];
  const results = useQueries({
    queries: [
      ...wantedBlocks.map((b) => activityWindowQuery(workspaceId, blockInput(wanted as StoreView, b))),
      ...shownBlocks.map((b) => activityWindowQuery(workspaceId, blockInput(shown as StoreView, b))),
    ],
  });
  const wantedResults = results.slice(0, wantedBlocks.length);
  const covered =
    wanted !== null &&
    neededBlocks(wanted.total, plan, 0).every(
      (b) => wantedResults[wantedBlocks.indexOf(b)]?.data !== undefined,
    );
  // The new store or sort takes over once it covers the visible rows (a render-time update: the
  // table never paints the old rows under the new `current`).
  if (wanted === null ? shown !== null : changing && covered) {
    if (shown === null) setView(FIRST_SCREEN);
    setShown(wanted);
  }

  const failed = wantedResults.find((r) => r.status === 'error');
  const error = failed && wanted ? { ...toAppError(failed.error), field: wanted.storeId } : null;

  // The rows on screen: the shown store's blocks, by block number.
  const display = wanted === null ? null : shown;
  const displayKey = keyOf(display);
  const displayResults =
    display === null ? [] : changing ? results.slice(wantedBlocks.length) : wantedResults;
  const displayBlocks = changing ? shownBlocks : wantedBlocks;
  const arrived = displayResults.map((r, i) => `${displayBlocks[i]}:${r.dataUpdatedAt}`).join(',');
  const blocks = useMemo(() => {
    const map = new Map<number, Activity[]>();
    displayResults.forEach((r, i) => {
      const rows = (r.data as RowWindow<Activity> | undefined)?.rows;
      if (rows !== undefined) map.set(displayBlocks[i] as number, rows);
    });
    return map;
    // `arrived` changes with every block that arrives; the arrays themselves are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [displayKey, arrived]);

  const centre = Math.floor((view.first + view.last) / 2 / BLOCK);
  const keepKeys = `${keyOf(wanted)} ${keyOf(shown)}`;
  useEffect(() => {
    evictBlocks(
      client,
      workspaceId,
      [wanted, shown].filter((v) => v !== null),
      centre,
    );
    // Re-run when a block arrives or the view moves; `keepKeys` stands for `wanted` and `shown`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, workspaceId, keepKeys, centre, arrived]);

  const onRange = useCallback((first: number, last: number) => {
    // Only a range that needs other blocks re-renders: scrolling within the blocks is free.
    setView((v) => (spanOf(v) === spanOf({ first, last }) ? v : { first, last }));
  }, []);
  // A block that failed is read again once the range moves on (a not-found store is reloaded by
  // the view instead).
  const span = spanOf(view);
  useEffect(() => {
    void client.invalidateQueries({
      queryKey: [workspaceId, 'rows.window'],
      predicate: (q) => q.state.status === 'error',
    });
  }, [client, workspaceId, span]);

  const source = useMemo<RowSource<Activity> | null>(() => {
    if (empty) return { total: 0, sortedBy: sort, rowAt: () => undefined, onRange };
    if (display === null) return null;
    return {
      total: display.total,
      sortedBy: display.sort,
      rowAt: (i) => {
        const b = Math.floor(i / BLOCK);
        const rows =
          blocks.get(b) ??
          client.getQueryData(activityWindowQuery(workspaceId, blockInput(display, b)).queryKey)?.rows;
        return rows?.[i % BLOCK];
      },
      onRange,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty, sort, onRange, displayKey, blocks, client, workspaceId]);

  return { source, current: empty || (wanted !== null && !changing), error };
}

/** The blocks a range needs, visible and ahead: equal spans need the same queries. */
function spanOf(range: Range): string {
  const block = (row: number) => Math.floor(Math.max(0, row) / BLOCK);
  return `${block(range.first - AHEAD)}-${block(range.last + AHEAD)}/${block(range.first)}-${block(range.last)}`;
}
