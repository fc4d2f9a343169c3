/**
 * `loans.confirmExternalDisbursement`: the lender confirms a disbursement made outside the
 * platform (stated: lender only). The body names the allocation the operator picked.
 */
import { confirmExternalDisbursementInput } from '../../../shared/actions';
import { LOAN_ACTIONS, loanSide } from '../../../shared/loan-actions';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../shared/platform/media-types';
import { judgeAllocation, type Evidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import {
  LOAN_OPERATION,
  allocationDedup,
  allocationPatch,
  loanAnswered,
  loanCheckPlan,
  readLoan,
} from './loan-kind';
import { definedOnly } from './request-parts';

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

export const confirmExternalDisbursement: ActionKindSpec<'loans.confirmExternalDisbursement'> = {
  kind: 'loans.confirmExternalDisbursement',
  schema: confirmExternalDisbursementInput,
  operation: LOAN_OPERATION,
  mediaType,
  title: rule.title,
  availability: rule.availability,
  example: { kind: 'loans.confirmExternalDisbursement', loanId: 'loan-1', loanAllocationId: 'alloc-2' },
  async build(ctx, input) {
    const read = await readLoan(ctx, input.loanId);
    if (!read.ok) return read;
    const loan = read.value;
    const body = definedOnly({
      loanAllocationId: input.loanAllocationId,
      collateralPortfolioId: input.collateralPortfolioId,
    });
    const verdict = rule.availability(loan, loanSide(loan, ctx.organizationId), input.loanAllocationId);
    return allocationPatch(ctx, { title: rule.title, mediaType }, loan, verdict, 'Disbursed amount', body);
  },
  dedup: allocationDedup,
  check: { plan: loanCheckPlan, judgeLoan },
  answered: loanAnswered(judgeLoan),
};
