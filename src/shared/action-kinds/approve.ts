/**
 * `loans.approve`: the lender approves a loan awaiting approval (stated: "Approve a loan in
 * `awaiting-approval` state", lender only). No body: the media type alone selects the operation.
 * Its main side: src/main/actions/kinds/approve.ts (Check now reads the loan itself).
 */
import { z } from 'zod';
import { id } from '../contract-inputs';
import { canApprove } from '../loan-actions';
import { loanKind } from './declaration';

export const approve = loanKind({
  family: 'loan',
  kind: 'loans.approve',
  schema: z.strictObject({ kind: z.literal('loans.approve'), loanId: id }),
  title: 'Approve loan',
  operation: 'approve',
  availability: (loan, side) => canApprove(loan, side),
  example: { kind: 'loans.approve', loanId: 'loan-1' },
});
