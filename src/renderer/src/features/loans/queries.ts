import { z } from 'zod';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import type { Loan } from '@shared/platform/resources';
import type { AllRows, CallInput, Page } from '@shared/contract';
import type { Result } from '@shared/result';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';

/** One page of the loans tab: the platform's largest page; the tab pages on with offset. */
export const LOAN_LIMIT = 1000;
/** The page cap a bookmarked page number may not pass (offset ≤ the contract's bound). */
export const MAX_LOAN_PAGE = 99_999;

export const loanFilterSchema = z.object({
  side: z.enum(['lend', 'borrow']).optional(),
  loanTypes: z.array(z.enum(LOAN_TYPES)),
  statuses: z.array(z.enum(LOAN_STATUSES)),
  openOnly: z.boolean(),
  portfolioId: z.string().optional(),
  selectedId: z.string().optional(),
  /** Zero-based page of the server-side list. */
  page: z.number().int().min(0).max(MAX_LOAN_PAGE).optional(),
  /** Loan id, external id or counterparty; searched over every page by the main side. */
  search: z.string().max(200).optional(),
});
export type LoanFilters = z.infer<typeof loanFilterSchema>;
export const LOAN_DEFAULTS: LoanFilters = { loanTypes: [], statuses: [], openOnly: false };

type Params = Omit<CallInput<'loans.list'>, 'workspaceId'>;

export function toParams(f: LoanFilters): Params {
  return {
    ...(f.side ? { loanSide: f.side } : {}),
    ...(f.loanTypes.length ? { loanTypes: f.loanTypes } : {}),
    ...(f.statuses.length ? { statuses: f.statuses } : {}),
    ...(f.openOnly ? { isOpen: true } : {}),
    ...(f.portfolioId ? { portfolioId: f.portfolioId } : {}),
    limit: LOAN_LIMIT,
    offset: (f.page ?? 0) * LOAN_LIMIT,
    sortDirection: 'DESC',
  };
}

const NO_RESULTS: AllRows<Loan> = {
  items: [],
  pages: 0,
  truncated: false,
  duplicatesDropped: 0,
  incomplete: false,
  total: null,
};

type SearchParams = Omit<CallInput<'risk.searchLoans'>, 'workspaceId' | 'jobId'>;

/** The search's input: the same server-side filters, every page. */
export function toSearchParams(f: LoanFilters): SearchParams | null {
  const search = f.search?.trim() ?? '';
  if (search === '') return null;
  const { limit: _l, offset: _o, sortDirection: _s, ...filters } = toParams(f);
  return { ...filters, search };
}

export const loanSearchQuery = createWorkspaceQuery(
  (wsId, p: SearchParams, jobId): Promise<Result<AllRows<Loan>>> =>
    p.search === ''
      ? Promise.resolve({ ok: true, value: NO_RESULTS })
      : copper().risk.searchLoans({ workspaceId: wsId, jobId, ...p }),
  'loan-search',
);

export const loansQuery = createWorkspaceQuery((wsId, p: Params) =>
  copper().loans.list({ workspaceId: wsId, ...p }),
);

/** Puts a loan returned by the platform into the list; fields it omitted keep their last value. */
export function replaceLoan(wsId: string, loan: Loan): void {
  loansQuery.update(wsId, (page: Page<Loan>) => ({
    ...page,
    items: page.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...loan } : l)),
  }));
  loanSearchQuery.update(wsId, (found) => ({
    ...found,
    items: found.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...loan } : l)),
  }));
}

/** Re-reads one loan (with its embedded data) after an action. */
export async function refreshLoan(wsId: string, loanId: string): Promise<void> {
  const res = await copper().loans.get({ workspaceId: wsId, loanId });
  if (res.ok) replaceLoan(wsId, res.value);
}
