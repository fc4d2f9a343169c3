/**
 * The loans tab's filters. The platform filters by side, type, status, open and portfolio: those
 * go to `loans.listAll`, which walks every page. It has no text search, so the search box filters
 * the walked loans here, over the fields `loanSearchFields` (shared/risk.ts) names.
 */
import { z } from 'zod';
import { LOAN_SIDES } from '@shared/platform/enums';
import { spellingList, type CallInput } from '@shared/contract';
import { loanSearchFields } from '@shared/risk';
import { localSearch } from '../../lib/local-search';

export const loanFilterSchema = z.object({
  side: z.enum(LOAN_SIDES).optional(),
  // Open lists (issue 29.4): a spelling the specification does not list is warned about, not refused.
  loanTypes: spellingList,
  statuses: spellingList,
  openOnly: z.boolean(),
  portfolioId: z.string().optional(),
  selectedId: z.string().optional(),
  /** Loan id, external id or counterparty (id or name): filters the loaded loans, not sent. */
  search: z.string().max(200).optional(),
});
export type LoanFilters = z.infer<typeof loanFilterSchema>;
export const LOAN_DEFAULTS: LoanFilters = { loanTypes: [], statuses: [], openOnly: false };

export type LoanWalkParams = Omit<CallInput<'loans.listAll'>, 'workspaceId' | 'jobId'>;

/** What the platform filters; empty filters are left out rather than sent empty. */
export function toWalkParams(f: LoanFilters): LoanWalkParams {
  return {
    ...(f.side ? { loanSide: f.side } : {}),
    ...(f.loanTypes.length ? { loanTypes: f.loanTypes } : {}),
    ...(f.statuses.length ? { statuses: f.statuses } : {}),
    ...(f.openOnly ? { isOpen: true } : {}),
    ...(f.portfolioId ? { portfolioId: f.portfolioId } : {}),
  };
}

const loanSearch = localSearch(loanSearchFields);

/** Builds the loans' search text ahead of the first search (the view calls it when the browser is idle). */
export const prepareSearch = loanSearch.prepare;

/**
 * The loans whose id, external id or counterparty (id or name) contains `search`, ignoring case,
 * in their order. No search: the same array (so the table keeps its sort keys).
 */
export const searchLoans = loanSearch.find;
