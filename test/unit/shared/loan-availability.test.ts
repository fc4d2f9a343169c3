/**
 * Why a loan action is or is not offered (src/shared/loan-actions.ts), case by case: the exact
 * reason shown beside a disabled button, the warnings where only the console's expectation is not
 * met (issue 25: those used to be refusals), and which allocation an action pre-selects.
 * Complements loan-actions.test.ts; found missing by mutation testing.
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
const warned = (a: { ok: boolean; warnings?: string[] }) => (a.ok ? (a.warnings ?? []).join(' ') : 'refused');

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
    expect(warned(canCancelInterestPayment(loan({ status: 'active' }, [alloc('a', {})]), 'lender'))).toBe(
      "The loan's status is “active”, where the console expects “repaying-interest”; the platform will decide.",
    );
    expect(why(canCancelInterestPayment(repaying(), 'lender'))).toBe(
      'The loan lists no allocations, and this operation names one (loanAllocationId); reload the loan with its allocations.',
    );
    expect(
      warned(canCancelInterestPayment(repaying([alloc('x', { allocationType: 'disburse' })]), 'lender')),
    ).toMatch(/^This loan does not look like it has an interest payment awaiting acceptance/);
    const picked = canCancelInterestPayment(
      repaying([
        alloc('other-type', { allocationType: 'disburse-externally' }),
        alloc('done', { status: 'accepted' as LoanAllocation['status'] }),
        alloc('this', {}),
      ]),
      'borrower',
    );
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('this');
  });
  it('accept a repayment: only one the counterparty asked for', () => {
    const repaying = (allocations?: LoanAllocation[], over: Partial<Loan> = {}) =>
      loan({ status: 'repaying', ...over }, allocations);
    const fromBorrower = alloc('from-borrower', { requestorCounterpartyId: 'cp-borrower' });
    const fromLender = alloc('from-lender', { requestorCounterpartyId: 'cp-lender' });
    expect(why(canAcceptRepayment(repaying([fromBorrower]), null))).toBe(NO_SIDE);
    const none =
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.';
    expect(warned(canAcceptRepayment(loan({ status: 'active' }), 'lender'))).toBe(
      `${none} The loan's status is “active”, where the console expects “repaying”; the platform will decide.`,
    );
    expect(warned(canAcceptRepayment(repaying(), 'lender'))).toBe(none);
    expect(
      warned(canAcceptRepayment(repaying([alloc('x', { allocationType: 'disburse-externally' })]), 'lender')),
    ).toBe(none);
    const mine =
      'The repayment request was requested by your side; only the counterparty can accept it (only requests initiated by the counterparty can be accepted).';
    expect(why(canAcceptRepayment(repaying([fromLender]), 'lender'))).toBe(mine);
    expect(why(canAcceptRepayment(repaying([fromBorrower]), 'borrower'))).toBe(mine);
    const byLender = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'lender');
    expect(byLender.ok && byLender.allocation?.loanAllocationId).toBe('from-borrower');
    const byBorrower = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'borrower');
    expect(byBorrower.ok && byBorrower.allocation?.loanAllocationId).toBe('from-lender');
    // Who requested it cannot be read (no requestor, the counterparty ids unknown): the platform decides.
    const unknownThem = repaying([alloc('anon', {})], { borrowerCounterpartyId: undefined });
    expect(warned(canAcceptRepayment(unknownThem, 'lender'))).toMatch(
      /Who requested repayment anon cannot be read/,
    );
    const skip = repaying([
      alloc('wrong-type', { allocationType: 'disburse-externally', requestorCounterpartyId: 'cp-borrower' }),
      alloc('wrong-status', {
        status: 'accepted' as LoanAllocation['status'],
        requestorCounterpartyId: 'cp-borrower',
      }),
      fromBorrower,
    ]);
    const picked = canAcceptRepayment(skip, 'lender');
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('from-borrower');
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
    expect(
      warned(canConfirmExternalDisbursement(disbursing([pending], { extra: undefined }), 'lender')),
    ).toBe(
      'This loan is not marked as disbursed externally (extra.externalDisbursal); the platform will decide.',
    );
    expect(
      warned(canConfirmExternalDisbursement(disbursing([pending], { status: 'active' }), 'lender')),
    ).toBe(
      "The loan's status is “active”, where the console expects “disbursing”; the platform will decide.",
    );
    expect(why(canConfirmExternalDisbursement(disbursing(), 'lender'))).toMatch(/lists no allocations/);
    expect(warned(canConfirmExternalDisbursement(disbursing([alloc('r', {})]), 'lender'))).toMatch(
      /^This loan does not look like it has an external disbursement awaiting confirmation/,
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
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('ext');
  });
});
