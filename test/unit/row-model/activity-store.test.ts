/**
 * The main side's row model: its sort order is the renderer tables' order (checked against a
 * plain comparator written here from the rules, and against the renderer's own sortRows on the
 * Activities columns), values come back exactly as received, windows end cleanly at the edges,
 * and bad inputs get errors that say what to fix.
 */
import { describe, expect, it } from 'vitest';
import { ActivityStore } from '../../../src/main/row-model/activity-store';
import { MAX_LIVE_STORES, RowStores } from '../../../src/main/row-model/row-stores';
import { sortRows, sortRuleOf } from '../../../src/renderer/src/components/data-table/sort';
import type { ColumnSpec } from '../../../src/renderer/src/components/data-table/types';
import { ACTIVITY_COLUMNS } from '../../../src/renderer/src/features/activities/columns';
import {
  ACTIVITY_FIELDS,
  ACTIVITY_SORT_RULES,
  WINDOW_MAX_ROWS,
  rowWindowInput,
  type ActivityField,
} from '../../../src/shared/row-model';
import type { Activity } from '../../../src/shared/platform/resources';

type Row = Record<string, unknown>;

const base = (i: number): Row => ({
  activityId: `act-${String(i).padStart(3, '0')}`,
  activityType: 'deposit',
  createdAt: String(1_700_000_000_000 + i),
  description: `d${i}`,
  name: `n${i}`,
  organizationId: 'org-1',
  portfolioId: `p-${i % 3}`,
  userId: `u-${i % 2}`,
});

/** Values chosen to break a naive sort: equal keys, missing, empty, numeric-looking, case, units. */
const TRICKY: Row[] = [
  { ...base(0), name: 'Address 10', createdAt: '1700000000', userId: 'U-B' },
  { ...base(1), name: 'address 2', createdAt: '1700000000000', userId: 'u-a' },
  { ...base(2), name: 'Address 2', createdAt: '2023-11-14T22:13:20Z', userId: 'u-A' },
  { ...base(3), name: '', createdAt: '', userId: '' },
  { ...base(4), name: undefined, createdAt: 'not a time', userId: undefined },
  { ...base(5), name: 'Zeta', createdAt: '1699999999999', userId: 'u-b' },
  { ...base(6), name: 'éclair', createdAt: '0', userId: 'u-10' },
  { ...base(7), name: 'eclair', createdAt: '1700000000001', userId: 'u-9' },
  { ...base(8), name: '10', createdAt: '1700000000001', userId: 'u-a' },
  { ...base(9), name: '9', createdAt: 1_700_000_000_002, userId: 'u-a' },
  { ...base(10), name: 'Address 2', createdAt: '1700000000000', activityType: 'withdraw' },
  { ...base(11), name: 'address 2', activityType: undefined },
];

/** The rules written as a plain comparator, independently of @shared/sort-ranks. */
function referenceOrder(rows: Row[], field: ActivityField, desc: boolean): string[] {
  const rule = ACTIVITY_SORT_RULES[field];
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const key = (v: unknown): string | number | null => {
    if (v === undefined || v === null || v === '') return null;
    if (rule === 'time') {
      const s = String(v).trim();
      if (s === '0') return null;
      if (/^\d+$/.test(s)) return s.length <= 11 ? Number(s) * 1000 : Number(s);
      const t = Date.parse(s);
      return Number.isNaN(t) ? null : t;
    }
    return rule === 'code' ? String(v).toLowerCase() : String(v);
  };
  const cmp = (x: string | number, y: string | number): number =>
    rule === 'natural' ? collator.compare(x as string, y as string) : x < y ? -1 : x > y ? 1 : 0;
  const indexed = rows.map((r, i) => ({ i, k: key(r[field]) }));
  indexed.sort((a, b) => {
    if (a.k === null || b.k === null) return a.k === b.k ? 0 : a.k === null ? 1 : -1;
    return (desc ? -1 : 1) * cmp(a.k, b.k);
  });
  return indexed.map((x) => rows[x.i]?.activityId as string);
}

const storeOf = (rows: Row[]): ActivityStore => {
  const store = new ActivityStore();
  for (const r of rows) store.add(r);
  store.seal();
  return store;
};

