/**
 * `movingRows` and `growingTotal`: rows that change or arrive while a client walks a list. These
 * are real changes to the stored data (as the platform's own updates would be), made between two
 * pages, so that every later answer (any filter, any sort direction) agrees with them.
 */
import type { CryptoAddress, Loan } from '../../shared/platform/resources';
import type { SandboxQuirks } from '../../shared/sandbox-quirks';
import { GeneratedActivities, insertActivity } from '../data/generated-activities';
import type { Reply } from '../router';
import type { SandboxStore } from '../state/store';

type Which = NonNullable<SandboxQuirks['movingRows']>;

/** Rows of the page the handler would answer for this query (the query is the one it reads). */
export type Peek = (query: URLSearchParams) => readonly unknown[];

export interface MoveContext {
  store: SandboxStore;
  organizationId: string;
  /** `loans`, `activities` or `cryptoAddresses`. */
  listKey: string;
  idField: string;
  /** The query the handler reads (after the paging quirks). */
  query: URLSearchParams;
  peek: Peek;
}

function idAt(ctx: MoveContext, offset: number, limit?: number): string[] {
  const q = new URLSearchParams(ctx.query);
  q.set('offset', String(offset));
  if (limit !== undefined) q.set('limit', String(limit));
  return ctx
    .peek(q)
    .map((r) =>
      typeof r === 'object' && r !== null ? String((r as Record<string, unknown>)[ctx.idField]) : '',
    );
}

/** A time newer than every one of `times` and not before the sandbox's clock. */
function newest(store: SandboxStore, times: Iterable<string>): number {
  let max = store.now();
  for (const t of times) max = Math.max(max, Number(t) + 1);
  return max;
}

/**
 * The row `movingRows` picks for the page at `offset`, or undefined when there is none. `pageCap`
 * is the quirk of that name: the page served is no longer than it.
 */
function pickMoving(ctx: MoveContext, which: Which, offset: number, pageCap = Infinity) {
  if (which === 'served') return offset > 0 ? idAt(ctx, offset - 1, 1)[0] : undefined;
  const page = Math.min(idAt(ctx, offset).length, pageCap);
  return page === 0 ? undefined : idAt(ctx, offset + page, 1)[0];
}

/** Gives the row with this id a newer time, stored; its place follows from the new time. */
export function moveRow(ctx: MoveContext, which: Which, offset: number, pageCap?: number): void {
  const id = pickMoving(ctx, which, offset, pageCap);
  if (id === undefined || id === '') return;
  const { store, organizationId: org } = ctx;
  if (ctx.listKey === 'loans') {
    const loan = store.data.loans.find((l) => l.loanId === id);
    if (loan === undefined) return;
    loan.updatedAt = String(
      newest(
        store,
        store.data.loans.map((l) => l.updatedAt),
      ),
    );
  } else if (ctx.listKey === 'cryptoAddresses') {
    const list = store.data.cryptoAddresses.get(org) ?? [];
    const i = list.findIndex((a) => a.cryptoAddressId === id);
    const row = list[i];
    if (row === undefined) return;
    row.updatedAt = String(
      newest(
        store,
        list.map((a) => a.updatedAt),
      ),
    );
    list.splice(i, 1);
    list.unshift(row);
  } else {
    // Activities never change once recorded: this is the platform re-stamping one. The generated
    // (huge) list cannot take a record out, so it has no moving rows.
    const list = store.data.activities.get(org);
    if (list === undefined || list instanceof GeneratedActivities) return;
    const i = list.findIndex((a) => a.activityId === id);
    const row = list[i];
    if (row === undefined) return;
    list.splice(i, 1);
    row.createdAt = String(newest(store, list.length > 0 ? [list[0]?.createdAt ?? '0'] : []));
    insertActivity(list, row);
  }
  store.changed();
}

/** Adds `count` new rows, newest of all, copied from the list's first row under new ids. */
export function growList(ctx: MoveContext, count: number): void {
  const firstId = idAt(ctx, 0, 1)[0];
  if (firstId === undefined || firstId === '') return;
  const { store, organizationId: org } = ctx;
  for (let n = 0; n < count; n++) {
    if (ctx.listKey === 'loans') {
      const source = store.data.loans.find((l) => l.loanId === firstId);
      if (source === undefined) return;
      const at = String(
        newest(
          store,
          store.data.loans.map((l) => l.updatedAt),
        ),
      );
      const copy: Loan = { ...structuredClone(source), loanId: store.newId(), createdAt: at, updatedAt: at };
      store.data.loans.push(copy);
    } else if (ctx.listKey === 'cryptoAddresses') {
      const list = store.data.cryptoAddresses.get(org) ?? [];
      const source = list.find((a) => a.cryptoAddressId === firstId);
      if (source === undefined) return;
      const at = String(
        newest(
          store,
          list.map((a) => a.updatedAt),
        ),
      );
      const copy: CryptoAddress = {
        ...structuredClone(source),
        cryptoAddressId: store.newId(),
        createdAt: at,
        updatedAt: at,
      };
      list.unshift(copy);
    } else {
      const list = store.data.activities.get(org);
      if (list === undefined) return;
      const source = list instanceof GeneratedActivities ? list.slice(0, 1)[0] : list[0];
      if (source === undefined) return;
      const at = String(newest(store, [source.createdAt]));
      insertActivity(list, { ...source, activityId: store.newId(), createdAt: at });
    }
  }
  store.changed();
}

/** The rows of a list answer (its one array-valued field), for the moving-row quirks. */
export function rowsOf(reply: Reply): readonly unknown[] {
  if ('csv' in reply) return [];
  const text =
    'parts' in reply
      ? Buffer.concat(reply.parts).toString('utf8')
      : 'body' in reply
        ? reply.body.toString('utf8')
        : JSON.stringify(reply.json);
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null) return [];
  return (Object.values(value).find(Array.isArray) as unknown[] | undefined) ?? [];
}
