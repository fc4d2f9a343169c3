/**
 * The page limits of each list operation: the `limit` the platform applies when none is sent
 * (`default`) and the largest it serves (`max`). One table for the sandbox (which applies them),
 * the contract (which refuses a larger `limit` before anything is sent) and the console's own
 * choices of page size (which are checked against it).
 *
 * The specification shows neither ("Maximum and default page sizes of the limit parameters: not
 * shown"); platform-facts gives two defaults (activities 1000, crypto addresses 500) and no
 * maximum. Every other value is an assumption the sandbox makes (docs/sandbox.md); `stated` says
 * which of the two values platform-facts gives, so that a newly published fact changes one line.
 */
import type { QueryName, QueryOperation } from './query-names';

/** A list operation that takes a `limit` (every one of QUERY_NAMES but the agent wallets). */
export type PagedOperation = {
  [K in QueryOperation]: 'limit' extends QueryName<K> ? K : never;
}[QueryOperation];

export interface PageLimit {
  /** Rows per page when the request sends no `limit`. */
  readonly default: number;
  /** The largest `limit` served; a larger one is refused (400). */
  readonly max: number;
  /** Which of the two values platform-facts states; the others are assumed. */
  readonly stated: readonly ('default' | 'max')[];
}

export const PAGE_LIMITS = {
  portfolios: { default: 1000, max: 1000, stated: [] },
  wallets: { default: 1000, max: 5000, stated: [] },
  loans: { default: 100, max: 1000, stated: [] },
  clearLoopActions: { default: 100, max: 1000, stated: [] },
  activities: { default: 1000, max: 10_000, stated: ['default'] },
  cryptoAddresses: { default: 500, max: 5000, stated: ['default'] },
} as const satisfies Record<PagedOperation, PageLimit>;
