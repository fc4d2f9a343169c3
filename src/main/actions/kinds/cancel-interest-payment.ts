/**
 * `loans.cancelInterestPayment`: the lender or the borrower cancels an interest payment request
 * (stated). The body names the allocation the operator picked among all the loan's.
 */
import { cancelInterestPaymentInput } from '../../../shared/actions';
import { allocationEvidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { allocationKind } from './loan-kind';

export const cancelInterestPayment: ActionKindSpec<'loans.cancelInterestPayment'> = allocationKind({
  kind: 'loans.cancelInterestPayment',
  schema: cancelInterestPaymentInput,
  example: { kind: 'loans.cancelInterestPayment', loanId: 'loan-1', loanAllocationId: 'alloc-1' },
  // Cancelled, or still awaiting acceptance, or accepted instead (evidence.ts places the statuses).
  evidence: allocationEvidence('the cancel', {
    done: 'cancelled',
    waiting: 'awaiting-acceptance',
    instead: 'accepted',
  }),
  amountLabel: 'Interest amount',
  optional: (input) => ({ effectiveDate: input.effectiveDate, portfolioId: input.portfolioId }),
});
