/**
 * Query strings and paths for the platform, built so that what is signed is byte-for-byte what
 * is sent. Encoding is stricter than encodeURIComponent: the WHATWG URL parser that fetch uses
 * re-encodes `'` in query strings, so a value like `O'Brien` would otherwise be signed in one form
 * and sent in another, and the platform would refuse the signature.
 */
import { fail, type Result } from '../../shared/result';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** encodeURIComponent plus the five characters it leaves alone (RFC 3986 reserved sub-delims). */
export function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
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
 * Lists are comma-separated (platform-facts); each item is encoded, the commas are not.
 */
export function buildQuery(params: QueryParams, names: readonly string[]): string {
  let out = '';
  for (const name of names) {
    const value = params[name];
    if (value === undefined || value === null || value === '') continue;
    let encoded: string;
    if (Array.isArray(value)) {
      const items = value as readonly (string | number)[];
      if (items.length === 0) continue;
      encoded = items.map((item) => encodeStrict(scalar(item))).join(',');
    } else {
      encoded = encodeStrict(scalar(value as string | number | boolean));
    }
    out += `${out === '' ? '?' : '&'}${encodeStrict(name)}=${encoded}`;
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

/** Query parameter names per operation, in the order platform-facts lists them. */
export const QUERY_NAMES = {
  clearLoopActions: [
    'fromTimestamp',
    'toTimestamp',
    'clientAccountId',
    'portfolioIds',
    'actionType',
    'limit',
    'offset',
    'sortDirection',
    'filterExecuted',
  ],
  activities: [
    'offset',
    'limit',
    'createdFrom',
    'createdTo',
    'search',
    'activityTypes',
    'excludedActivityTypes',
    'userIds',
  ],
  cryptoAddresses: [
    'cryptoAddressIds',
    'currencies',
    'mainCurrencies',
    'addressTags',
    'addresses',
    'memo',
    'limit',
    'offset',
    'isWhitelist',
    'addressTypes',
  ],
  portfolios: [
    'portfolioTypes',
    'excludedPortfolioTypes',
    'portfolioId',
    'organizationId',
    'isActive',
    'isDefiVault',
    'signingFlowType',
    'offset',
    'limit',
  ],
  wallets: [
    'portfolioId',
    'currencies',
    'mainCurrency',
    'portfolioTypes',
    'excludedPortfolioTypes',
    'nonEmpty',
    'limit',
    'offset',
  ],
  loans: [
    'portfolioId',
    'loanIds',
    'loanSide',
    'loanTypes',
    'statuses',
    'isOpen',
    'includeCollaterals',
    'includeCounterparties',
    'includeChildLoans',
    'includeLoanAllocations',
    'includeLoanInterest',
    'limit',
    'offset',
    'sortBy',
    'sortDirection',
  ],
  agentWallets: ['portfolioId'],
} as const satisfies Record<string, readonly string[]>;
