/**
 * The loans tab's server state: every loan matching the platform-side filters (a walk on the main
 * side, as rows) and one loan read whole for the detail pane and the actions.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Loan } from '@shared/platform/resources';
import type { AllRows } from '@shared/contract';
import { loanRowOf, type LoanRow } from '@shared/loan-row';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../../state/query-client';
import { walkFn } from '../../state/queries';
import type { LoanWalkParams } from './filters';

/** Every loan matching the filters, as rows, with progress and cancel (`useWalkJob`). */
export const loansListAllQuery = (workspaceId: string, params: LoanWalkParams) =>
  queryOptions({
    queryKey: [workspaceId, 'loans.listAll', params] as const,
    queryFn: walkFn('loans', (jobId, stream) =>
      copper().loans.listAll({ workspaceId, jobId, stream, ...params }),
    ),
    placeholderData: keepPreviousData,
  });

/** One loan, read whole (embedded data and `extra`): what the detail pane and the actions work on. */
export const loanQuery = (workspaceId: string, loanId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'loans.get', { loanId }] as const,
    queryFn: () => unwrap(copper().loans.get({ workspaceId, loanId })),
  });

/**
 * Puts a loan returned by the platform into the list (as a row, under every filter set) and into
 * its detail; fields it omitted keep their last value.
 */
export function replaceLoan(wsId: string, loan: Loan, client = queryClient): void {
  const row = loanRowOf(loan);
  client.setQueriesData<AllRows<LoanRow>>({ queryKey: [wsId, 'loans.listAll'] }, (all) =>
    all === undefined
      ? undefined
      : { ...all, items: all.items.map((l) => (l.loanId === loan.loanId ? { ...l, ...row } : l)) },
  );
  client.setQueryData(loanQuery(wsId, loan.loanId).queryKey, (l) => (l ? { ...l, ...loan } : l));
}

/** Re-reads one loan (with its embedded data) after an action. */
export async function refreshLoan(wsId: string, loanId: string, client = queryClient): Promise<void> {
  const res = await copper().loans.get({ workspaceId: wsId, loanId });
  if (res.ok) replaceLoan(wsId, res.value, client);
}
