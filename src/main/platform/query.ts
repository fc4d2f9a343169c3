/**
 * Query strings and paths for the platform, built so that what is signed is byte-for-byte what
 * is sent. Encoding is stricter than encodeURIComponent: the WHATWG URL parser that fetch uses
 * re-encodes `'` in query strings, so a value like `O'Brien` would otherwise be signed in one form
 * and sent in another, and the platform would refuse the signature.
 *
 * Lists (platform-facts: "send a comma-separated value"):
 * - a list whose items hold no comma is sent as ONE key, items joined by a literal comma:
 *   `portfolioIds=a,b` (each item encoded, the separating commas not);
 * - a list where any item holds a comma is sent as a REPEATED key, one per item, with the comma
 *   inside the item percent-encoded: `addressTags=a%2Cb&addressTags=c`. A comma-joined value
 *   cannot carry such an item at all (`a%2Cb,c` is split by a server that decodes before it
 *   splits), while a repeated key keeps each item whole. The sandbox accepts both forms.
 * docs/platform-quirks.md states the same rule.
 */
import { fail, type Result } from '../../shared/result';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

const SUB_DELIM = /[!'()*]/;
const SUB_DELIMS = /[!'()*]/g;

/**
 * encodeURIComponent plus the five characters it leaves alone (RFC 3986 reserved sub-delims).
 * Every request encodes its query's names and values: most hold none of the five, and a test is
 * cheaper than a replace with a callback.
 */
export function encodeStrict(value: string): string {
  const encoded = encodeURIComponent(value);
  if (!SUB_DELIM.test(encoded)) return encoded;
  return encoded.replace(SUB_DELIMS, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalar(value: string | number | boolean): string {
  if (typeof value === 'number') {
    // The platform wants every value as a decimal string; an exponent or NaN would be refused.
    if (!Number.isSafeInteger(value)) throw new RangeError(`query number ${value} is not a safe integer`);
    return String(value);
  }
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
}

/**
 * Builds `?a=1&b=x,y` from `params`, taking only the names in `names` and in that order, so the
 * query (and therefore the signature) is stable whatever order the caller's object has.
 * Undefined, null, empty strings and empty lists are left out: they mean "no filter".
 * Lists follow the rule in this file's header: comma-joined, or a repeated key when an item holds
 * a comma.
 */
export function buildQuery(params: QueryParams, names: readonly string[]): string {
  let out = '';
  for (const name of names) {
    const value = params[name];
    if (value === undefined || value === null || value === '') continue;
    const key = encodeStrict(name);
    let pairs: string[];
    if (Array.isArray(value)) {
      const items = (value as readonly (string | number)[]).map(scalar);
      if (items.length === 0) continue;
      const encoded = items.map(encodeStrict);
      pairs = items.some((item) => item.includes(','))
        ? encoded.map((item) => `${key}=${item}`)
        : [`${key}=${encoded.join(',')}`];
    } else {
      pairs = [`${key}=${encodeStrict(scalar(value as string | number | boolean))}`];
    }
    for (const pair of pairs) out += `${out === '' ? '?' : '&'}${pair}`;
  }
  return out;
}

/**
 * Encodes one path segment. `.` and `..` are refused: the URL parser would resolve them (even as
 * `%2E%2E`) and the request would reach, and be signed for, a different resource.
 */
export function pathSegment(value: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new RangeError(`"${value}" is not a valid path segment`);
  }
  return encodeStrict(value);
}

/** `path\`/organizations/${org}/loans\`` with every interpolated value encoded as a segment. */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < segments.length; i++) out += pathSegment(segments[i] ?? '') + (strings[i + 1] ?? '');
  return out;
}

/** Runs a `path` build, turning a refused segment into a `bad-input` failure (it is the caller's input). */
export function safePath(build: () => string): Result<string> {
  try {
    return { ok: true, value: build() };
  } catch (error) {
    return fail('bad-input', error instanceof Error ? error.message : 'invalid path segment');
  }
}

/** Query parameter names per operation: one table, shared with the sandbox. */
export { QUERY_NAMES } from '../../shared/platform/query-names';
