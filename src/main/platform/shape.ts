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

export const clearLoopAnswer: Expect = (value) => {
  const problem = arrayField('actions')(value);
  if (problem !== null) return problem;
  return isObject((value as Record<string, unknown>).pagination) ? null : '"pagination" is missing';
};
