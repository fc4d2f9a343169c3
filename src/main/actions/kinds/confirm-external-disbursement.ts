/**
 * `loans.confirmExternalDisbursement`: the lender confirms a disbursement made outside the
 * platform (stated: lender only). The body names the allocation the operator picked.
 */
import { confirmExternalDisbursementInput } from '../../../shared/actions';
import { LOAN_ACTIONS } from '../../../shared/loan-actions';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../shared/platform/media-types';
import { judgeAllocation, type Evidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { allocationKind } from './loan-kind';

const rule = LOAN_ACTIONS['loans.confirmExternalDisbursement'];
const mediaType = LOAN_OPERATION_MEDIA_TYPES.confirmExternalDisbursement;

/** Evidence on the allocation (see cancel-interest-payment.ts for how the statuses are placed). */
const CONFIRMED: Evidence = {
  action: 'the confirmation',
  records: ['confirmedAt', 'confirmedBy'],
  done: ['confirmed'],
  waiting: ['awaiting-confirmation'],
  instead: ['cancelled'],
  also: ['cancelledAt', 'cancelledBy'],
};

const judgeLoan: NonNullable<ActionKindSpec['check']['judgeLoan']> = (t, loan) =>
  judgeAllocation(t, loan, CONFIRMED);

export const confirmExternalDisbursement: ActionKindSpec<'loans.confirmExternalDisbursement'> =
  allocationKind({
    kind: 'loans.confirmExternalDisbursement',
    schema: confirmExternalDisbursementInput,
    rule,
    mediaType,
    example: { kind: 'loans.confirmExternalDisbursement', loanId: 'loan-1', loanAllocationId: 'alloc-2' },
    judgeLoan,
    amountLabel: 'Disbursed amount',
    optional: (input) => ({ collateralPortfolioId: input.collateralPortfolioId }),
  });
