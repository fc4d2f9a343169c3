/**
 * Cheap envelope checks for answers: is the list where the specification says it is, is a loan an
 * object with a loanId. Rows are not validated one by one: a 100,000-row walk must stay fast, and
 * the renderer treats every field as an untrusted string anyway.
 */

export type Expect = (value: unknown) => string | null;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ [field]: [...] }`; with `bareArrayToo`, a bare array is accepted as well. */
export const arrayField =
  (field: string, bareArrayToo = false): Expect =>
  (value) => {
    if (bareArrayToo && Array.isArray(value)) return null;
    if (!isObject(value)) return `expected an object with "${field}"`;
    return Array.isArray(value[field]) ? null : `"${field}" is not a list`;
  };

/** Picks the list out of an answer already checked by `arrayField`. */
export function listOf<T>(value: unknown, field: string): T[] {
  if (Array.isArray(value)) return value as T[];
  return (value as Record<string, unknown>)[field] as T[];
}

export const jsonObject: Expect = (value) => (isObject(value) ? null : 'expected a JSON object');

export const loanObject: Expect = (value) =>
  isObject(value) && typeof value.loanId === 'string' ? null : 'expected a loan with a "loanId"';

/** Hyperliquid's `{status: 'ok', response: {...}}` or `{status: 'err', response: '<message>'}`. */
export const exchangeAnswer: Expect = (value) => {
  if (!isObject(value)) return 'expected a JSON object';
  if (value.status === 'ok')
    return isObject(value.response) ? null : '"response" of an ok answer is not an object';
  if (value.status === 'err')
    return typeof value.response === 'string' ? null : '"response" of an err answer is not text';
  return '"status" is neither "ok" nor "err"';
};

/**
 * Only the list is required: a missing or wrong `pagination` must not reject the actions (issue
 * 18); the renderer pages by "the last page was full" and shows `pagination` only where it agrees.
 */
export const clearLoopAnswer: Expect = arrayField('actions');

/** `pagination` when it is an object, else an empty one (its fields are all optional). */
export function paginationOf(value: unknown): Record<string, unknown> {
  const pagination = (value as Record<string, unknown>).pagination;
  return isObject(pagination) ? pagination : {};
}

/**
 * Agent wallets, in every shape the specification allows: `{agentWallets: [...]}`, a bare array,
 * `{data: [...]}`, or a single agent wallet object (the specification's "a JSON object with the
 * agent wallet fields").
 */
export const agentWalletsAnswer: Expect = (value) => {
  if (Array.isArray(value)) return null;
  if (!isObject(value)) return 'expected agent wallets: a list, or an object holding one';
  if ('agentWallets' in value)
    return Array.isArray(value.agentWallets) ? null : '"agentWallets" is not a list';
  if ('data' in value) return Array.isArray(value.data) ? null : '"data" is not a list';
  return looksLikeAgentWallet(value) ? null : 'expected "agentWallets", "data" or one agent wallet';
};

const looksLikeAgentWallet = (value: Record<string, unknown>): boolean =>
  typeof value.id === 'string' || typeof value.address === 'string';

/** Picks the rows out of an answer already checked by `agentWalletsAnswer`. */
export function agentWalletsOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.agentWallets)) return obj.agentWallets as T[];
  if (Array.isArray(obj.data)) return obj.data as T[];
  return [value as T];
}

/**
 * The rows of a list answer without its `null` (or otherwise non-object) entries, and how many
 * there were: a `null` row is never passed on (it would take a tab down) and never lost without
 * saying so (the count goes into the walk's or the page's notice).
 */
export function withoutNullRows<T>(rows: readonly unknown[]): { rows: T[]; nullRows: number } {
  let nullRows = 0;
  for (const row of rows) if (!isObject(row)) nullRows++;
  if (nullRows === 0) return { rows: rows as T[], nullRows };
  return { rows: rows.filter(isObject) as T[], nullRows };
}
