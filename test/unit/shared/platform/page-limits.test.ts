/**
 * The page limits per list operation (src/shared/platform/page-limits.ts): the values
 * platform-facts states, and the contract refusing a larger `limit` than the table's maximum.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activitiesQuery,
  clearLoopQuery,
  cryptoAddressesQuery,
  loansQuery,
  portfoliosQuery,
  walletsQuery,
} from '../../../../src/shared/contract-inputs';
import { PAGE_LIMITS, type PagedOperation } from '../../../../src/shared/platform/page-limits';

const QUERIES = {
  portfolios: portfoliosQuery,
  wallets: walletsQuery,
  loans: loansQuery,
  clearLoopActions: clearLoopQuery,
  activities: activitiesQuery,
  cryptoAddresses: cryptoAddressesQuery,
} satisfies Record<PagedOperation, z.ZodType>;

describe('PAGE_LIMITS', () => {
  it('holds the defaults platform-facts states, marked as stated', () => {
    expect(PAGE_LIMITS.activities).toMatchObject({ default: 1000, stated: ['default'] });
    expect(PAGE_LIMITS.cryptoAddresses).toMatchObject({ default: 500, stated: ['default'] });
    const stated = Object.entries(PAGE_LIMITS).filter(([, l]) => l.stated.length > 0);
    expect(stated.map(([op]) => op).sort()).toEqual(['activities', 'cryptoAddresses']);
  });

  it.each(Object.entries(PAGE_LIMITS))('%s: a default no larger than the maximum', (_op, l) => {
    expect(Number.isInteger(l.default) && Number.isInteger(l.max)).toBe(true);
    expect(l.default).toBeGreaterThan(0);
    expect(l.default).toBeLessThanOrEqual(l.max);
  });

  it.each(Object.keys(QUERIES) as PagedOperation[])(
    '%s: the contract takes a limit up to the maximum and refuses one more',
    (op) => {
      const query = QUERIES[op];
      const max = PAGE_LIMITS[op].max;
      expect(query.safeParse({ workspaceId: 'w', limit: max }).success).toBe(true);
      expect(query.safeParse({ workspaceId: 'w', limit: max + 1 }).success).toBe(false);
    },
  );
});
