/**
 * Why a loan action is or is not offered (src/shared/loan-actions.ts), case by case: the exact
 * reason shown beside a disabled button, and which allocation an action picks. Complements
 * loan-actions.test.ts; found missing by mutation testing.
 */
import { describe, expect, it } from 'vitest';
import {
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanSide,
} from '../../../src/shared/loan-actions';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';

const US = 'org-us';
const NO_SIDE = 'Your organization is neither the lender nor the borrower of this loan.';
const alloc = (id: string, over: Partial<LoanAllocation>): LoanAllocation => ({
  allocationType: 'repay',
  amount: '10',
  createdAt: '1',
  currency: 'BTC',
  loanAllocationId: id,
  loanId: 'l1',
  mainCurrency: 'BTC',
  status: 'awaiting-acceptance',
  updatedAt: '2',
  ...over,
});
const loan = (over: Partial<Loan> = {}, allocations?: LoanAllocation[]): Loan => ({
  loanId: 'l1',
  amount: '100',
  currency: 'USDC',
  mainCurrency: 'ETH',
  loanType: 'bilateral-uncollateralised-loan',
  status: 'active',
  createdBy: 'u',
  createdAt: '1',
  updatedAt: '2',
  lenderOrganizationId: US,
  borrowerOrganizationId: 'org-them',
  lenderCounterpartyId: 'cp-lender',
  borrowerCounterpartyId: 'cp-borrower',
  ...(allocations === undefined ? {} : { embedded: { loanAllocations: allocations } }),
  ...over,
});
const why = (a: { ok: boolean; why?: string }) => (a.ok ? 'ok' : a.why);

describe('loanSide', () => {
  it('needs the organization to be named on the loan, not merely absent from it', () => {
    expect(loanSide(loan(), US)).toBe('lender');
    expect(loanSide(loan({ lenderOrganizationId: 'x', borrowerOrganizationId: US }), US)).toBe('borrower');
    expect(loanSide(loan({ lenderOrganizationId: 'x' }), US)).toBeNull();
    expect(
      loanSide(loan({ lenderOrganizationId: undefined, borrowerOrganizationId: undefined }), US),
    ).toBeNull();
  });
});

describe('availability reasons', () => {
  it('approve', () => {
    expect(why(canApprove(loan({ status: 'awaiting-approval' }), null))).toBe(NO_SIDE);
    expect(why(canApprove(loan({ status: 'awaiting-approval' }), 'borrower'))).toBe(
      'Only the lender approves a loan.',
    );
  });
  it('cancel an interest payment', () => {
    const repaying = (allocations?: LoanAllocation[]) => loan({ status: 'repaying-interest' }, allocations);
    expect(why(canCancelInterestPayment(repaying([alloc('a', {})]), null))).toBe(NO_SIDE);
    expect(why(canCancelInterestPayment(loan({ status: 'active' }), 'lender'))).toBe(
      'No interest payment in progress: the loan is active, not repaying-interest.',
    );
    expect(why(canCancelInterestPayment(repaying(), 'lender'))).toBe(
      'No interest payment request is awaiting acceptance.',
    );
    const picked = canCancelInterestPayment(
      repaying([
        alloc('other-type', { allocationType: 'disburse-externally' }),
        alloc('done', { status: 'accepted' as LoanAllocation['status'] }),
        alloc('this', {}),
      ]),
      'borrower',
    );
    expect(picked.ok && picked.allocation.loanAllocationId).toBe('this');
  });
  it('accept a repayment: only one the counterparty asked for', () => {
    const repaying = (allocations?: LoanAllocation[], over: Partial<Loan> = {}) =>
      loan({ status: 'repaying', ...over }, allocations);
    const fromBorrower = alloc('from-borrower', { requestorCounterpartyId: 'cp-borrower' });
    const fromLender = alloc('from-lender', { requestorCounterpartyId: 'cp-lender' });
    expect(why(canAcceptRepayment(repaying([fromBorrower]), null))).toBe(NO_SIDE);
    expect(why(canAcceptRepayment(loan({ status: 'active' }), 'lender'))).toBe(
      'No repayment in progress: the loan is active, not repaying.',
    );
    expect(why(canAcceptRepayment(repaying(), 'lender'))).toBe(
      'No repayment request is awaiting acceptance.',
    );
    expect(
      why(canAcceptRepayment(repaying([alloc('x', { allocationType: 'disburse-externally' })]), 'lender')),
    ).toBe('No repayment request is awaiting acceptance.');
    const mine = 'The pending repayment was requested by your side; only the counterparty can accept it.';
    expect(why(canAcceptRepayment(repaying([fromLender]), 'lender'))).toBe(mine);
    expect(why(canAcceptRepayment(repaying([fromBorrower]), 'borrower'))).toBe(mine);
    const byLender = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'lender');
    expect(byLender.ok && byLender.allocation.loanAllocationId).toBe('from-borrower');
    const byBorrower = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'borrower');
    expect(byBorrower.ok && byBorrower.allocation.loanAllocationId).toBe('from-lender');
    const unknownThem = repaying([alloc('anon', {})], { borrowerCounterpartyId: undefined });
    expect(why(canAcceptRepayment(unknownThem, 'lender'))).toBe(mine);
    const skip = repaying([
      alloc('wrong-type', { allocationType: 'disburse-externally', requestorCounterpartyId: 'cp-borrower' }),
      alloc('wrong-status', {
        status: 'accepted' as LoanAllocation['status'],
        requestorCounterpartyId: 'cp-borrower',
      }),
      fromBorrower,
    ]);
    const picked = canAcceptRepayment(skip, 'lender');
    expect(picked.ok && picked.allocation.loanAllocationId).toBe('from-borrower');
  });
  it('confirm an external disbursement', () => {
    const disbursing = (allocations?: LoanAllocation[], over: Partial<Loan> = {}) =>
      loan({ status: 'disbursing', extra: { externalDisbursal: true }, ...over }, allocations);
    const pending = alloc('ext', {
      allocationType: 'disburse-externally',
      status: 'awaiting-confirmation' as LoanAllocation['status'],
    });
    expect(why(canConfirmExternalDisbursement(disbursing([pending]), null))).toBe(NO_SIDE);
    expect(why(canConfirmExternalDisbursement(disbursing([pending]), 'borrower'))).toBe(
      'Only the lender confirms an external disbursement.',
    );
    expect(why(canConfirmExternalDisbursement(disbursing([pending], { extra: undefined }), 'lender'))).toBe(
      'This loan is not disbursed externally.',
    );
    expect(why(canConfirmExternalDisbursement(disbursing([pending], { status: 'active' }), 'lender'))).toBe(
      'The loan is active, not disbursing.',
    );
    expect(why(canConfirmExternalDisbursement(disbursing(), 'lender'))).toBe(
      'No external disbursement is awaiting confirmation.',
    );
    const picked = canConfirmExternalDisbursement(
      disbursing([
        alloc('repay', { status: 'awaiting-confirmation' as LoanAllocation['status'] }),
        alloc('ext-done', {
          allocationType: 'disburse-externally',
          status: 'accepted' as LoanAllocation['status'],
        }),
        pending,
      ]),
      'lender',
    );
    expect(picked.ok && picked.allocation.loanAllocationId).toBe('ext');
  });
});
