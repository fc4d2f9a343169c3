/**
 * The sandbox's 409s for the actions on one allocation (src/sandbox/state/loans.ts): each state the
 * action needs (the loan's, the allocation's type and status, an external disbursal) is checked,
 * and the answer says what the allocation should have been. Nothing is changed by a refusal.
 */
import { describe, expect, it } from 'vitest';
import { actor, seededLoan } from '../../support/fixtures/sandbox-loans';
import { HttpError } from '../../../src/sandbox/errors';
import * as machine from '../../../src/sandbox/state/loans';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';

function fresh(name: string, status: string): { loan: Loan; allocation: LoanAllocation } {
  const loan = seededLoan(name);
  const allocation = loan.embedded?.loanAllocations?.find((a) => a.status === status);
  if (allocation === undefined) throw new Error(`${name} has no ${status} allocation`);
  return { loan, allocation };
}
function refusal(act: () => unknown): string {
  try {
    act();
  } catch (err) {
    if (err instanceof HttpError) return `${err.status} ${err.message}`;
    throw err;
  }
  return 'done';
}

describe('cancel an interest payment', () => {
  const NOT = '409 the allocation is not an interest payment request awaiting acceptance';
  const cancel = (loan: Loan, a: LoanAllocation) =>
    refusal(() => machine.cancelInterestPayment(loan, actor, { loanAllocationId: a.loanAllocationId }));

  it('needs the loan to be repaying interest', () => {
    const { loan, allocation } = fresh('sandbox-interest-borrow-2', 'awaiting-acceptance');
    loan.status = 'active';
    expect(cancel(loan, allocation)).toBe(NOT);
    expect(allocation.status).toBe('awaiting-acceptance');
  });

  it('needs a repay allocation awaiting acceptance', () => {
    const { loan, allocation } = fresh('sandbox-interest-borrow-2', 'awaiting-acceptance');
    allocation.allocationType = 'top-up';
    expect(cancel(loan, allocation)).toBe(NOT);
    allocation.allocationType = 'repay';
    allocation.status = 'accepted';
    expect(cancel(loan, allocation)).toBe(NOT);
    allocation.status = 'awaiting-acceptance';
    expect(cancel(loan, allocation)).toBe('done');
  });
});

describe('confirm an external disbursement', () => {
  const NOT = '409 the allocation is not an external disbursement awaiting confirmation';
  const confirm = (loan: Loan, a: LoanAllocation) =>
    refusal(() => machine.confirmExternalDisbursement(loan, actor, { loanAllocationId: a.loanAllocationId }));

  it('needs an off-platform managed loan (the specification’s condition), whatever its status', () => {
    const { loan, allocation } = fresh('sandbox-disburse-lend-2', 'awaiting-confirmation');
    loan.extra = { ...loan.extra, externalDisbursal: false };
    expect(confirm(loan, allocation)).toBe(NOT);
    loan.extra = { ...loan.extra, externalDisbursal: true };
    // The specification states no loan status for it: the allocation awaiting confirmation decides.
    loan.status = 'awaiting-collateral';
    expect(confirm(loan, allocation)).toBe('done');
    expect(loan.status).toBe('active');
  });

  it('needs the external disbursal allocation awaiting confirmation', () => {
    const { loan, allocation } = fresh('sandbox-disburse-lend-2', 'awaiting-confirmation');
    allocation.allocationType = 'disburse';
    expect(confirm(loan, allocation)).toBe(NOT);
    expect(loan.status).toBe('disbursing');
  });
});
