import type { Loan } from '@shared/platform/resources';
import type { AllRows } from '@shared/contract';
import { loanRowOf, type LoanRow } from '@shared/loan-row';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';
import type { LoanWalkParams } from './filters';

/** Every loan matching the platform-side filters, as rows: a walk on the main side, with progress and cancel. */
export const loansAllQuery = createWorkspaceQuery(
  (wsId, p: LoanWalkParams, jobId) => copper().loans.listAll({ workspaceId: wsId, jobId, ...p }),
  'loans',
);

/** One loan, read whole (embedded data and `extra`): what the detail pane and the actions work on. */
export const loanQuery = createWorkspaceQuery((wsId, p: { loanId: string }) =>
  copper().loans.get({ workspaceId: wsId, loanId: p.loanId }),
);

/**
 * Puts a loan returned by the platform into the list (as a row) and into its detail; fields it
 * omitted keep their last value.
 */
export function replaceLoan(wsId: string, loan: Loan): void {
  const row = loanRowOf(loan);
  loansAllQuery.update(wsId, (all: AllRows<LoanRow>) => ({
    ...all,
    items: all.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...row } : l)),
  }));
  loanQuery.update(wsId, (l: Loan) => (l.loanId === loan.loanId ? { ...l, ...loan } : l));
}

/** Re-reads one loan (with its embedded data) after an action. */
export async function refreshLoan(wsId: string, loanId: string): Promise<void> {
  const res = await copper().loans.get({ workspaceId: wsId, loanId });
  if (res.ok) replaceLoan(wsId, res.value);
}
