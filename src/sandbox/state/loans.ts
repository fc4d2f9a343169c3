/**
 * The loan state machine behind the PATCH media types. Each function checks who may act (403),
 * whether the loan has what the action works on (409), applies the change in place and says which
 * activity to log. Rules are documented in docs/sandbox.md.
 *
 * The sandbox's own reading of the specification (issue 25.4), not the console's: it refuses on
 * what the specification states (who may act, "awaiting acceptance", "initiated by the
 * counterparty", "off-platform managed") and finds the request an action works on by the spellings
 * of the data it serves (data/vocabulary.ts), so that both seed variants can be acted on. A loan's
 * status is not a condition of its own (the specification states no transition but approve), except
 * where the default spelling gives a repayment and an interest payment the same allocation type and
 * the loan's status is what tells them apart.
 */
import type { ActivityType } from '../../shared/platform/enums';
import type { Loan, LoanAllocation } from '../../shared/platform/resources';
import { isCollateralisedType } from '../data/loan-builder';
import { DEFAULT_VOCABULARY, type LoanVocabulary } from '../data/vocabulary';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { applyDebtRatio } from '../ltv';
import { Dec, fmt, priceOf, type PriceTable } from '../money';
import { sideOf } from '../routes/loan-view';

export interface Actor {
  organizationId: string;
  userId: string;
  counterpartyId: string;
  now: string;
  /** The sandbox's current prices (they move with `POST /sandbox/prices`). */
  prices?: PriceTable;
  /** The spellings of the data served; default platform-facts' values. */
  vocabulary?: LoanVocabulary;
}

export interface Change {
  activity: ActivityType;
  description: string;
}

function allocations(loan: Loan): LoanAllocation[] {
  return loan.embedded?.loanAllocations ?? [];
}

function findAllocation(loan: Loan, id: string): LoanAllocation {
  const a = allocations(loan).find((x) => x.loanAllocationId === id);
  if (a === undefined) throw notFound(`no allocation ${JSON.stringify(id.slice(0, 80))} on this loan`);
  return a;
}

/** The two requests share a type in the default spelling; the loan's status then decides. */
function sharedType(words: LoanVocabulary): boolean {
  return words.type.repayment === words.type.interestPayment;
}

/** An interest payment request awaiting acceptance (specification: cancel-interest-payment). */
export function isPendingInterestPayment(loan: Loan, a: LoanAllocation, words: LoanVocabulary): boolean {
  return (
    a.allocationType === words.type.interestPayment &&
    a.status === words.status.awaitingAcceptance &&
    (!sharedType(words) || loan.status === words.loan.interestPending)
  );
}

/** A repayment request awaiting acceptance (specification: accept-loan-repayment). */
export function isPendingRepayment(loan: Loan, a: LoanAllocation, words: LoanVocabulary): boolean {
  return (
    a.allocationType === words.type.repayment &&
    a.status === words.status.awaitingAcceptance &&
    (!sharedType(words) || loan.status !== words.loan.interestPending)
  );
}

/** The counterparty id of the caller's other side of the loan, or undefined when not a party. */
function otherSideOf(loan: Loan, organizationId: string): string | undefined {
  const side = sideOf(loan, organizationId);
  if (side === 'lend') return loan.borrowerCounterpartyId;
  if (side === 'borrow') return loan.lenderCounterpartyId;
  return undefined;
}

function touch(loan: Loan, now: string): void {
  loan.updatedAt = now;
}

export function approve(loan: Loan, actor: Actor): Change {
  if (sideOf(loan, actor.organizationId) !== 'lend') throw forbidden('only the lender may approve a loan');
  if (loan.status !== 'awaiting-approval') throw conflict(`loan is ${loan.status}, not awaiting-approval`);
  loan.status = isCollateralisedType(loan.loanType) ? 'awaiting-collateral' : 'disbursing';
  loan.extra = { ...loan.extra, approvedAt: actor.now, approvedBy: actor.userId };
  touch(loan, actor.now);
  return { activity: 'loan-approved', description: `Loan ${loan.loanId} approved; now ${loan.status}` };
}

