/**
 * `loans.cancelInterestPayment`: the lender or the borrower cancels an interest payment request
 * (stated). The body names the allocation the operator picked among all the loan's.
 */
import { z } from 'zod';
import { epochMsString, id } from '../contract-inputs';
import { canCancelInterestPayment } from '../loan-actions';
import { allocationKind } from './declaration';

export const cancelInterestPayment = allocationKind({
  family: 'allocation',
  kind: 'loans.cancelInterestPayment',
  schema: z.strictObject({
    kind: z.literal('loans.cancelInterestPayment'),
    loanId: id,
    loanAllocationId: id,
    effectiveDate: epochMsString.optional(),
    portfolioId: id.optional(),
  }),
  title: 'Cancel interest payment',
  operation: 'cancelInterestPayment',
  availability: canCancelInterestPayment,
  // Cancelled, or still awaiting acceptance, or accepted instead (evidence.ts places the statuses).
  evidence: { action: 'the cancel', done: 'cancelled', waiting: 'awaiting-acceptance', instead: 'accepted' },
  amountLabel: 'Interest amount',
  bodyFields: ['effectiveDate', 'portfolioId'],
  example: { kind: 'loans.cancelInterestPayment', loanId: 'loan-1', loanAllocationId: 'alloc-1' },
});
