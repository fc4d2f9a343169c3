/**
 * `loans.approve`: the lender approves a loan awaiting approval (stated: "Approve a loan in
 * `awaiting-approval` state", lender only). No body: the media type alone selects the operation.
 * Declared in src/shared/action-kinds/approve.ts; here, what the main side adds: the request and
 * the evidence Check now reads on the loan itself.
 */
import { approve as declared } from '../../../shared/action-kinds/approve';
import { loanSide } from '../../../shared/loan-actions';
import type { LoanStatus } from '../../../shared/platform/enums';
import { judgeLoanItself, type Evidence } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { loanDedup, loanKind, loanPatch, mediaTypeOf } from './loan-kind';
import { refuse } from './request-parts';

const mediaType = mediaTypeOf(declared);

/**
 * Loan statuses only a loan that was approved reaches. The specification states a single move,
 * out of `awaiting-approval` by the approve operation, and leaves the next state unshown, so this
 * list keeps only the statuses that presuppose the loan went live: its funds are being or were
 * disbursed (`disbursing`, `active`), it is being repaid, defaulted or terminated early, or it was
 * repaid. A loan never approved lends nothing, so it cannot be in any of them.
 *
 * Left out on purpose, because the specification does not place them relative to approval:
 * `awaiting-acceptance` (the counterparty's acceptance may come before or after it; the sandbox
 * puts it before), `awaiting-collateral`, `awaiting-interest-payment`, the collateral statuses
 * (collateral may be posted or returned around a loan that never went live), `errored` (either
 * side of approval) and `closed` (a cancelled or rejected loan may be closed too). In those the
 * loan's `approvedAt` / `approvedBy` decide, or Check now stays unknown.
 */
export const APPROVED_ONLY_LOAN_STATUSES: readonly LoanStatus[] = [
  'disbursing',
  'active',
  'repaying',
  'repaying-interest',
  'interest-repaid',
  'defaulting',
  'partially-defaulting',
  'defaulted',
  'default-resolved',
  'early-termination-in-progress',
  'early-termination-completed',
  'repaid',
];

/** Check now is done only on evidence of approval: the loan's own record, or a status only an approved loan reaches. */
const APPROVED: Evidence = {
  action: 'the approve',
  records: ['approvedAt', 'approvedBy'],
  done: APPROVED_ONLY_LOAN_STATUSES,
  waiting: ['awaiting-approval'],
  // The terminal statuses that end a loan without it going live: it was turned down or withdrawn.
  instead: ['cancelled', 'rejected'],
  also: ['rejectedAt', 'rejectedBy', 'cancelledAt', 'cancelledBy'],
};

const judgeLoan: NonNullable<ActionKindSpec['check']['judgeLoan']> = (_t, loan) =>
  judgeLoanItself(loan, APPROVED);

export const approve: ActionKindSpec<'loans.approve'> = loanKind({
  declared,
  judgeLoan,
  dedup: loanDedup,
  build(ctx, _input, loan) {
    const verdict = declared.availability(loan, loanSide(loan, ctx.organizationId));
    if (!verdict.ok) return refuse(verdict.why);
    return loanPatch(ctx, { title: declared.title, mediaType }, loan, null, { warnings: verdict.warnings });
  },
});
