/**
 * One loaded activities result, held compactly on the main side (the renderer only ever holds the
 * window it shows). Columnar: one array per field instead of one object per row (a million
 * activity objects are ~1 KB each with their hidden classes and property storage; the columns
 * keep only the values). Low-cardinality fields (type, user, portfolio, organization) are
 * interned: a dictionary of distinct values and a Uint32Array of codes. Values are kept exactly as
 * received (amounts and timestamps stay strings; a value of another type is kept as it came).
 *
 * Sorting follows @shared/sort-ranks (the renderer's rules): ranks per column are computed on the
 * first sort by that column and kept; the permutation of the current sort is kept too, so scrolling
 * a sorted result reads windows without sorting again.
 */
import { rankCodes, rankRows, sortPermutation } from '../../shared/sort-ranks';
import {
  ACTIVITY_FIELDS,
  ACTIVITY_SORT_RULES,
  type ActivityField,
  type RowSort,
} from '../../shared/row-model';
import type { Activity } from '../../shared/platform/resources';

const INTERNED = ['activityType', 'organizationId', 'portfolioId', 'userId'] as const;
type InternedField = (typeof INTERNED)[number];
type PlainField = Exclude<ActivityField, InternedField>;
const PLAIN = ACTIVITY_FIELDS.filter((f): f is PlainField => !(INTERNED as readonly string[]).includes(f));

/** Distinct values of one field and each row's code into them; a missing field is its own code. */
class InternedColumn {
  readonly dictionary: unknown[] = [];
  private readonly codeOf = new Map<unknown, number>();
  codes = new Uint32Array(1024);

  push(row: number, value: unknown): void {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.dictionary.length;
      this.dictionary.push(value);
      this.codeOf.set(value, code);
    }
    if (row >= this.codes.length) {
      const grown = new Uint32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[row] = code;
  }

  at(row: number): unknown {
    return this.dictionary[this.codes[row] as number];
  }

  trim(rows: number): void {
    this.codes = this.codes.slice(0, rows);
  }
}

const textOf = (v: unknown): string | null | undefined =>
  typeof v === 'string' ? v : v === null || v === undefined ? undefined : String(v);

export class ActivityStore {
  private size = 0;
  private sealed = false;
  private readonly plain = new Map<PlainField, unknown[]>(PLAIN.map((f) => [f, []]));
  private readonly interned = new Map<InternedField, InternedColumn>(
    INTERNED.map((f) => [f, new InternedColumn()]),
  );
  private readonly ranks = new Map<ActivityField, Float64Array>();
  private order: { key: string; permutation: Uint32Array } | null = null;

  get rows(): number {
    return this.size;
  }

  /** Appends one row as the walk keeps it. */
  add(row: unknown): void {
    if (this.sealed) throw new Error('a sealed row store takes no more rows');
    const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    for (const [field, values] of this.plain) values.push(r[field]);
    for (const [field, column] of this.interned) column.push(this.size, r[field]);
    this.size++;
  }

  /** Ends loading: frees the growth slack. */
  seal(): void {
    this.sealed = true;
    for (const column of this.interned.values()) column.trim(this.size);
  }

  private valueAt(field: ActivityField, row: number): unknown {
    const values = this.plain.get(field as PlainField);
    return values ? values[row] : (this.interned.get(field as InternedField) as InternedColumn).at(row);
  }

  /** The row as the platform sent it (its known fields; a missing field stays missing). */
  rowAt(row: number): Activity {
    const out: Record<string, unknown> = {};
    for (const field of ACTIVITY_FIELDS) {
      const v = this.valueAt(field, row);
      if (v !== undefined) out[field] = v;
    }
    return out as unknown as Activity;
  }

  private ranksOf(field: ActivityField): Float64Array {
    let ranks = this.ranks.get(field);
    if (!ranks) {
      const rule = ACTIVITY_SORT_RULES[field];
      const column = this.interned.get(field as InternedField);
      const values = this.plain.get(field as PlainField);
      ranks = column
        ? rankCodes(column.codes.subarray(0, this.size), column.dictionary.map(textOf), rule)
        : rankRows(this.size, (i) => textOf((values as unknown[])[i]), rule);
      this.ranks.set(field, ranks);
    }
    return ranks;
  }

  /** Row indexes in the order of `sort`; null for data order. */
  permutation(sort: RowSort): Uint32Array | null {
    if (sort === null) return null;
    const key = `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;
    if (this.order?.key !== key)
      this.order = { key, permutation: sortPermutation(this.ranksOf(sort.id), sort.desc) };
    return this.order.permutation;
  }

  /** Rows `offset` … `offset + count - 1` of the sorted result (fewer at the end). */
  window(offset: number, count: number, sort: RowSort): Activity[] {
    const order = this.permutation(sort);
    const end = Math.min(this.size, offset + count);
    const rows: Activity[] = [];
    for (let i = offset; i < end; i++) rows.push(this.rowAt(order ? (order[i] as number) : i));
    return rows;
  }
}
