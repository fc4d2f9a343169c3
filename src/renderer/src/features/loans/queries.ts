import { z } from 'zod';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import type { Loan } from '@shared/platform/resources';
import type { CallInput, Page } from '@shared/contract';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../lib/query-store';

export const LOAN_LIMIT = 1000;

export const loanFilterSchema = z.object({
  side: z.enum(['lend', 'borrow']).optional(),
  loanTypes: z.array(z.enum(LOAN_TYPES)),
  statuses: z.array(z.enum(LOAN_STATUSES)),
  openOnly: z.boolean(),
  portfolioId: z.string().optional(),
  selectedId: z.string().optional(),
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
    sortDirection: 'DESC',
  };
}

export const loansQuery = createWorkspaceQuery((wsId, p: Params) =>
  copper().loans.list({ workspaceId: wsId, ...p }),
);

/** Puts a loan returned by the platform into the list; fields it omitted keep their last value. */
export function replaceLoan(wsId: string, loan: Loan): void {
  loansQuery.update(wsId, (page: Page<Loan>) => ({
    ...page,
    items: page.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...loan } : l)),
  }));
}

/** Re-reads one loan (with its embedded data) after an action. */
export async function refreshLoan(wsId: string, loanId: string): Promise<void> {
  const res = await copper().loans.get({ workspaceId: wsId, loanId });
  if (res.ok) replaceLoan(wsId, res.value);
}
