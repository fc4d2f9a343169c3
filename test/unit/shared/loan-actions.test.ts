/**
 * The loan operations' rules (src/shared/loan-actions.ts). Prepare refuses only on what the
 * specification states (who may, approve's state, a repayment request the caller's own side
 * initiated, a field the request cannot be built without); what the console only expects (status
 * names, allocation types and statuses from platform-facts) is a warning the confirmation shows.
 */
import { describe, expect, it } from 'vitest';
import { jsonNumberText } from '../../../src/shared/json-number';
import {
  LOAN_OPERATIONS,
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanActionVerdicts,
  loanAllocationsOf,
  loanSide,
  repaymentAmountDefault,
  repaymentCeiling,
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
const warningsOf = (v: { ok: boolean; warnings?: string[] }) => (v.ok ? (v.warnings ?? []) : []);

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

describe('approve (stated: lender only, from awaiting-approval)', () => {
  it('is for the lender of a loan awaiting approval only, and says why not', () => {
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'lender').ok).toBe(true);
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'borrower')).toMatchObject({
      ok: false,
      why: 'Only the lender approves a loan.',
    });
    const late = canApprove(loan({ status: 'active' }), 'lender');
    expect(!late.ok && late.why).toMatch(/this one is active/);
    expect(canApprove(loan({ status: 'awaiting-approval' }), null).ok).toBe(false);
  });
});

describe('cancel an interest payment (stated: lender or borrower)', () => {
  it('pre-selects the repay allocation awaiting acceptance, with no warning, for either side', () => {
    const l = loan({ status: 'repaying-interest' }, [alloc({ loanAllocationId: 'i1' })]);
    for (const side of ['lender', 'borrower'] as const) {
      const v = canCancelInterestPayment(l, side);
      expect(v.ok && v.allocation?.loanAllocationId).toBe('i1');
      expect(warningsOf(v)).toEqual([]);
    }
    expect(canCancelInterestPayment(l, null).ok).toBe(false);
  });

  it('offers it with a warning, not a refusal, where the status or allocation is spelled otherwise', () => {
    const l = loan({ status: 'paying-interest' as Loan['status'] }, [
      alloc({ loanAllocationId: 'i1', allocationType: 'interest', status: 'pending-acceptance' }),
    ]);
    const v = canCancelInterestPayment(l, 'lender');
    expect(v.ok).toBe(true);
    expect(v.ok && v.allocation).toBeNull(); // nothing the console recognises: the operator picks
    expect(warningsOf(v).join(' ')).toMatch(
      /does not look like it has an interest payment awaiting acceptance; the platform will decide/,
    );
    expect(warningsOf(v).join(' ')).toMatch(/paying-interest/);
    const picked = canCancelInterestPayment(l, 'lender', 'i1');
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('i1');
    expect(warningsOf(picked).join(' ')).toMatch(/i1.*interest.*pending-acceptance/);
  });

  it('refuses only when the loan lists no allocation to name (the body needs loanAllocationId)', () => {
    const v = canCancelInterestPayment(loan({ status: 'repaying-interest' }), 'lender');
    expect(!v.ok && v.why).toMatch(/no allocations/);
  });
});

describe('accept a repayment (stated: only a request the counterparty initiated)', () => {
  it('pre-selects the counterparty’s request, and refuses one the caller’s own side initiated', () => {
    const theirs = alloc({ requestorCounterpartyId: 'cp-borrower' });
    const ours = alloc({ loanAllocationId: 'a2', requestorCounterpartyId: 'cp-lender' });
    const v = canAcceptRepayment(loan({ status: 'repaying' }, [ours, theirs]), 'lender');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v)).toEqual([]);
    const own = canAcceptRepayment(loan({ status: 'repaying' }, [ours]), 'lender');
    expect(!own.ok && own.why).toMatch(/requested by your side/);
    expect(!own.ok && own.byAllocation).toBe(true);
    const pickedOwn = canAcceptRepayment(loan({ status: 'repaying' }, [ours, theirs]), 'lender', 'a2');
    expect(pickedOwn.ok).toBe(false);
  });

  it('offers it with the warning where no repayment request looks awaiting acceptance', () => {
    for (const l of [
      loan({ status: 'active' }),
      loan({ status: 'repaying' }, [alloc({ status: 'accepted' })]),
      loan({ status: 'in-repayment' as Loan['status'] }, [alloc({ allocationType: 'repayment' })]),
    ]) {
      const v = canAcceptRepayment(l, 'lender');
      expect(v.ok).toBe(true);
      expect(warningsOf(v)).toContain(
        'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
      );
    }
  });

  it('warns, and lets the platform decide, where who requested it cannot be read', () => {
    const anon = loan({ status: 'repaying' }, [alloc({})]);
    const v = canAcceptRepayment(anon, 'lender');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v).join(' ')).toMatch(/who requested .* cannot be read/i);
    const noIds = canAcceptRepayment(
      loan({ status: 'repaying', lenderCounterpartyId: undefined, borrowerCounterpartyId: undefined }, [
        alloc({ requestorCounterpartyId: 'cp-lender' }),
      ]),
      'lender',
    );
    expect(noIds.ok).toBe(true);
  });

  it('refuses a caller on neither side', () => {
    expect(canAcceptRepayment(loan({ status: 'repaying' }, [alloc({})]), null).ok).toBe(false);
  });
});