export function cancelInterestPayment(
  loan: Loan,
  actor: Actor,
  input: { loanAllocationId: string; effectiveDate?: string },
): Change {
  // Specification: "can be cancelled by the lender or the borrower".
  if (sideOf(loan, actor.organizationId) === undefined)
    throw forbidden('only the lender or the borrower may cancel an interest payment request');
  const words = actor.vocabulary ?? DEFAULT_VOCABULARY;
  const a = findAllocation(loan, input.loanAllocationId);
  if (!isPendingInterestPayment(loan, a, words))
    throw conflict('the allocation is not an interest payment request awaiting acceptance');
  a.status = words.status.cancelled;
  a.extra = { ...a.extra, cancelledAt: actor.now, cancelledBy: actor.userId };
  if (input.effectiveDate !== undefined) a.extra.effectiveDate = input.effectiveDate;
  a.updatedAt = actor.now;
  loan.status = 'active';
  touch(loan, actor.now);
  return {
    activity: 'loan-repayment-cancelled',
    description: `Interest payment request on loan ${loan.loanId} cancelled`,
  };
}

/**
 * Accept a repayment request. The specification: "Accept a full or partial repayment request; only
 * requests initiated by the counterparty can be accepted". So the amount accepted is at most the
 * amount of the repayment request being accepted (full = all of it, partial = less), never more:
 * the ceiling is the request's amount, not the loan's outstanding amount. The body names no
 * allocation, so the request is the oldest repayment request awaiting acceptance that the caller's
 * counterparty initiated; an absent `amount` accepts all of it.
 */
export function acceptRepayment(
  loan: Loan,
  actor: Actor,
  input: { amount?: string; effectiveDate?: string },
): Change {
  const words = actor.vocabulary ?? DEFAULT_VOCABULARY;
  const requests = allocations(loan).filter((a) => isPendingRepayment(loan, a, words));
  if (requests.length === 0) throw conflict('the loan has no repayment request awaiting acceptance');
  const counterparty = otherSideOf(loan, actor.organizationId);
  const request = requests.find(
    (a) => counterparty !== undefined && a.requestorCounterpartyId === counterparty,
  );
  if (request === undefined)
    throw forbidden('only a repayment request initiated by the counterparty can be accepted');
  const amount = new Dec(input.amount ?? request.amount);
  if (amount.gt(request.amount))
    throw badRequest(
      `amount: must not exceed the repayment request's amount ${request.amount} ${request.currency} (a full or partial repayment of that request)`,
    );
  const outstanding = new Dec(loan.amount);
  request.status = words.status.accepted;
  request.amount = fmt(amount, 18);
  request.extra = { ...request.extra, acceptedAt: actor.now, acceptedBy: actor.userId };
  if (input.effectiveDate !== undefined) request.extra.effectiveDate = input.effectiveDate;
  request.updatedAt = actor.now;
  // A request for more than the loan owes is not something the seed makes; it repays the loan.
  const remaining = Dec.max(0, outstanding.minus(amount));
  if (remaining.isZero()) {
    loan.status = 'repaid';
    loan.terminatedAt = actor.now;
    loan.extra = { ...loan.extra, repaidAt: actor.now, repaidBy: actor.userId };
  } else {
    loan.status = 'active';
  }
  loan.amount = remaining.isZero() ? loan.amount : fmt(remaining, 18);
  applyDebtRatio(loan, loan.amount, loan.embedded?.collaterals ?? [], actor.now, actor.prices);
  touch(loan, actor.now);
  const kind = remaining.isZero() ? 'full' : 'partial';
  return {
    activity: 'loan-repayment-accepted',
    description: `${kind} repayment of ${fmt(amount, 18)} ${loan.currency} accepted on loan ${loan.loanId}`,
  };
}

export function confirmExternalDisbursement(
  loan: Loan,
  actor: Actor,
  input: { loanAllocationId: string },
): Change {
  // Specification: "Confirm the external disbursement of an off-platform managed loan"; lender only.
  if (sideOf(loan, actor.organizationId) !== 'lend')
    throw forbidden('only the lender may confirm an external disbursement');
  const words = actor.vocabulary ?? DEFAULT_VOCABULARY;
  const expected = 'an external disbursement awaiting confirmation';
  const a = findAllocation(loan, input.loanAllocationId);
  if (
    loan.extra?.externalDisbursal !== true ||
    a.allocationType !== words.type.externalDisbursement ||
    a.status !== words.status.awaitingConfirmation
  )
    throw conflict(`the allocation is not ${expected}`);
  a.status = words.status.confirmed;
  a.extra = { ...a.extra, confirmedAt: actor.now, confirmedBy: actor.userId };
  a.updatedAt = actor.now;
  loan.status = 'active';
  loan.extra = { ...loan.extra, disbursedAt: actor.now };
  loan.originalLoanAmount = loan.amount;
  loan.originalLoanValue = fmt(new Dec(loan.amount).mul(priceOf(loan.currency, actor.prices) ?? 0), 2);
  touch(loan, actor.now);
  return {
    activity: 'external-loan-disbursal-confirmed',
    description: `External disbursal of loan ${loan.loanId} confirmed`,
  };
}
