/**
 * The loan rules (src/shared/loan-actions.ts), shared by the main side's builders and the renderer's
 * action bar. Prepare refuses only on what the specification states (who may, approve's state, a
 * repayment request the caller's own side initiated, a field the request cannot be built without);
 * what the console only expects (status names, allocation types and statuses from platform-facts)
 * is a warning the confirmation shows. Each reason is checked word for word where the operator
 * reads it beside a disabled button; the allocation pre-selected is checked too.
 */
import { describe, expect, it } from 'vitest';
import { jsonNumberText } from '../../../src/shared/json-number';
import {
  LOAN_ACTION_KINDS,
  availableLoanActions,
  loanActionVerdicts,
} from '../../../src/shared/action-kinds';
import {
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanAllocationsOf,
  loanSide,
  repaymentAmountDefault,
  repaymentCeiling,
} from '../../../src/shared/loan-actions';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';
import { THEM, US, allocation, loan } from '../../support/fixtures/loans';

const ORG = US;
const NO_SIDE = 'Your organization is neither the lender nor the borrower of this loan.';
const alloc = allocation;
const allocNamed = (id: string, over: Partial<LoanAllocation>) =>
  allocation({ loanAllocationId: id, ...over });
const warningsOf = (v: { ok: boolean; warnings?: string[] }) => (v.ok ? (v.warnings ?? []) : []);
const why = (a: { ok: boolean; why?: string }) => (a.ok ? 'ok' : a.why);
const warned = (a: { ok: boolean; warnings?: string[] }) => (a.ok ? (a.warnings ?? []).join(' ') : 'refused');
const verdicts = (l: Loan, organizationId: string) =>
  Object.fromEntries(
    Object.entries(availableLoanActions(l, organizationId)).map(([kind, a]) => [kind, a.ok ? 'ok' : a.why]),
  );
const repay = allocation({ requestorCounterpartyId: 'cp-borrower' });

describe('which side the caller is on', () => {
  it('is the lender or borrower by organization id, or neither (the other side is obfuscated)', () => {
    expect(loanSide(loan(), ORG)).toBe('lend');
    expect(loanSide(loan({ lenderOrganizationId: 'x', borrowerOrganizationId: ORG }), ORG)).toBe('borrow');
    expect(loanSide(loan({ lenderOrganizationId: 'x' }), ORG)).toBeNull();
  });
});

describe('approve (stated: lender only, from awaiting-approval)', () => {
  it('is for the lender of a loan awaiting approval only, and says why not', () => {
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'lend').ok).toBe(true);
    expect(canApprove(loan({ status: 'awaiting-approval' }), 'borrow')).toMatchObject({
      ok: false,
      why: 'Only the lender approves a loan.',
    });
    const late = canApprove(loan({ status: 'active' }), 'lend');
    expect(!late.ok && late.why).toMatch(/this one is active/);
    expect(canApprove(loan({ status: 'awaiting-approval' }), null).ok).toBe(false);
  });
});

