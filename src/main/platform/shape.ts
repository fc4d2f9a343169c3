/**
 * Cheap envelope checks for answers: is the list where the specification says it is, is a loan an
 * object with a loanId. Rows are not validated one by one: a 100,000-row walk must stay fast, and
 * the renderer treats every field as an untrusted string anyway.
 */
import { isJsonNumberText } from '../../shared/json-number';
import type { NumberReading } from './answers';

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

/**
 * `pagination` when it is an object, else an empty one (its fields are all optional). Its fields
 * are counts the specification sends as strings: one sent as a JSON number (kept with its digits
 * by the lossless re-read) is given as those digits, the form the pager reads.
 */
export function paginationOf(value: unknown): Record<string, unknown> {
  const pagination = (value as Record<string, unknown>).pagination;
  if (!isObject(pagination)) return {};
  let out: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(pagination)) {
    if (!isJsonNumberText(field)) continue;
    out ??= { ...pagination };
    out[key] = field.jsonNumber;
  }
  return out ?? pagination;
}

/**
 * Agent wallets, in every shape the specification allows: a bare array, an object holding the list
 * under one key (`agentWallets` and `data` are the likely names, but the specification shows none,
 * so any single key holding a list of objects is taken), or a single agent wallet object (the specification's
 * "a JSON object with the agent wallet fields"). Two or more array-valued keys are refused by name:
 * which one holds the wallets would be a guess.
 */
export const agentWalletsAnswer: Expect = (value) => {
  const where = agentWalletsKey(value);
  return where !== null && typeof where === 'object' ? where.problem : null;
};

/** Where the wallets are: null for the answer itself (a list or one wallet), else the key. */
function agentWalletsKey(value: unknown): string | null | { problem: string } {
  if (Array.isArray(value)) return null;
  if (!isObject(value)) return { problem: 'expected agent wallets: a list, or an object holding one' };
  const lists = Object.keys(value).filter((key) => isListOfObjects(value[key]));
  if (lists.length === 1) return lists[0] as string;
  if (lists.length > 1) {
    const names = lists.map((key) => `"${key}"`).join(', ');
    return { problem: `more than one list (${names}): which one holds the agent wallets is not clear` };
  }
  for (const key of ['agentWallets', 'data']) if (key in value) return { problem: `"${key}" is not a list` };
  return looksLikeAgentWallet(value)
    ? null
    : { problem: 'expected a list of agent wallets, an object holding one, or one agent wallet' };
}

/** A list whose entries are all objects (or null rows, dropped later): `tags: ["x"]` is not one. */
const isListOfObjects = (value: unknown): boolean =>
  Array.isArray(value) && value.every((entry) => entry === null || isObject(entry));

const looksLikeAgentWallet = (value: Record<string, unknown>): boolean =>
  typeof value.id === 'string' || typeof value.address === 'string';

/**
 * Picks the rows out of an answer already checked by `agentWalletsAnswer`, and says where they
 * were: `readFrom` is the key that held them, null when the answer was the list or one wallet.
 */
export function agentWalletsOf<T>(value: unknown): { rows: T[]; readFrom: string | null } {
  const key = agentWalletsKey(value);
  if (typeof key === 'string') return { rows: (value as Record<string, T[]>)[key] as T[], readFrom: key };
  return { rows: Array.isArray(value) ? (value as T[]) : [value as T], readFrom: null };
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

/**
 * How an answer's JSON numbers are read (answers.ts): the exchange's answers are in another
 * service's format, whose ids (`oid`) are JSON numbers; every other answer is the platform's,
 * whose specification sends every numeric value as a string.
 */
export function numbersFor(expect: Expect | undefined): NumberReading {
  return expect === exchangeAnswer ? 'exact' : 'strings';
}
