import { describe, expect, it } from 'vitest';
import {
  LOAN_OPERATIONS,
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanSide,
} from '../../../src/shared/loan-actions';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';

const ORG = 'org-us';
const alloc = (over: Partial<LoanAllocation>): LoanAllocation => ({
  allocationType: 'repay',
  amount: '10',
  createdAt: '1',
  currency: 'BTC',
  loanAllocationId: 'a1',
  loanId: 'l1',
  mainCurrency: 'BTC',
  status: 'awaiting-acceptance',
  updatedAt: '2',
  ...over,
});
const loan = (over: Partial<Loan> = {}, allocations: LoanAllocation[] = []): Loan => ({
  loanId: 'l1',
  amount: '100',
  currency: 'USDC',
  mainCurrency: 'ETH',
  loanType: 'bilateral-uncollateralised-loan',
  status: 'active',
  createdBy: 'u',
  createdAt: '1',
  updatedAt: '2',
  lenderOrganizationId: ORG,
  borrowerOrganizationId: 'obfuscated-borrower',
  lenderCounterpartyId: 'cp-lender',
  borrowerCounterpartyId: 'cp-borrower',
  embedded: { loanAllocations: allocations },
  ...over,
});

describe('the loan operations table', () => {
  it('names each operation by the media type the specification gives it', () => {
    expect(LOAN_OPERATIONS.approve.mediaType).toBe('application/vnd.approve-loan+json');
    expect(LOAN_OPERATIONS.cancelInterestPayment.mediaType).toBe(
      'application/vnd.cancel-interest-payment+json',
    );
    expect(LOAN_OPERATIONS.acceptRepayment.mediaType).toBe('application/vnd.accept-loan-repayment+json');
    expect(LOAN_OPERATIONS.confirmExternalDisbursement.mediaType).toBe(
      'application/vnd.confirm-external-disbursement+json',
    );
    expect(LOAN_OPERATIONS.estimateLtv.mediaType).toBe('application/vnd.estimate-loan-ltv+json');
    expect(LOAN_OPERATIONS.estimateLtv.changesState).toBe(false);
  });
});

describe('which side the caller is on', () => {
  it('is the lender or borrower by organization id, or neither (the other side is obfuscated)', () => {
    expect(loanSide(loan(), ORG)).toBe('lender');
    expect(loanSide(loan({ lenderOrganizationId: 'x', borrowerOrganizationId: ORG }), ORG)).toBe('borrower');
    expect(loanSide(loan({ lenderOrganizationId: 'x' }), ORG)).toBeNull();
  });
});

describe('approve', () => {
  it('is for the lender of a loan awaiting approval only, and says why not', () => {
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'lender').ok).toBe(true);
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'borrower')).toEqual({
      ok: false,
      why: 'Only the lender approves a loan.',
    });
    const late = canApprove(loan({ status: 'active' }), 'lender');
    expect(!late.ok && late.why).toMatch(/this one is active/);
    expect(!canApprove(loan({ status: 'awaiting-approval' }), null).ok).toBe(true);
  });
});

describe('cancel interest payment', () => {
  it('needs a repay allocation awaiting acceptance on a loan repaying interest', () => {
    const l = loan({ status: 'repaying-interest' }, [alloc({ loanAllocationId: 'i1' })]);
    const ok = canCancelInterestPayment(l, 'borrower');
    expect(ok.ok && ok.allocation.loanAllocationId).toBe('i1');
    expect(canCancelInterestPayment(loan({ status: 'repaying-interest' }), 'lender').ok).toBe(false);
    expect(canCancelInterestPayment(loan({ status: 'active' }, [alloc({})]), 'lender').ok).toBe(false);
  });
});

describe('accept repayment', () => {
  it('accepts only what the counterparty requested', () => {
    const theirs = alloc({ requestorCounterpartyId: 'cp-borrower' });
    const ours = alloc({ loanAllocationId: 'a2', requestorCounterpartyId: 'cp-lender' });
    const ok = canAcceptRepayment(loan({ status: 'repaying' }, [ours, theirs]), 'lender');
    expect(ok.ok && ok.allocation.loanAllocationId).toBe('a1');
    const own = canAcceptRepayment(loan({ status: 'repaying' }, [ours]), 'lender');
    expect(!own.ok && own.why).toMatch(/requested by your side/);
    expect(
      canAcceptRepayment(loan({ status: 'repaying' }, [alloc({ status: 'accepted' })]), 'lender').ok,
    ).toBe(false);
  });
});

describe('confirm external disbursement', () => {
  it('is the lender’s, for an off-platform loan disbursing with an allocation awaiting confirmation', () => {
    const pending = alloc({ allocationType: 'disburse-externally', status: 'awaiting-confirmation' });
    const l = loan({ status: 'disbursing', extra: { externalDisbursal: true } }, [pending]);
    expect(canConfirmExternalDisbursement(l, 'lender').ok).toBe(true);
    expect(canConfirmExternalDisbursement(l, 'borrower').ok).toBe(false);
    expect(canConfirmExternalDisbursement({ ...l, extra: {} }, 'lender').ok).toBe(false);
    expect(canConfirmExternalDisbursement({ ...l, status: 'active' }, 'lender').ok).toBe(false);
  });
});