describe('cancel an interest payment (stated: lender or borrower)', () => {
  it('pre-selects the repay allocation awaiting acceptance, with no warning, for either side', () => {
    const l = loan({ status: 'repaying-interest' }, [alloc({ loanAllocationId: 'i1' })]);
    for (const side of ['lend', 'borrow'] as const) {
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
    const v = canCancelInterestPayment(l, 'lend');
    expect(v.ok).toBe(true);
    expect(v.ok && v.allocation).toBeNull(); // nothing the console recognises: the operator picks
    expect(warningsOf(v).join(' ')).toMatch(
      /does not look like it has an interest payment awaiting acceptance; the platform will decide/,
    );
    expect(warningsOf(v).join(' ')).toMatch(/paying-interest/);
    const picked = canCancelInterestPayment(l, 'lend', 'i1');
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('i1');
    expect(warningsOf(picked).join(' ')).toMatch(/i1.*interest.*pending-acceptance/);
  });

  it('refuses only when the loan lists no allocation to name (the body needs loanAllocationId)', () => {
    const v = canCancelInterestPayment(loan({ status: 'repaying-interest' }), 'lend');
    expect(!v.ok && v.why).toMatch(/no allocations/);
  });
});

describe('accept a repayment (stated: only a request the counterparty initiated)', () => {
  it('pre-selects the counterparty’s request, and refuses one the caller’s own side initiated', () => {
    const theirs = alloc({ requestorCounterpartyId: 'cp-borrower' });
    const ours = alloc({ loanAllocationId: 'a2', requestorCounterpartyId: 'cp-lender' });
    const v = canAcceptRepayment(loan({ status: 'repaying' }, [ours, theirs]), 'lend');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v)).toEqual([]);
    const own = canAcceptRepayment(loan({ status: 'repaying' }, [ours]), 'lend');
    expect(!own.ok && own.why).toMatch(/requested by your side/);
    expect(!own.ok && own.byAllocation).toBe(true);
    const pickedOwn = canAcceptRepayment(loan({ status: 'repaying' }, [ours, theirs]), 'lend', 'a2');
    expect(pickedOwn.ok).toBe(false);
  });

  it('offers it with the warning where no repayment request looks awaiting acceptance', () => {
    for (const l of [
      loan({ status: 'active' }),
      loan({ status: 'repaying' }, [alloc({ status: 'accepted' })]),
      loan({ status: 'in-repayment' as Loan['status'] }, [alloc({ allocationType: 'repayment' })]),
    ]) {
      const v = canAcceptRepayment(l, 'lend');
      expect(v.ok).toBe(true);
      expect(warningsOf(v)).toContain(
        'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
      );
    }
  });

  it('warns, and lets the platform decide, where who requested it cannot be read', () => {
    const anon = loan({ status: 'repaying' }, [alloc({})]);
    const v = canAcceptRepayment(anon, 'lend');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v).join(' ')).toMatch(/who requested .* cannot be read/i);
    const noIds = canAcceptRepayment(
      loan({ status: 'repaying', lenderCounterpartyId: undefined, borrowerCounterpartyId: undefined }, [
        alloc({ requestorCounterpartyId: 'cp-lender' }),
      ]),
      'lend',
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
    const v = canConfirmExternalDisbursement(l, 'lend');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v)).toEqual([]);
    expect(canConfirmExternalDisbursement(l, 'borrow').ok).toBe(false);
    expect(canConfirmExternalDisbursement(l, null).ok).toBe(false);
  });

  it('warns, without refusing, on a loan not marked external, not disbursing, or no pending disbursal', () => {
    const odd = canConfirmExternalDisbursement(
      { ...l, extra: {}, status: 'active', embedded: { loanAllocations: [alloc({})] } },
      'lend',
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
    const v = canAcceptRepayment(nulls, 'lend');
    expect(v.ok && v.allocation?.loanAllocationId).toBe('a1');
    expect(warningsOf(v).join(' ')).toMatch(/2 allocation entries .* could not be read/);
    expect(() => loanActionVerdicts(nulls, 'borrow')).not.toThrow();
    const nullList = loan({ embedded: { loanAllocations: null as unknown as LoanAllocation[] } });
    expect(loanAllocationsOf(nullList)).toEqual({ allocations: [], skipped: 0 });
    expect(() =>
      loanActionVerdicts({ ...nullList, embedded: null as unknown as Loan['embedded'] }, 'lend'),
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
  it('names every loan action kind, the four of the specification among them', () => {
    const v = loanActionVerdicts(loan({ status: 'awaiting-approval' }), 'lend');
    expect(Object.keys(v)).toEqual(LOAN_ACTION_KINDS);
    expect(Object.keys(v)).toEqual(
      expect.arrayContaining([
        'loans.acceptRepayment',
        'loans.approve',
        'loans.cancelInterestPayment',
        'loans.confirmExternalDisbursement',
      ]),
    );
    expect(v['loans.approve'].ok).toBe(true);
  });
});

describe('loanSide', () => {
  it('needs the organization to be named on the loan, not merely absent from it', () => {
    expect(loanSide(loan(), US)).toBe('lend');
    expect(loanSide(loan({ lenderOrganizationId: 'x', borrowerOrganizationId: US }), US)).toBe('borrow');
    expect(loanSide(loan({ lenderOrganizationId: 'x' }), US)).toBeNull();
    expect(
      loanSide(loan({ lenderOrganizationId: undefined, borrowerOrganizationId: undefined }), US),
    ).toBeNull();
  });
});

describe('availability reasons', () => {
  it('approve', () => {
    expect(why(canApprove(loan({ status: 'awaiting-approval' }), null))).toBe(NO_SIDE);
    expect(why(canApprove(loan({ status: 'awaiting-approval' }), 'borrow'))).toBe(
      'Only the lender approves a loan.',
    );
  });
  it('cancel an interest payment', () => {
    const repaying = (allocations?: LoanAllocation[]) => loan({ status: 'repaying-interest' }, allocations);
    expect(why(canCancelInterestPayment(repaying([allocNamed('a', {})]), null))).toBe(NO_SIDE);
    expect(warned(canCancelInterestPayment(loan({ status: 'active' }, [allocNamed('a', {})]), 'lend'))).toBe(
      "The loan's status is “active”, where the console expects “repaying-interest”; the platform will decide.",
    );
    expect(why(canCancelInterestPayment(repaying(), 'lend'))).toBe(
      'The loan lists no allocations, and this operation names one (loanAllocationId); reload the loan with its allocations.',
    );
    expect(
      warned(canCancelInterestPayment(repaying([allocNamed('x', { allocationType: 'disburse' })]), 'lend')),
    ).toMatch(/^This loan does not look like it has an interest payment awaiting acceptance/);
    const picked = canCancelInterestPayment(
      repaying([
        allocNamed('other-type', { allocationType: 'disburse-externally' }),
        allocNamed('done', { status: 'accepted' as LoanAllocation['status'] }),
        allocNamed('this', {}),
      ]),
      'borrow',
    );
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('this');
  });
  it('accept a repayment: only one the counterparty asked for', () => {
    const repaying = (allocations?: LoanAllocation[], over: Partial<Loan> = {}) =>
      loan({ status: 'repaying', ...over }, allocations);
    const fromBorrower = allocNamed('from-borrower', { requestorCounterpartyId: 'cp-borrower' });
    const fromLender = allocNamed('from-lender', { requestorCounterpartyId: 'cp-lender' });
    expect(why(canAcceptRepayment(repaying([fromBorrower]), null))).toBe(NO_SIDE);
    const none =
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.';
    expect(warned(canAcceptRepayment(loan({ status: 'active' }), 'lend'))).toBe(
      `${none} The loan's status is “active”, where the console expects “repaying”; the platform will decide.`,
    );
    expect(warned(canAcceptRepayment(repaying(), 'lend'))).toBe(none);
    expect(
      warned(
        canAcceptRepayment(repaying([allocNamed('x', { allocationType: 'disburse-externally' })]), 'lend'),
      ),
    ).toBe(none);
    const mine =
      'The repayment request was requested by your side; only the counterparty can accept it (only requests initiated by the counterparty can be accepted).';
    expect(why(canAcceptRepayment(repaying([fromLender]), 'lend'))).toBe(mine);
    expect(why(canAcceptRepayment(repaying([fromBorrower]), 'borrow'))).toBe(mine);
    const byLender = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'lend');
    expect(byLender.ok && byLender.allocation?.loanAllocationId).toBe('from-borrower');
    const byBorrower = canAcceptRepayment(repaying([fromBorrower, fromLender]), 'borrow');
    expect(byBorrower.ok && byBorrower.allocation?.loanAllocationId).toBe('from-lender');
    // Who requested it cannot be read (no requestor, the counterparty ids unknown): the platform decides.
    const unknownThem = repaying([allocNamed('anon', {})], { borrowerCounterpartyId: undefined });
    expect(warned(canAcceptRepayment(unknownThem, 'lend'))).toMatch(
      /Who requested repayment anon cannot be read/,
    );
    const skip = repaying([
      allocNamed('wrong-type', {
        allocationType: 'disburse-externally',
        requestorCounterpartyId: 'cp-borrower',
      }),
      allocNamed('wrong-status', {
        status: 'accepted' as LoanAllocation['status'],
        requestorCounterpartyId: 'cp-borrower',
      }),
      fromBorrower,
    ]);
    const picked = canAcceptRepayment(skip, 'lend');
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('from-borrower');
  });
  it('confirm an external disbursement', () => {
    const disbursing = (allocations?: LoanAllocation[], over: Partial<Loan> = {}) =>
      loan({ status: 'disbursing', extra: { externalDisbursal: true }, ...over }, allocations);
    const pending = allocNamed('ext', {
      allocationType: 'disburse-externally',
      status: 'awaiting-confirmation' as LoanAllocation['status'],
    });
    expect(why(canConfirmExternalDisbursement(disbursing([pending]), null))).toBe(NO_SIDE);
    expect(why(canConfirmExternalDisbursement(disbursing([pending]), 'borrow'))).toBe(
      'Only the lender confirms an external disbursement.',
    );
    expect(warned(canConfirmExternalDisbursement(disbursing([pending], { extra: undefined }), 'lend'))).toBe(
      'This loan is not marked as disbursed externally (extra.externalDisbursal); the platform will decide.',
    );
    expect(warned(canConfirmExternalDisbursement(disbursing([pending], { status: 'active' }), 'lend'))).toBe(
      "The loan's status is “active”, where the console expects “disbursing”; the platform will decide.",
    );
    expect(why(canConfirmExternalDisbursement(disbursing(), 'lend'))).toMatch(/lists no allocations/);
    expect(warned(canConfirmExternalDisbursement(disbursing([allocNamed('r', {})]), 'lend'))).toMatch(
      /^This loan does not look like it has an external disbursement awaiting confirmation/,
    );
    const picked = canConfirmExternalDisbursement(
      disbursing([
        allocNamed('repay', { status: 'awaiting-confirmation' as LoanAllocation['status'] }),
        allocNamed('ext-done', {
          allocationType: 'disburse-externally',
          status: 'accepted' as LoanAllocation['status'],
        }),
        pending,
      ]),
      'lend',
    );
    expect(picked.ok && picked.allocation?.loanAllocationId).toBe('ext');
  });
});

describe('availableLoanActions', () => {
  it('offers the lender approval of a loan awaiting it; the rest only where the stated rules allow', () => {
    // Issue 25: a loan status the console does not expect is no longer a refusal (the platform
    // decides); what is refused is what the specification states, or a request that cannot be built.
    const v = verdicts(loan({ status: 'awaiting-approval' }), US);
    expect(v['loans.approve']).toBe('ok');
    expect(v['loans.cancelInterestPayment']).toMatch(/lists no allocations/);
    expect(v['loans.acceptRepayment']).toBe('ok');
    expect(v['loans.confirmExternalDisbursement']).toMatch(/lists no allocations/);
    const offered = availableLoanActions(loan({ status: 'awaiting-approval' }), US)['loans.acceptRepayment'];
    expect(offered.ok && offered.warnings).toContain(
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
    );
  });

  it('offers the lender the acceptance of the borrower’s repayment request', () => {
    const can = availableLoanActions(
      loan({ status: 'repaying', embedded: { loanAllocations: [repay] } }),
      US,
    );
    expect(can['loans.acceptRepayment']).toEqual({ ok: true, warnings: [], allocation: repay });
    expect(can['loans.approve'].ok).toBe(false);
  });

  it('works out the side from the organization: the borrower may not approve, a stranger nothing', () => {
    const awaiting = loan({ status: 'awaiting-approval' });
    expect(verdicts(awaiting, THEM)['loans.approve']).toBe('Only the lender approves a loan.');
    const stranger = verdicts(awaiting, 'org-other');
    for (const why of Object.values(stranger))
      expect(why).toBe('Your organization is neither the lender nor the borrower of this loan.');
    expect(Object.keys(stranger).sort()).toEqual([...LOAN_ACTION_KINDS].sort());
  });
});
