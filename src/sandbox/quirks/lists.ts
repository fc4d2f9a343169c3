/**
 * The list operations the quirks mode knows, and the quirks that reshape one page of a list
 * (capped, emptied, a null row, rows without ids, ClearLoop's pagination).
 */
import type { SandboxQuirks } from '../../shared/sandbox-quirks';

export interface ListInfo {
  /** The key of the rows in the answer. */
  key: string;
  /** Each row's own id field. */
  idField: string;
}

/** The list operations, their rows' key and id field. */
const LISTS: readonly [RegExp, ListInfo][] = [
  [/^\/portfolios$/, { key: 'portfolios', idField: 'portfolioId' }],
  [/^\/wallets$/, { key: 'wallets', idField: 'walletId' }],
  [/^\/crypto-addresses$/, { key: 'cryptoAddresses', idField: 'cryptoAddressId' }],
  [/^\/clearloop\/actions$/, { key: 'actions', idField: 'orderId' }],
  [/^\/organizations\/[^/]+\/activities$/, { key: 'activities', idField: 'activityId' }],
  [/^\/organizations\/[^/]+\/loans$/, { key: 'loans', idField: 'loanId' }],
];

/** The lists whose rows can move or arrive during a walk (`movingRows`, `growingTotal`). */
export const WALKED_LISTS: ReadonlySet<string> = new Set(['loans', 'activities', 'cryptoAddresses']);

export function listOf(method: string, path: string): ListInfo | undefined {
  if (method !== 'GET') return undefined;
  return LISTS.find(([re]) => re.test(path))?.[1];
}

export function listKeyOf(method: string, path: string): string | undefined {
  return listOf(method, path)?.key;
}

export function offsetOf(params: URLSearchParams): number {
  const raw = params.get('offset');
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

/** Whether `reshapeList` changes a page of this list under these quirks. */
export function reshapesList(q: SandboxQuirks, emptyPage: boolean): boolean {
  return (
    q.pageCap !== undefined ||
    emptyPage ||
    q.nulls === true ||
    q.clearLoopPagination !== undefined ||
    q.nullRows === true ||
    q.rowsWithoutIds === true
  );
}

/** Rewrites one page in place (`obj` is a copy of the answer). */
export function reshapeList(
  q: SandboxQuirks,
  list: ListInfo,
  obj: Record<string, unknown>,
  emptyPage: boolean,
): void {
  const listKey = list.key;
  let rows = Array.isArray(obj[listKey]) ? (obj[listKey] as (Record<string, unknown> | null)[]) : [];
  if (emptyPage) rows = [];
  if (q.pageCap !== undefined) rows = rows.slice(0, q.pageCap);
  if (q.nulls === true && listKey === 'portfolios') for (const p of rows) if (p !== null) p.isActive = null;
  if (q.nulls === true && listKey === 'wallets')
    rows.forEach((w, i) => {
      if (w !== null && i % 2 === 1) delete w.totalBalance;
    });
  if (q.rowsWithoutIds === true) for (const r of rows) if (r !== null) delete r[list.idField];
  // The null takes a row's place: the page keeps the length the platform's offset counts.
  if (q.nullRows === true && rows.length > 0) rows[rows.length > 1 ? 1 : 0] = null;
  obj[listKey] = rows;
  if (listKey === 'actions' && q.clearLoopPagination === 'missing') delete obj.pagination;
  if (listKey === 'actions' && q.clearLoopPagination === 'wrong' && typeof obj.pagination === 'object')
    (obj.pagination as Record<string, unknown>).pages = '1';
}
