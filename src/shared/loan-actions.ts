/**
 * The loan operations, once: their media types (the specification selects the operation by
 * `Content-Type`), titles, who may take each, and in which states. The main side's
 * `actions.prepare` decides with these rules (it is the authority); the renderer's action bar uses
 * the same functions to say early why an action is unavailable; the sandbox imports the media types.
 *
 * Side: lender when lenderOrganizationId equals our organization, borrower when
 * borrowerOrganizationId does (the other side's id is obfuscated, so it never matches).
 */
import type { Loan, LoanAllocation } from './platform/resources';

/** The loan operations of `PATCH /organizations/{organizationId}/loans/{loanId}`, by media type. */
export const LOAN_OPERATIONS = {
  approve: { mediaType: 'application/vnd.approve-loan+json', title: 'Approve loan', changesState: true },
  cancelInterestPayment: {
    mediaType: 'application/vnd.cancel-interest-payment+json',
    title: 'Cancel interest payment',
    changesState: true,
  },
  acceptRepayment: {
    mediaType: 'application/vnd.accept-loan-repayment+json',
    title: 'Accept repayment',
    changesState: true,
  },
  confirmExternalDisbursement: {
    mediaType: 'application/vnd.confirm-external-disbursement+json',
    title: 'Confirm external disbursement',
    changesState: true,
  },
  estimateLtv: {
    mediaType: 'application/vnd.estimate-loan-ltv+json',
    title: 'Estimate LTV',
    changesState: false,
  },
} as const;
export type LoanOperation = keyof typeof LOAN_OPERATIONS;

/** `PATCH /organizations/{organizationId}/loans`: the LTV dry run (changes nothing). */
export const LTV_DRY_RUN_MEDIA_TYPE = 'application/vnd.calculate-ltv-dry-run+json';

export type LoanSide = 'lender' | 'borrower';

export function loanSide(
  loan: Pick<Loan, 'lenderOrganizationId' | 'borrowerOrganizationId'>,
  organizationId: string,
): LoanSide | null {
  if (loan.lenderOrganizationId !== undefined && loan.lenderOrganizationId === organizationId)
    return 'lender';
  if (loan.borrowerOrganizationId !== undefined && loan.borrowerOrganizationId === organizationId)
    return 'borrower';
  return null;
}

export type Availability<T = undefined> = { ok: true; allocation: T } | { ok: false; why: string };

const allocations = (loan: Loan): LoanAllocation[] => loan.embedded?.loanAllocations ?? [];
const noSide = 'Your organization is neither the lender nor the borrower of this loan.';

export function canApprove(loan: Loan, side: LoanSide | null): Availability {
  if (side !== 'lender')
    return { ok: false, why: side === null ? noSide : 'Only the lender approves a loan.' };
  if (loan.status !== 'awaiting-approval')
    return { ok: false, why: `Only a loan awaiting approval can be approved; this one is ${loan.status}.` };
  return { ok: true, allocation: undefined };
}

/** Interest payment request: a `repay` allocation awaiting acceptance on a loan repaying interest. */
export function canCancelInterestPayment(loan: Loan, side: LoanSide | null): Availability<LoanAllocation> {
  if (side === null) return { ok: false, why: noSide };
  if (loan.status !== 'repaying-interest')
    return {
      ok: false,
      why: `No interest payment in progress: the loan is ${loan.status}, not repaying-interest.`,
    };
  const alloc = allocations(loan).find(
    (a) => a.allocationType === 'repay' && a.status === 'awaiting-acceptance',
  );
  if (!alloc) return { ok: false, why: 'No interest payment request is awaiting acceptance.' };
  return { ok: true, allocation: alloc };
}

/** Repayment request: a `repay` allocation awaiting acceptance, requested by the counterparty. */
export function canAcceptRepayment(loan: Loan, side: LoanSide | null): Availability<LoanAllocation> {
  if (side === null) return { ok: false, why: noSide };
  if (loan.status !== 'repaying')
    return { ok: false, why: `No repayment in progress: the loan is ${loan.status}, not repaying.` };
  const pending = allocations(loan).filter(
    (a) => a.allocationType === 'repay' && a.status === 'awaiting-acceptance',
  );
  if (pending.length === 0) return { ok: false, why: 'No repayment request is awaiting acceptance.' };
  const theirs = side === 'lender' ? loan.borrowerCounterpartyId : loan.lenderCounterpartyId;
  const alloc = pending.find((a) => theirs !== undefined && a.requestorCounterpartyId === theirs);
  if (!alloc)
    return {
      ok: false,
      why: 'The pending repayment was requested by your side; only the counterparty can accept it.',
    };
  return { ok: true, allocation: alloc };
}

/** External disbursement: off-platform loan, disbursing, allocation awaiting confirmation; lender only. */
export function canConfirmExternalDisbursement(
  loan: Loan,
  side: LoanSide | null,
): Availability<LoanAllocation> {
  if (side !== 'lender')
    return { ok: false, why: side === null ? noSide : 'Only the lender confirms an external disbursement.' };
  if (loan.extra?.externalDisbursal !== true)
    return { ok: false, why: 'This loan is not disbursed externally.' };
  if (loan.status !== 'disbursing') return { ok: false, why: `The loan is ${loan.status}, not disbursing.` };
  const alloc = allocations(loan).find(
    (a) => a.allocationType === 'disburse-externally' && a.status === 'awaiting-confirmation',
  );
  if (!alloc) return { ok: false, why: 'No external disbursement is awaiting confirmation.' };
  return { ok: true, allocation: alloc };
}

/** The four state-changing operations' availability at once: what an action bar shows. */
export function availableLoanActions(loan: Loan, organizationId: string) {
  const side = loanSide(loan, organizationId);
  return {
    approve: canApprove(loan, side),
    cancelInterestPayment: canCancelInterestPayment(loan, side),
    acceptRepayment: canAcceptRepayment(loan, side),
    confirmExternalDisbursement: canConfirmExternalDisbursement(loan, side),
  } satisfies Partial<Record<LoanOperation, Availability<unknown>>>;
}
