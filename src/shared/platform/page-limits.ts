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

/**
 * Page-size negotiation (issue 30): a walk first asks for the largest page the contract allows
 * (`max`), and learns per workspace and list what the platform serves. A platform that refuses
 * that size (400) is asked again with this many rows, the page size every list served before.
 */
export const PAGE_SIZE_FALLBACK = 1000;

/** The lists whose walks negotiate their page size, in the order the settings list them. */
export const NEGOTIATED_OPERATIONS = ['activities', 'cryptoAddresses', 'loans'] as const;
export type NegotiatedOperation = (typeof NEGOTIATED_OPERATIONS)[number];

/** What the walk learned: `served` a full page of `size`; `capped` pages of at most `size`; `refused` a 400 for `asked`. */
export type PageSizeVerdict = 'served' | 'capped' | 'refused';

export interface LearnedPageSize {
  operation: NegotiatedOperation;
  /** The page size the next walk asks for. */
  size: number;
  verdict: PageSizeVerdict;
  /** The `limit` the walk asked for when it learned this. */
  asked: number;
  /** ISO time of the walk that learned it. */
  learnedAt: string;
}

/** The first `limit` a walk of this list asks for, when nothing is learned yet. */
export function firstPageSize(operation: NegotiatedOperation): number {
  return PAGE_LIMITS[operation].max;
}
