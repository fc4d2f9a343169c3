/**
 * The loan state machine behind the PATCH media types. Each function checks who may act (403),
 * whether the state allows it (409), applies the change in place and says which activity to log.
 * Rules are documented in docs/sandbox.md.
 */
import type { ActivityType } from '../../shared/platform/enums';
import type { Loan, LoanAllocation } from '../../shared/platform/resources';
import { isCollateralisedType } from '../data/loan-builder';
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

/** The named allocation, when it and its loan are in the states the action needs; else 409 saying what it needs. */
function allocationAwaiting(
  loan: Loan,
  id: string,
  needs: { loanStatus: string; type: string; status: string },
  expected: string,
): LoanAllocation {
  const a = findAllocation(loan, id);
  if (loan.status !== needs.loanStatus || a.allocationType !== needs.type || a.status !== needs.status)
    throw conflict(`the allocation is not ${expected}`);
  return a;
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
  const a = allocationAwaiting(
    loan,
    input.loanAllocationId,
    { loanStatus: 'repaying-interest', type: 'repay', status: 'awaiting-acceptance' },
    'an interest payment request awaiting acceptance',
  );
  a.status = 'cancelled';
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

export function acceptRepayment(
  loan: Loan,
  actor: Actor,
  input: { amount?: string; effectiveDate?: string },
): Change {
  const requests = allocations(loan).filter(
    (a) => a.allocationType === 'repay' && a.status === 'awaiting-acceptance',
  );
  if (loan.status !== 'repaying' || requests.length === 0)
    throw conflict('the loan has no repayment request awaiting acceptance');
  const request = requests.find((a) => a.requestorCounterpartyId !== actor.counterpartyId);
  if (request === undefined)
    throw forbidden('only a repayment request initiated by the counterparty can be accepted');
  const amount = new Dec(input.amount ?? request.amount);
  const outstanding = new Dec(loan.amount);
  if (amount.gt(outstanding))
    throw badRequest(`amount must not exceed the outstanding loan amount ${loan.amount}`);
  request.status = 'accepted';
  request.amount = fmt(amount, 18);
  request.extra = { ...request.extra, acceptedAt: actor.now, acceptedBy: actor.userId };
  if (input.effectiveDate !== undefined) request.extra.effectiveDate = input.effectiveDate;
  request.updatedAt = actor.now;
  const remaining = outstanding.minus(amount);
  if (remaining.isZero()) {
    loan.status = 'repaid';
    loan.terminatedAt = actor.now;
    loan.extra = { ...loan.extra, repaidAt: actor.now, repaidBy: actor.userId };
  } else {
    loan.status = 'active';
    loan.amount = fmt(remaining, 18);
  }
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
  if (sideOf(loan, actor.organizationId) !== 'lend')
    throw forbidden('only the lender may confirm an external disbursement');
  const expected = 'an external disbursement awaiting confirmation';
  const a = allocationAwaiting(
    loan,
    input.loanAllocationId,
    { loanStatus: 'disbursing', type: 'disburse-externally', status: 'awaiting-confirmation' },
    expected,
  );
  if (loan.extra?.externalDisbursal !== true) throw conflict(`the allocation is not ${expected}`);
  a.status = 'confirmed';
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
