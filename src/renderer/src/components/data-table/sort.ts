/**
 * Sorting 100k rows within budget: each column's sort keys are computed once per data array
 * (cached in a WeakMap keyed by the array), then an index permutation is sorted comparing
 * primitive keys. No Decimal, Date or localeCompare inside the comparator.
 */
import { amountSortKey } from '../../lib/decimal';
import { parseTimestamp } from '../../lib/time';
import type { ColumnSpec, SortState } from './types';

type Keys = { kind: 'string'; keys: (string | null)[] } | { kind: 'number'; keys: Float64Array };

const cache = new WeakMap<readonly unknown[], Map<string, Keys>>();

function computeKeys<T>(rows: readonly T[], col: ColumnSpec<T>): Keys {
  const kind = col.kind ?? 'text';
  const n = rows.length;
  if (kind === 'time') {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const t = parseTimestamp(col.value(rows[i] as T));
      keys[i] = t === null ? Number.NaN : t;
    }
    return { kind: 'number', keys };
  }
  const keys = new Array<string | null>(n);
  if (kind === 'amount' || kind === 'number') {
    for (let i = 0; i < n; i++) keys[i] = amountSortKey(col.value(rows[i] as T));
  } else {
    for (let i = 0; i < n; i++) {
      const v = col.value(rows[i] as T);
      keys[i] = v === null || v === undefined || v === '' ? null : v.toLowerCase();
    }
  }
  return { kind: 'string', keys };
}

function keysFor<T>(rows: readonly T[], col: ColumnSpec<T>): Keys {
  let perData = cache.get(rows);
  if (!perData) {
    perData = new Map();
    cache.set(rows, perData);
  }
  let keys = perData.get(col.id);
  if (!keys) {
    keys = computeKeys(rows, col);
    perData.set(col.id, keys);
  }
  return keys;
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
  const k = keysFor(rows, col);
  const dir = sort.desc ? -1 : 1;
  const idx = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) idx[i] = i;
  if (k.kind === 'number') {
    const keys = k.keys;
    idx.sort((a, b) => {
      const x = keys[a] as number;
      const y = keys[b] as number;
      const xn = Number.isNaN(x);
      const yn = Number.isNaN(y);
      if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;
      return x === y ? 0 : x < y ? -dir : dir;
    });
  } else {
    const keys = k.keys;
    idx.sort((a, b) => {
      const x = keys[a] as string | null;
      const y = keys[b] as string | null;
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return x === y ? 0 : x < y ? -dir : dir;
    });
  }
  const out = new Array<T>(rows.length);
  for (let i = 0; i < idx.length; i++) out[i] = rows[idx[i] as number] as T;
  return out;
}
