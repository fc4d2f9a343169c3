/**
 * Sorting 100k rows within budget: each column's ranks are computed once per data array (cached
 * in a WeakMap keyed by the array), then an index permutation is ordered by rank in one native
 * sort. The rules (natural text, code-unit ids, decimal amounts, chronological times, missing
 * last, stable) live in @shared/sort-ranks, shared with the main side's row model.
 */
import { rankRows, sortPermutation, type SortRule } from '@shared/sort-ranks';
import { amountSortKey } from '../../lib/decimal';
import type { ColumnKind, ColumnSpec, SortState } from './types';

/** The shared rule of a column kind; amounts and numbers sort by their decimal sort key. */
export function sortRuleOf(kind: ColumnKind | undefined): SortRule {
  switch (kind ?? 'text') {
    case 'time':
      return 'time';
    case 'text':
    case 'badge':
      return 'natural';
    default:
      return 'code';
  }
}

/**
 * Ranks per (rows array, column spec object). Keyed by the spec, not its id: a column rebuilt from
 * new inputs (portfolio names arriving after the wallets) must not reuse ranks computed from the
 * old inputs. Module-level specs keep their identity, so large tables still hit the cache.
 */
const cache = new WeakMap<readonly unknown[], WeakMap<object, Float64Array>>();

function computeRanks<T>(rows: readonly T[], col: ColumnSpec<T>): Float64Array {
  const kind = col.kind ?? 'text';
  const decimal = kind === 'amount' || kind === 'number';
  const valueAt = decimal
    ? (i: number) => amountSortKey(col.value(rows[i] as T))
    : (i: number) => col.value(rows[i] as T);
  return rankRows(rows.length, valueAt, sortRuleOf(kind));
}

function ranksFor<T>(rows: readonly T[], col: ColumnSpec<T>): Float64Array {
  let perData = cache.get(rows);
  if (!perData) {
    perData = new WeakMap();
    cache.set(rows, perData);
  }
  let ranks = perData.get(col);
  if (!ranks) {
    ranks = computeRanks(rows, col);
    perData.set(col, ranks);
  }
  return ranks;
}

/** Returns a new sorted array (or the input when unsorted). Missing values always sort last. */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly ColumnSpec<T>[],
  sort: SortState | null,
): readonly T[] {
  if (!sort) return rows;
  const col = columns.find((c) => c.id === sort.id);
  if (!col || col.sortable === false) return rows;
  const order = sortPermutation(ranksFor(rows, col), sort.desc);
  const out = new Array<T>(rows.length);
  for (let i = 0; i < order.length; i++) out[i] = rows[order[i] as number] as T;
  return out;
}
