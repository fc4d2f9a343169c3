/**
 * The query and path builders (src/main/platform/query.ts): values as platform-facts sends them, in
 * a stable order, strictly encoded, and the exact wording of what they refuse.
 */
import { describe, expect, it } from 'vitest';
import {
  QUERY_NAMES,
  buildQuery,
  encodeStrict,
  path,
  pathSegment,
  safePath,
} from '../../../src/main/platform/query';

describe('buildQuery', () => {
  it('sends every value as a string: lists comma-separated, booleans true/false', () => {
    expect(
      buildQuery(
        { portfolioIds: ['a', 'b'], filterExecuted: false, limit: 50, offset: 0, actionType: 'add-funds' },
        QUERY_NAMES.clearLoopActions,
      ),
    ).toBe('?portfolioIds=a,b&actionType=add-funds&limit=50&offset=0&filterExecuted=false');
  });

  it('sends a list whose item holds a comma as a repeated key, so the comma survives (issue 18)', () => {
    const query = buildQuery({ addressTags: ['a,b', 'c'], limit: 10 }, QUERY_NAMES.cryptoAddresses);
    expect(query).toBe('?addressTags=a%2Cb&addressTags=c&limit=10');
    // Read back as a server does: every item whole, none split at the comma.
    expect(new URLSearchParams(query).getAll('addressTags')).toEqual(['a,b', 'c']);
    // A list without commas keeps the comma-separated form platform-facts asks for.
    expect(buildQuery({ addressTags: ['a', 'c'] }, QUERY_NAMES.cryptoAddresses)).toBe('?addressTags=a,c');
  });

  it('omits undefined, null, empty strings and empty lists', () => {
    expect(
      buildQuery({ search: '', activityTypes: [], userIds: undefined, limit: 10 }, QUERY_NAMES.activities),
    ).toBe('?limit=10');
    expect(buildQuery({}, QUERY_NAMES.activities)).toBe('');
  });

  it('has a stable order whatever the order of the caller object', () => {
    const a = buildQuery({ limit: 5, offset: 10, search: 'x' }, QUERY_NAMES.activities);
    const b = buildQuery({ search: 'x', offset: 10, limit: 5 }, QUERY_NAMES.activities);
    expect(a).toBe(b);
    expect(a).toBe('?offset=10&limit=5&search=x');
  });

  it('ignores names the operation does not take (workspaceId never reaches the platform)', () => {
    expect(buildQuery({ workspaceId: 'ws-1', portfolioId: 'p' }, QUERY_NAMES.agentWallets)).toBe(
      '?portfolioId=p',
    );
  });

  it('encodes values strictly, including characters the URL parser would re-encode', () => {
    expect(buildQuery({ search: "O'Brien & co = 100% (ok)*!" }, QUERY_NAMES.activities)).toBe(
      '?search=O%27Brien%20%26%20co%20%3D%20100%25%20%28ok%29%2A%21',
    );
    expect(buildQuery({ addresses: ['a;b', 'c d'] }, QUERY_NAMES.cryptoAddresses)).toBe(
      '?addresses=a%3Bb,c%20d',
    );
    expect(buildQuery({ search: 'ünï' }, QUERY_NAMES.activities)).toBe('?search=%C3%BCn%C3%AF');
  });

  it('survives the URL parser unchanged, so what is signed is what is sent', () => {
    const query = buildQuery({ search: 'a\'b"c<d>e`f{g}h|i^j#k?l/m' }, QUERY_NAMES.activities);
    const url = new URL(`http://h/platform/x${query}`);
    expect(url.search).toBe(query);
  });

  it('refuses numbers that would not be sent as plain decimals', () => {
    expect(() => buildQuery({ limit: 1.5 }, QUERY_NAMES.activities)).toThrow(RangeError);
    expect(() => buildQuery({ limit: Number.NaN }, QUERY_NAMES.activities)).toThrow(RangeError);
  });

  it('knows every platform-facts parameter of the loans list', () => {
    expect(QUERY_NAMES.loans).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });
});

describe('path segments', () => {
  it('encodes interpolated segments', () => {
    expect(path`/organizations/${'org/1'}/loans/${'loan 9?x'}`).toBe(
      '/organizations/org%2F1/loans/loan%209%3Fx',
    );
    expect(encodeStrict("it's")).toBe('it%27s');
  });

  it('encodes every one of the five sub-delims, each time it occurs, and leaves other text as encodeURIComponent does', () => {
    expect(encodeStrict("(a)!b*'c'(")).toBe('%28a%29%21b%2A%27c%27%28');
    // Called again and again (a stateful pattern would skip some), with and without them.
    for (let i = 0; i < 3; i++) {
      expect(encodeStrict("O'Brien")).toBe('O%27Brien');
      expect(encodeStrict("abcdefgh'")).toBe('abcdefgh%27');
      expect(encodeStrict("'x")).toBe('%27x');
      expect(encodeStrict('limit')).toBe('limit');
      expect(encodeStrict('a b/é,c')).toBe(encodeURIComponent('a b/é,c'));
    }
  });

  it('refuses dot segments and empty segments', () => {
    expect(() => pathSegment('..')).toThrow(RangeError);
    expect(() => pathSegment('.')).toThrow(RangeError);
    expect(() => pathSegment('')).toThrow(RangeError);
    const result = safePath(() => path`/organizations/${'..'}/loans`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('bad-input');
  });
});

describe('buildQuery at its edges', () => {
  it('sends true as "true" and leaves a null value out', () => {
    expect(buildQuery({ a: true, b: null, c: 'x' }, ['a', 'b', 'c'])).toBe('?a=true&c=x');
    expect(buildQuery({ b: null }, ['b'])).toBe('');
  });
  it('says which number it refuses', () => {
    expect(() => buildQuery({ limit: 1.5 }, ['limit'])).toThrow('query number 1.5 is not a safe integer');
  });
});

describe('path segments at their edges', () => {
  it('says which segment it refuses, as a bad-input failure', () => {
    expect(() => pathSegment('..')).toThrow('".." is not a valid path segment');
    expect(safePath(() => path`/loans/${'.'}`)).toEqual({
      ok: false,
      error: { code: 'bad-input', message: '"." is not a valid path segment' },
    });
    expect(safePath(() => path`/loans/${'l 1'}/x`)).toEqual({ ok: true, value: '/loans/l%201/x' });
  });
  it('calls anything else thrown while building an invalid path segment', () => {
    expect(
      safePath(() => {
        throw 'not an Error';
      }),
    ).toEqual({ ok: false, error: { code: 'bad-input', message: 'invalid path segment' } });
  });
});
