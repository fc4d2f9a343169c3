/**
 * `loans.confirmExternalDisbursement`: the lender confirms a disbursement made outside the
 * platform (stated: lender only). The body names the allocation the operator picked.
 */
import { confirmExternalDisbursementInput } from '../../../shared/actions';
import { allocationEvidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { allocationKind } from './loan-kind';

export const confirmExternalDisbursement: ActionKindSpec<'loans.confirmExternalDisbursement'> =
  allocationKind({
    kind: 'loans.confirmExternalDisbursement',
    schema: confirmExternalDisbursementInput,
    example: { kind: 'loans.confirmExternalDisbursement', loanId: 'loan-1', loanAllocationId: 'alloc-2' },
    // Confirmed, or still awaiting confirmation, or cancelled instead.
    evidence: allocationEvidence('the confirmation', {
      done: 'confirmed',
      waiting: 'awaiting-confirmation',
      instead: 'cancelled',
    }),
    amountLabel: 'Disbursed amount',
    optional: (input) => ({ collateralPortfolioId: input.collateralPortfolioId }),
  });
