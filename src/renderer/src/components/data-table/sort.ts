/**
 * Sorting 100k rows within budget: each column's sort keys are computed once per data array
 * (cached in a WeakMap keyed by the array), then an index permutation is sorted comparing
 * primitive keys. No Decimal, Date or collator inside the row comparator.
 *
 * Text (text and badge columns) sorts naturally and locale-aware ("Address 2" before
 * "Address 10", case-insensitive): the column's distinct values are sorted once with one shared
 * Intl.Collator and each row's key is the rank of its value. Ids (opaque) keep code-unit order,
 * amounts their decimal key, times their epoch ms.
 */
import { amountSortKey } from '../../lib/decimal';
import { parseTimestamp } from '../../lib/time';
import type { ColumnSpec, SortState } from './types';

type Keys = { kind: 'string'; keys: (string | null)[] } | { kind: 'number'; keys: Float64Array };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rank of each row's value in natural order; NaN for a missing value (sorted last). */
function textRanks<T>(rows: readonly T[], col: ColumnSpec<T>): Float64Array {
  const n = rows.length;
  const values = new Array<string | null>(n);
  const distinct = new Set<string>();
  for (let i = 0; i < n; i++) {
    const v = col.value(rows[i] as T);
    const present = v === null || v === undefined || v === '' ? null : v;
    values[i] = present;
    if (present !== null) distinct.add(present);
  }
  // A cheap code-unit pre-sort first: human text is then mostly in collator order already, and the
  // collator sort (merge runs) needs far fewer comparisons (100k descriptions: ~460 → ~220 ms).
  const ordered = [...distinct]
    .map((v) => [v.toLowerCase(), v] as const)
    .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .map((x) => x[1])
    .sort(collator.compare);
  const rank = new Map<string, number>();
  for (let i = 0; i < ordered.length; i++) {
    const v = ordered[i] as string;
    // Values equal to the collator (case, accents) share a rank, so they keep their data order.
    const prev = i > 0 ? (ordered[i - 1] as string) : null;
    rank.set(v, prev !== null && collator.compare(prev, v) === 0 ? (rank.get(prev) as number) : i);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    keys[i] = v === null || v === undefined ? Number.NaN : (rank.get(v) as number);
  }
  return keys;
}

/**
 * Keys per (rows array, column spec object). Keyed by the spec, not its id: a column rebuilt from
 * new inputs (portfolio names arriving after the wallets) must not reuse keys computed from the
 * old inputs. Module-level specs keep their identity, so large tables still hit the cache.
 */
const cache = new WeakMap<readonly unknown[], WeakMap<object, Keys>>();

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
  if (kind === 'text' || kind === 'badge') return { kind: 'number', keys: textRanks(rows, col) };
  const keys = new Array<string | null>(n);
  if (kind === 'id') {
    // Ids are opaque (UUIDs, hex addresses): code-unit order, no collator cost on 100k distinct.
    for (let i = 0; i < n; i++) {
      const v = col.value(rows[i] as T);
      keys[i] = v === null || v === undefined || v === '' ? null : String(v).toLowerCase();
    }
  } else {
    for (let i = 0; i < n; i++) keys[i] = amountSortKey(col.value(rows[i] as T));
  }
  return { kind: 'string', keys };
}

function keysFor<T>(rows: readonly T[], col: ColumnSpec<T>): Keys {
  let perData = cache.get(rows);
  if (!perData) {
    perData = new WeakMap();
    cache.set(rows, perData);
  }
  let keys = perData.get(col);
  if (!keys) {
    keys = computeKeys(rows, col);
    perData.set(col, keys);
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