describe('confirm an external disbursement (stated: lender only)', () => {
  const pending = alloc({ allocationType: 'disburse-externally', status: 'awaiting-confirmation' });
  const l = loan({ status: 'disbursing', extra: { externalDisbursal: true } }, [pending]);

  it('is the lender’s; the borrower and a stranger are refused', () => {
    const v = canConfirmExternalDisbursement(l, 'lender');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v)).toEqual([]);
    expect(canConfirmExternalDisbursement(l, 'borrower').ok).toBe(false);
    expect(canConfirmExternalDisbursement(l, null).ok).toBe(false);
  });

  it('warns, without refusing, on a loan not marked external, not disbursing, or no pending disbursal', () => {
    const odd = canConfirmExternalDisbursement(
      { ...l, extra: {}, status: 'active', embedded: { loanAllocations: [alloc({})] } },
      'lender',
    );
    expect(odd.ok).toBe(true);
    const text = warningsOf(odd).join(' ');
    expect(text).toMatch(/not marked as disbursed externally/);
    expect(text).toMatch(/“active”/);
    expect(text).toMatch(/does not look like it has an external disbursement awaiting confirmation/);
  });
});

describe('a loan whose allocations hold nulls (finding 3)', () => {
  const nulls = loan({ status: 'repaying' }, [
    null as unknown as LoanAllocation,
    alloc({ requestorCounterpartyId: 'cp-borrower', extra: null as unknown as LoanAllocation['extra'] }),
    { loanAllocationId: 7 } as unknown as LoanAllocation,
  ]);

  it('skips the unreadable entries, counts them, and never throws', () => {
    expect(loanAllocationsOf(nulls)).toMatchObject({ skipped: 2 });
    expect(loanAllocationsOf(nulls).allocations.map((a) => a.loanAllocationId)).toEqual(['a1']);
    const v = canAcceptRepayment(nulls, 'lender');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v).join(' ')).toMatch(/2 allocation entries .* could not be read/);
    expect(() => loanActionVerdicts(nulls, 'borrower')).not.toThrow();
    const nullList = loan({ embedded: { loanAllocations: null as unknown as LoanAllocation[] } });
    expect(loanAllocationsOf(nullList)).toEqual({ allocations: [], skipped: 0 });
    expect(() =>
      loanActionVerdicts({ ...nullList, embedded: null as unknown as Loan['embedded'] }, 'lender'),
    ).not.toThrow();
  });
});

describe('the repayment ceiling (the specification: a full or partial repayment request)', () => {
  it('is the amount of the request being accepted, read only from a plain decimal string', () => {
    expect(repaymentCeiling(alloc({ amount: '12.5' }))).toEqual({ ceiling: '12.5' });
    const asNumber = repaymentCeiling(alloc({ amount: 12.5 as unknown as string }));
    expect(asNumber.ceiling).toBeNull();
    const asDigits = repaymentCeiling(
      alloc({ amount: jsonNumberText('1234567.123456789012345678') as unknown as string }),
    );
    expect(asDigits.ceiling).toBeNull();
    expect('why' in asDigits && asDigits.why).toMatch(/1234567\.123456789012345678/);
    expect(repaymentCeiling(alloc({ amount: '1e3' })).ceiling).toBeNull();
    expect(repaymentCeiling(null).ceiling).toBeNull();
  });

  it('pre-fills the amount only from a plain decimal string, and says why not otherwise', () => {
    expect(repaymentAmountDefault(alloc({ amount: '1234567.123456789012345678' }))).toEqual({
      amount: '1234567.123456789012345678',
    });
    const digits = repaymentAmountDefault(
      alloc({ amount: jsonNumberText('1234567.123456789012345678') as unknown as string }),
    );
    expect(digits.amount).toBeNull();
    expect('why' in digits && digits.why).toMatch(/JSON number/);
    // What JSON.parse makes of 1234567.123456789012345678 (the old path, before the lossless re-read).
    const parsed: unknown = JSON.parse('1234567.123456789012345678');
    const rounded = repaymentAmountDefault(alloc({ amount: parsed as string }));
    expect(rounded.amount).toBeNull();
    expect('why' in rounded && rounded.why).toMatch(/JSON number/);
    expect(repaymentAmountDefault(null).amount).toBeNull();
  });
});

describe('loanActionVerdicts: per action kind, refused with the stated rule or offered with warnings', () => {
  it('names the four state-changing operations', () => {
    const v = loanActionVerdicts(loan({ status: 'awaiting-approval' }), 'lender');
    expect(Object.keys(v).sort()).toEqual([
      'acceptRepayment',
      'approve',
      'cancelInterestPayment',
      'confirmExternalDisbursement',
    ]);
    expect(v.approve.ok).toBe(true);
  });
});
