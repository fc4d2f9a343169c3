/**
 * The contract's input pieces: identifiers, amounts as decimal strings, and the platform query
 * schemas with platform-facts' parameter names. Split from contract.ts to keep it readable;
 * contract.ts re-exports everything here, so `@shared/contract` stays the one import.
 */
import { z } from 'zod';
import { CLEARLOOP_ACTION_TYPES, LOAN_SIDES, PORTFOLIO_TYPES, SORT_DIRECTIONS } from './platform/enums';
import { PAGE_LIMITS, type PagedOperation } from './platform/page-limits';

export const id = z.string().trim().min(1, 'must not be empty').max(200, 'is too long');
export const workspaceId = id.describe('workspace id');
/** Epoch milliseconds as a string. */
export const epochMsString = z.string().regex(/^\d{1,16}$/, 'must be epoch milliseconds');
export const idList = z.array(id).max(500, 'has too many entries');
/**
 * Filter values of a list the specification names (loan statuses, activity types…) but a platform
 * may spell otherwise (issue 29.4): the console warns about an unknown spelling and sends it as
 * typed; the platform decides. Only empty or overlong text is refused.
 */
export const spellingList = z
  .array(z.string().trim().min(1, 'must not be empty').max(100, 'is too long'))
  .max(500, 'has too many entries');
export const limit = (max: number) => z.number().int().min(1).max(max);
/** A list operation's `limit`: at most the largest page it serves (PAGE_LIMITS). */
const pageLimit = (operation: PagedOperation) => limit(PAGE_LIMITS[operation].max);
export const offset = z.number().int().min(0).max(100_000_000);
/** Identifies a long-running job so that it can report progress and be cancelled. */
export const jobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _');

// ---------------------------------------------------------------------------------------------
// Platform query schemas (parameter names from platform-facts)

export const portfoliosQuery = z.object({
  workspaceId,
  portfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  excludedPortfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  portfolioId: id.optional(),
  isActive: z.boolean().optional(),
  isDefiVault: z.boolean().optional(),
  signingFlowType: id.optional(),
  limit: pageLimit('portfolios').optional(),
  offset: offset.optional(),
});

export const walletsQuery = z.object({
  workspaceId,
  portfolioId: id.optional(),
  currencies: z.array(id).max(100).optional(),
  mainCurrency: id.optional(),
  portfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  excludedPortfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  nonEmpty: z.boolean().optional(),
  limit: pageLimit('wallets').optional(),
  offset: offset.optional(),
});

export const accountsQuery = z.object({ workspaceId });

export const loanFilters = z.object({
  portfolioId: id.optional(),
  loanIds: idList.optional(),
  loanSide: z.enum(LOAN_SIDES).optional(),
  loanTypes: spellingList.optional(),
  statuses: spellingList.optional(),
  isOpen: z.boolean().optional(),
});
export const loansQuery = loanFilters.extend({
  workspaceId,
  limit: pageLimit('loans').optional(),
  offset: offset.optional(),
  sortDirection: z.enum(['ASC', 'DESC']).optional(),
});

export const loanTarget = z.object({ workspaceId, loanId: id });

export const clearLoopQuery = z.object({
  workspaceId,
  fromTimestamp: epochMsString.optional(),
  toTimestamp: epochMsString.optional(),
  clientAccountId: id.optional(),
  portfolioIds: idList.optional(),
  actionType: z.enum(CLEARLOOP_ACTION_TYPES).optional(),
  limit: pageLimit('clearLoopActions').optional(),
  offset: offset.optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  filterExecuted: z.boolean().optional(),
});

export const activityFilters = z.object({
  createdFrom: epochMsString.optional(),
  createdTo: epochMsString.optional(),
  search: z.string().max(200).optional(),
  activityTypes: spellingList.optional(),
  excludedActivityTypes: spellingList.optional(),
  userIds: idList.optional(),
});
export const activitiesQuery = activityFilters.extend({
  workspaceId,
  limit: pageLimit('activities').optional(),
  offset: offset.optional(),
});

export const cryptoAddressesQuery = z.object({
  workspaceId,
  cryptoAddressIds: idList.optional(),
  currencies: idList.optional(),
  mainCurrencies: idList.optional(),
  addressTags: idList.optional(),
  addresses: idList.optional(),
  memo: z.string().max(200).optional(),
  isWhitelist: z.boolean().optional(),
  addressTypes: spellingList.optional(),
  limit: pageLimit('cryptoAddresses').optional(),
  offset: offset.optional(),
});

/** Each fetch-all call names the job so that it can report progress and be cancelled. */
export const job = { jobId, maxRows: z.number().int().min(1).max(1_000_000).optional() };

/**
 * A walk whose pages the caller takes from the job's `progress` events (issue 30): its first page
 * is small, and its answer does not carry the rows again (`AllRows.streamed` says what the events
 * carried); without it the answer holds every row and no event carries any.
 */
export const stream = { stream: z.boolean().optional() };
