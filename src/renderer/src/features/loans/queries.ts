import type { Loan } from '@shared/platform/resources';
import type { AllRows } from '@shared/contract';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';
import type { LoanWalkParams } from './filters';

/** Every loan matching the platform-side filters: a walk on the main side, with progress and cancel. */
export const loansAllQuery = createWorkspaceQuery(
  (wsId, p: LoanWalkParams, jobId) => copper().loans.listAll({ workspaceId: wsId, jobId, ...p }),
  'loans',
);

/** Puts a loan returned by the platform into the list; fields it omitted keep their last value. */
export function replaceLoan(wsId: string, loan: Loan): void {
  loansAllQuery.update(wsId, (all: AllRows<Loan>) => ({
    ...all,
    items: all.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...loan } : l)),
  }));
}

/** Re-reads one loan (with its embedded data) after an action. */
export async function refreshLoan(wsId: string, loanId: string): Promise<void> {
  const res = await copper().loans.get({ workspaceId: wsId, loanId });
  if (res.ok) replaceLoan(wsId, res.value);
}
