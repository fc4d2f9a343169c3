/**
 * `loans.cancelInterestPayment`: the lender or the borrower cancels an interest payment request
 * (stated). The body names the allocation the operator picked among all the loan's.
 */
import { cancelInterestPaymentInput } from '../../../shared/actions';
import { LOAN_ACTIONS } from '../../../shared/loan-actions';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../shared/platform/media-types';
import { judgeAllocation, type Evidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { allocationKind } from './loan-kind';

const rule = LOAN_ACTIONS['loans.cancelInterestPayment'];
const mediaType = LOAN_OPERATION_MEDIA_TYPES.cancelInterestPayment;

/**
 * Allocation evidence. The specification names the allocation's `extra` records (`acceptedAt/By`,
 * `cancelledAt/By`, `confirmedAt/By`) and platform-facts lists the statuses, but no transitions.
 * The action's own record or the status that names it is evidence it happened; the status it acts
 * on (stated: "awaiting acceptance") means it did not; the status that names the other way out of
 * that state means it cannot have. Every other status (`new`, `order-created`, `completed`,
 * `failed`…) is not placed by the specification, so it stays unknown.
 */
const CANCELLED: Evidence = {
  action: 'the cancel',
  records: ['cancelledAt', 'cancelledBy'],
  done: ['cancelled'],
  waiting: ['awaiting-acceptance'],
  instead: ['accepted'],
  also: ['acceptedAt', 'acceptedBy'],
};

const judgeLoan: NonNullable<ActionKindSpec['check']['judgeLoan']> = (t, loan) =>
  judgeAllocation(t, loan, CANCELLED);

export const cancelInterestPayment: ActionKindSpec<'loans.cancelInterestPayment'> = allocationKind({
  kind: 'loans.cancelInterestPayment',
  schema: cancelInterestPaymentInput,
  rule,
  mediaType,
  example: { kind: 'loans.cancelInterestPayment', loanId: 'loan-1', loanAllocationId: 'alloc-1' },
  judgeLoan,
  amountLabel: 'Interest amount',
  optional: (input) => ({ effectiveDate: input.effectiveDate, portfolioId: input.portfolioId }),
});
