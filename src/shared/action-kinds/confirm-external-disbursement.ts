/**
 * `loans.confirmExternalDisbursement`: the lender confirms a disbursement made outside the
 * platform (stated: lender only). The body names the allocation the operator picked.
 */
import { z } from 'zod';
import { id } from '../contract-inputs';
import { canConfirmExternalDisbursement } from '../loan-actions';
import { allocationKind } from './declaration';

export const confirmExternalDisbursement = allocationKind({
  family: 'allocation',
  kind: 'loans.confirmExternalDisbursement',
  schema: z.strictObject({
    kind: z.literal('loans.confirmExternalDisbursement'),
    loanId: id,
    loanAllocationId: id,
    collateralPortfolioId: id.optional(),
  }),
  title: 'Confirm external disbursement',
  operation: 'confirmExternalDisbursement',
  availability: canConfirmExternalDisbursement,
  // Confirmed, or still awaiting confirmation, or cancelled instead.
  evidence: {
    action: 'the confirmation',
    done: 'confirmed',
    waiting: 'awaiting-confirmation',
    instead: 'cancelled',
  },
  amountLabel: 'Disbursed amount',
  bodyFields: ['collateralPortfolioId'],
  example: { kind: 'loans.confirmExternalDisbursement', loanId: 'loan-1', loanAllocationId: 'alloc-2' },
});