describe('row model sort', () => {
  for (const field of ACTIVITY_FIELDS)
    for (const desc of [false, true])
      it(`orders by ${field} ${desc ? 'descending' : 'ascending'} as the rules say (stable, missing last)`, () => {
        const store = storeOf(TRICKY);
        const got = store.window(0, WINDOW_MAX_ROWS, { id: field, desc }).map((r) => r.activityId);
        expect(got).toEqual(referenceOrder(TRICKY, field, desc));
      });

  it('orders exactly as the renderer sorts the Activities columns', () => {
    const store = storeOf(TRICKY);
    for (const col of ACTIVITY_COLUMNS) {
      const field = col.id as ActivityField;
      expect(sortRuleOf(col.kind)).toBe(ACTIVITY_SORT_RULES[field]);
      for (const desc of [false, true]) {
        const renderer = sortRows(
          TRICKY as unknown as Activity[],
          ACTIVITY_COLUMNS as ColumnSpec<Activity>[],
          {
            id: col.id,
            desc,
          },
        ).map((r) => r.activityId);
        expect(store.window(0, 100, { id: field, desc }).map((r) => r.activityId)).toEqual(renderer);
      }
    }
  });

  it('keeps data order without a sort and gives values back exactly as received', () => {
    const store = storeOf(TRICKY);
    const rows = store.window(0, 100, null);
    expect(rows.map((r) => r.activityId)).toEqual(TRICKY.map((r) => r.activityId));
    // A number the platform should have sent as a string stays a number; missing stays missing.
    expect(rows[9]?.createdAt).toBe(1_700_000_000_002);
    expect('name' in (rows[4] as object)).toBe(false);
    expect('activityType' in (rows[11] as object)).toBe(false);
    expect(rows[0]).toEqual(TRICKY[0]);
  });
});

describe('row model windows', () => {
  const rows = Array.from({ length: 1234 }, (_, i) => base(i));
  const stores = new RowStores();
  const storeId = stores.add('ws:activities', storeOf(rows));

  it('returns the last rows short at the end and nothing at the very end', () => {
    const last = stores.window({ storeId, offset: 1000, count: 500, sort: null });
    expect(last.ok && last.value.rows.map((r) => r.activityId)).toEqual(
      rows.slice(1000).map((r) => r.activityId),
    );
    expect(last.ok && last.value.total).toBe(1234);
    const end = stores.window({ storeId, offset: 1234, count: 10, sort: null });
    expect(end.ok && end.value.rows).toEqual([]);
    const first = stores.window({ storeId, offset: 0, count: 1, sort: { id: 'createdAt', desc: true } });
    expect(first.ok && first.value.rows[0]?.activityId).toBe('act-1233');
  });

  it('refuses an offset past the end, an unknown store and bad counts with messages that say what to fix', () => {
    const past = stores.window({ storeId, offset: 1235, count: 10, sort: null });
    expect(past).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'offset' } });
    expect(!past.ok && past.error.message).toContain('1234 rows');
    const gone = stores.window({ storeId: 'rs-0000', offset: 0, count: 10, sort: null });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(!gone.ok && gone.error.message).toContain('load the rows again');
    const parse = (v: unknown) => rowWindowInput.safeParse(v);
    expect(parse({ storeId, offset: 0, count: 0, sort: null }).success).toBe(false);
    expect(parse({ storeId, offset: 0, count: WINDOW_MAX_ROWS + 1, sort: null }).success).toBe(false);
    expect(parse({ storeId, offset: -1, count: 10, sort: null }).success).toBe(false);
    expect(parse({ storeId, offset: 0, count: 10, sort: { id: 'secret', desc: false } }).success).toBe(false);
    expect(parse({ storeId: '../x', offset: 0, count: 10, sort: null }).success).toBe(false);
    expect(parse({ storeId, offset: 0, count: WINDOW_MAX_ROWS, sort: null }).success).toBe(true);
  });

  it('replaces an owner’s store, bounds the live stores and releases on request', () => {
    const registry = new RowStores();
    const first = registry.add('a:activities', storeOf(rows.slice(0, 3)));
    const second = registry.add('a:activities', storeOf(rows.slice(0, 3)));
    expect(registry.count).toBe(1);
    expect(registry.window({ storeId: first, offset: 0, count: 1, sort: null }).ok).toBe(false);
    for (let i = 0; i < MAX_LIVE_STORES + 2; i++) registry.add(`w${i}:activities`, storeOf([]));
    expect(registry.count).toBe(MAX_LIVE_STORES);
    expect(registry.window({ storeId: second, offset: 0, count: 1, sort: null }).ok).toBe(false);
    const kept = registry.add('b:activities', storeOf([]));
    expect(registry.releaseOwnedBy('b:activities')).toBe(1);
    expect(registry.release(kept)).toBe(false);
  });
});
