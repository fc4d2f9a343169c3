/**
 * The action bar's view of the loan rules (availableLoanActions in src/shared/loan-actions.ts): the
 * caller's side is worked out from the organization, and each operation gets its own rule's answer.
 */
import { describe, expect, it } from 'vitest';
import { availableLoanActions } from '../../../src/shared/loan-actions';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';

const US = 'org-us';
const repay: LoanAllocation = {
  allocationType: 'repay',
  amount: '10',
  createdAt: '1',
  currency: 'BTC',
  loanAllocationId: 'a1',
  loanId: 'l1',
  mainCurrency: 'BTC',
  status: 'awaiting-acceptance',
  updatedAt: '2',
  requestorCounterpartyId: 'cp-borrower',
};
const loan = (over: Partial<Loan>): Loan => ({
  loanId: 'l1',
  amount: '100',
  currency: 'BTC',
  mainCurrency: 'BTC',
  loanType: 'bilateral-uncollateralised-loan',
  status: 'active',
  createdBy: 'u',
  createdAt: '1',
  updatedAt: '2',
  lenderOrganizationId: US,
  borrowerOrganizationId: 'org-them',
  lenderCounterpartyId: 'cp-lender',
  borrowerCounterpartyId: 'cp-borrower',
  ...over,
});
const verdicts = (l: Loan, organizationId: string) =>
  Object.fromEntries(
    Object.entries(availableLoanActions(l, organizationId)).map(([op, a]) => [op, a.ok ? 'ok' : a.why]),
  );

describe('availableLoanActions', () => {
  it('offers the lender approval of a loan awaiting it; the rest only where the stated rules allow', () => {
    // Issue 25: a loan status the console does not expect is no longer a refusal (the platform
    // decides); what is refused is what the specification states, or a request that cannot be built.
    const v = verdicts(loan({ status: 'awaiting-approval' }), US);
    expect(v.approve).toBe('ok');
    expect(v.cancelInterestPayment).toMatch(/lists no allocations/);
    expect(v.acceptRepayment).toBe('ok');
    expect(v.confirmExternalDisbursement).toMatch(/lists no allocations/);
    const warned = availableLoanActions(loan({ status: 'awaiting-approval' }), US).acceptRepayment;
    expect(warned.ok && warned.warnings).toContain(
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
    );
  });

  it('offers the lender the acceptance of the borrower’s repayment request', () => {
    const can = availableLoanActions(
      loan({ status: 'repaying', embedded: { loanAllocations: [repay] } }),
      US,
    );
    expect(can.acceptRepayment).toEqual({ ok: true, warnings: [], allocation: repay });
    expect(can.approve.ok).toBe(false);
  });

  it('works out the side from the organization: the borrower may not approve, a stranger nothing', () => {
    const awaiting = loan({ status: 'awaiting-approval' });
    expect(verdicts(awaiting, 'org-them').approve).toBe('Only the lender approves a loan.');
    const stranger = verdicts(awaiting, 'org-other');
    for (const why of Object.values(stranger))
      expect(why).toBe('Your organization is neither the lender nor the borrower of this loan.');
    expect(Object.keys(stranger).sort()).toEqual([
      'acceptRepayment',
      'approve',
      'cancelInterestPayment',
      'confirmExternalDisbursement',
    ]);
  });
});
