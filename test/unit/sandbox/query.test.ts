import { describe, expect, it } from 'vitest';
import { NO_QUERY, paging, param, parseQuery, querySchema } from '../../../src/sandbox/query';
import { HttpError } from '../../../src/sandbox/errors';
import { QUERY_NAMES } from '../../../src/shared/platform/query-names';
import { QUERY_NAMES as CLIENT_QUERY_NAMES } from '../../../src/main/platform/query';

const loans = querySchema('loans', {
  portfolioId: param.string().optional(),
  loanIds: param.list().optional(),
  loanSide: param.oneOf(['lend', 'borrow']).optional(),
  loanTypes: param.enumList(['a', 'b']).optional(),
  statuses: param.list().optional(),
  isOpen: param.bool().optional(),
  includeCollaterals: param.bool().default(true),
  includeCounterparties: param.bool().default(true),
  includeChildLoans: param.bool().default(true),
  includeLoanAllocations: param.bool().default(true),
  includeLoanInterest: param.bool().default(true),
  ...paging(100, 1000),
  sortBy: param.oneOf(['updatedAt']).default('updatedAt'),
  sortDirection: param.oneOf(['ASC', 'DESC']).default('DESC'),
});
const activities = querySchema('activities', {
  ...paging(1000, 10_000),
  createdFrom: param.timestamp().optional(),
  createdTo: param.timestamp().optional(),
  search: param.string(200).optional(),
  activityTypes: param.list().optional(),
  excludedActivityTypes: param.list().optional(),
  userIds: param.list().optional(),
});

const read = (s: string) => parseQuery(loans, new URLSearchParams(s));
const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof HttpError) return `${err.status} ${err.message}`;
  }
  return 'no error';
};

describe('query parsing', () => {
  it('reads lists comma-separated and repeated; an empty list is absent', () => {
    expect(read('loanIds=x,y&loanIds=z').loanIds).toEqual(['x', 'y', 'z']);
    expect(read('loanIds=,,').loanIds).toBeUndefined();
    expect(read('').loanIds).toBeUndefined();
  });
  it('applies defaults and validates integers with a named message', () => {
    expect(read('limit=5&offset=2')).toMatchObject({ limit: 5, offset: 2 });
    expect(read('')).toMatchObject({
      limit: 100,
      offset: 0,
      sortDirection: 'DESC',
      includeCollaterals: true,
    });
    for (const v of ['0', '1001', '-1', '1.5', 'x', '1e3', '99999999999999999999']) {
      expect(messageOf(() => read(`limit=${v}`))).toBe('400 limit: must be an integer between 1 and 1000');
    }
    expect(messageOf(() => read('limit=1&limit=2'))).toBe('400 limit: must be given once');
  });
  it('accepts only true/false for booleans', () => {
    expect(read('isOpen=true').isOpen).toBe(true);
    expect(read('includeCollaterals=false').includeCollaterals).toBe(false);
    expect(messageOf(() => read('isOpen=1'))).toBe('400 isOpen: must be true or false');
  });
  it('names the parameter for unknown enum values', () => {
    expect(read('loanTypes=a,b').loanTypes).toEqual(['a', 'b']);
    expect(messageOf(() => read('loanTypes=a,c'))).toBe('400 loanTypes[1]: contains an unknown value: "c"');
    expect(messageOf(() => read('sortDirection=asc'))).toBe('400 sortDirection: must be one of ASC, DESC');
  });
  it('validates timestamps', () => {
    const q = (s: string) => parseQuery(activities, new URLSearchParams(s));
    expect(q('createdFrom=1750000000000').createdFrom).toBe(1750000000000);
    expect(messageOf(() => q('createdFrom=-5'))).toBe(
      '400 createdFrom: must be a timestamp in epoch milliseconds',
    );
  });
  it('refuses a parameter the client never sends, naming it and the accepted ones', () => {
    expect(messageOf(() => read('limit=5&portfolioID=p'))).toBe(
      `400 portfolioID: is not a query parameter of this operation; use ${QUERY_NAMES.loans.join(', ')}`,
    );
    expect(messageOf(() => parseQuery(NO_QUERY, new URLSearchParams('x=1')))).toBe(
      '400 x: is not a query parameter of this operation; it takes none',
    );
    expect(parseQuery(NO_QUERY, new URLSearchParams(''))).toEqual({});
  });
  it('reads the same table of names that the client builds its queries from', () => {
    expect(CLIENT_QUERY_NAMES).toBe(QUERY_NAMES);
  });
});

describe('query parsing without zod for limit and offset', () => {
  /** The same schema with the fast path unavailable: zod reads every query. */
  const throughZod = { ...loans, ints: undefined };
  const outcome = (schema: typeof loans, q: string): unknown => {
    try {
      return parseQuery(schema, new URLSearchParams(q));
    } catch (err) {
      return err instanceof HttpError ? `${err.status} ${err.message}` : err;
    }
  };

  it('answers exactly what zod answers, refusals included', () => {
    const values = [
      '',
      '0',
      '1',
      '05',
      '999',
      '1000',
      '1001',
      '-1',
      '1.5',
      'x',
      '1e3',
      ' 5',
      '99999999999999999999',
    ];
    const queries = [''];
    for (const v of values) queries.push(`limit=${v}`, `offset=${v}`, `limit=${v}&offset=${v}`);
    queries.push(
      'limit=5&limit=5',
      'offset=1&offset=1',
      'limit=5&sortBy=updatedAt',
      'limit=5&nope=1',
      'nope=1',
    );
    for (const q of queries) expect(outcome(loans, q), q).toEqual(outcome(throughZod, q));
  });

  it('never shares its answers between requests', () => {
    const first = read('limit=5') as { limit: number };
    first.limit = 7;
    expect(read('limit=6').limit).toBe(6);
    expect(read('')).toMatchObject({ limit: 100 });
  });
});
