/**
 * Check now settles an unknown outcome only on evidence: the action's own record on the object
 * (`approvedAt`, `acceptedAt`, `confirmedAt`, `cancelledAt`…) or a status that only that action
 * leads to. A status that shows the action cannot have happened settles "not done"; anything else
 * stays unknown, and the text says what was seen.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkNow, checkPlan, judgeLoan, type CheckTarget } from '../../../src/main/actions/check-now';
import type { PlatformClient } from '../../../src/main/platform/client';
import { fail, ok, type Result } from '../../../src/shared/result';
import type { ActionKind, Settlement } from '../../../src/shared/actions';
import type { Loan } from '../../../src/shared/platform/resources';

const APPROVED_AT = '1767225600000'; // 2026-01-01 00:00:00.000 UTC

/** A loan as the platform may send it: any field may be null or missing. */
function loan(fields: Record<string, unknown>): Loan {
  return { loanId: 'L1', loanType: 'bilateral-uncollateralised-loan', ...fields } as unknown as Loan;
}

function withAllocation(loanStatus: string, allocation: Record<string, unknown> | null): Loan {
  return loan({
    status: loanStatus,
    embedded: { loanAllocations: allocation === null ? [] : [{ loanAllocationId: 'A1', ...allocation }] },
  });
}

const approve: CheckTarget = { kind: 'loans.approve', loanId: 'L1' };
const onAllocation = (kind: ActionKind): CheckTarget => ({ kind, loanId: 'L1', loanAllocationId: 'A1' });

interface Case {
  name: string;
  target: CheckTarget;
  loan: Loan;
  settled: Settlement | null;
  /** Words the text must hold: what was seen. */
  says: string[];
}

/** The cases on one target, which each row then leaves out. */
const on = (target: CheckTarget, rows: Omit<Case, 'target'>[]): Case[] =>
  rows.map((row) => ({ ...row, target }));

const approveCases = on(approve, [
  {
    name: 'approve: approved loan with approvedAt',
    loan: loan({ status: 'awaiting-collateral', extra: { approvedAt: APPROVED_AT, approvedBy: 'u1' } }),
    settled: 'done',
    says: ['“awaiting-collateral”', 'approvedAt 2026-01-01 00:00:00.000 UTC', 'approvedBy u1', 'took effect'],
  },
  {
    name: 'approve: approvedBy alone is a record too',
    loan: loan({ status: 'awaiting-acceptance', extra: { approvedBy: 'u1' } }),
    settled: 'done',
    says: ['approvedBy u1', 'approvedAt absent'],
  },
  {
    name: 'approve: loan active without a record (a status only an approved loan reaches)',
    loan: loan({ status: 'active', extra: {} }),
    settled: 'done',
    says: ['“active”', 'approvedAt absent', 'reached only after'],
  },
  {
    name: 'approve: approved, then cancelled: the approve took effect',
    loan: loan({ status: 'cancelled', extra: { approvedAt: APPROVED_AT, cancelledAt: APPROVED_AT } }),
    settled: 'done',
    says: ['“cancelled”', 'approvedAt 2026', 'cancelledAt 2026'],
  },
  {
    name: 'approve: loan cancelled, never approved',
    loan: loan({ status: 'cancelled', extra: { cancelledAt: APPROVED_AT, cancelledBy: 'borrower' } }),
    settled: 'not-done',
    says: ['“cancelled”', 'approvedAt absent', 'cancelledBy borrower', 'did not take effect'],
  },
  {
    name: 'approve: loan rejected',
    loan: loan({ status: 'rejected', extra: { rejectedBy: 'u2', approvedAt: null } }),
    settled: 'not-done',
    says: ['“rejected”', 'approvedAt absent', 'rejectedBy u2', 'did not take effect'],
  },
  {
    name: 'approve: still awaiting approval',
    loan: loan({ status: 'awaiting-approval', extra: {} }),
    settled: 'not-done',
    says: ['“awaiting-approval”', 'approvedAt absent', 'did not take effect'],
  },
  {
    name: 'approve: still awaiting approval yet approvedAt set: they disagree',
    loan: loan({ status: 'awaiting-approval', extra: { approvedAt: APPROVED_AT } }),
    settled: null,
    says: ['“awaiting-approval”', 'disagree'],
  },
  {
    name: 'approve: a status the console does not know',
    loan: loan({ status: 'pending-review', extra: {} }),
    settled: null,
    says: ['“pending-review”', 'approvedAt absent', 'Check it on the platform'],
  },
  {
    name: 'approve: a status not placed relative to approval (awaiting-acceptance)',
    loan: loan({ status: 'awaiting-acceptance', extra: {} }),
    settled: null,
    says: ['“awaiting-acceptance”', 'approvedAt absent'],
  },
  {
    name: 'approve: errored, no record',
    loan: loan({ status: 'errored' }),
    settled: null,
    says: ['“errored”', 'approvedAt absent'],
  },
  {
    name: 'approve: extra null, status closed',
    loan: loan({ status: 'closed', extra: null }),
    settled: null,
    says: ['“closed”', 'approvedAt absent', 'approvedBy absent'],
  },
  {
    name: 'approve: extra null, status cancelled',
    loan: loan({ status: 'cancelled', extra: null }),
    settled: 'not-done',
    says: ['“cancelled”', 'approvedAt absent'],
  },
  {
    name: 'approve: blank and zero records are no records',
    loan: loan({ status: 'cancelled', extra: { approvedAt: '0', approvedBy: '  ' } }),
    settled: 'not-done',
    says: ['approvedAt absent', 'approvedBy absent'],
  },
  {
    name: 'approve: status null',
    loan: loan({ status: null, extra: {} }),
    settled: null,
    says: ['no status', 'approvedAt absent'],
  },
]);

const cancel = onAllocation('loans.cancelInterestPayment');
const accept = onAllocation('loans.acceptRepayment');
const confirm = onAllocation('loans.confirmExternalDisbursement');

const allocationCases: Case[] = [
  ...on(cancel, [
    {
      name: 'cancel interest payment: allocation cancelled with cancelledAt',
      loan: withAllocation('active', { status: 'cancelled', extra: { cancelledAt: APPROVED_AT } }),
      settled: 'done',
      says: ['Allocation A1', '“cancelled”', 'cancelledAt 2026', 'took effect'],
    },
    {
      name: 'cancel interest payment: cancelled status, extra null',
      loan: withAllocation('active', { status: 'cancelled', extra: null }),
      settled: 'done',
      says: ['“cancelled”', 'cancelledAt absent', 'reached only after'],
    },
    {
      name: 'cancel interest payment: still awaiting acceptance',
      loan: withAllocation('repaying-interest', { status: 'awaiting-acceptance' }),
      settled: 'not-done',
      says: ['“awaiting-acceptance”', 'cancelledAt absent', 'did not take effect'],
    },
    {
      name: 'cancel interest payment: accepted instead',
      loan: withAllocation('active', { status: 'accepted', extra: { acceptedBy: 'lender' } }),
      settled: 'not-done',
      says: ['“accepted”', 'acceptedBy lender', 'did not take effect'],
    },
    {
      name: 'cancel interest payment: completed (not placed by the spec)',
      loan: withAllocation('active', { status: 'completed' }),
      settled: null,
      says: ['“completed”', 'cancelledAt absent'],
    },
  ]),
  ...on(accept, [
    {
      name: 'accept repayment: accepted with acceptedAt',
      loan: withAllocation('active', { status: 'accepted', extra: { acceptedAt: APPROVED_AT } }),
      settled: 'done',
      says: ['“accepted”', 'acceptedAt 2026', 'took effect'],
    },
    {
      name: 'accept repayment: moved on with acceptedAt',
      loan: withAllocation('repaid', { status: 'completed', extra: { acceptedAt: APPROVED_AT } }),
      settled: 'done',
      says: ['“completed”', 'acceptedAt 2026'],
    },
    {
      name: 'accept repayment: request cancelled',
      loan: withAllocation('active', { status: 'cancelled', extra: { cancelledBy: 'borrower' } }),
      settled: 'not-done',
      says: ['“cancelled”', 'acceptedAt absent', 'cancelledBy borrower', 'did not take effect'],
    },
    {
      name: 'accept repayment: still awaiting acceptance',
      loan: withAllocation('repaying', { status: 'awaiting-acceptance', extra: {} }),
      settled: 'not-done',
      says: ['“awaiting-acceptance”', 'did not take effect'],
    },
    {
      name: 'accept repayment: new (old code called this done)',
      loan: withAllocation('repaying', { status: 'new', extra: {} }),
      settled: null,
      says: ['“new”', 'acceptedAt absent', 'Check it on the platform'],
    },
    {
      name: 'accept repayment: failed, no record',
      loan: withAllocation('repaying', { status: 'failed' }),
      settled: null,
      says: ['“failed”'],
    },
  ]),
  ...on(confirm, [
    {
      name: 'confirm external disbursement: confirmed with confirmedBy',
      loan: withAllocation('active', {
        status: 'confirmed',
        extra: { confirmedBy: 'lender', confirmedAt: APPROVED_AT },
      }),
      settled: 'done',
      says: ['“confirmed”', 'confirmedBy lender', 'took effect'],
    },
    {
      name: 'confirm external disbursement: still awaiting confirmation',
      loan: withAllocation('disbursing', { status: 'awaiting-confirmation', extra: null }),
      settled: 'not-done',
      says: ['“awaiting-confirmation”', 'confirmedAt absent', 'did not take effect'],
    },
    {
      name: 'confirm external disbursement: allocation cancelled',
      loan: withAllocation('cancelled', { status: 'cancelled' }),
      settled: 'not-done',
      says: ['“cancelled”', 'confirmedAt absent'],
    },
    {
      name: 'confirm external disbursement: failed (old code called this done)',
      loan: withAllocation('errored', { status: 'failed', externalFailureDescription: 'x' }),
      settled: null,
      says: ['“failed”', 'confirmedAt absent'],
    },
    {
      name: 'confirm external disbursement: awaiting confirmation yet confirmedAt set',
      loan: withAllocation('disbursing', {
        status: 'awaiting-confirmation',
        extra: { confirmedAt: APPROVED_AT },
      }),
      settled: null,
      says: ['disagree'],
    },
  ]),
  // missing pieces
  {
    name: 'allocation not on the loan',
    target: accept,
    loan: withAllocation('active', null),
    settled: null,
    says: ['A1', 'not on the loan', '“active”'],
  },
  {
    name: 'embedded null',
    target: cancel,
    loan: loan({ status: 'active', embedded: null }),
    settled: null,
    says: ['not on the loan'],
  },
  {
    name: 'loanAllocations null',
    target: confirm,
    loan: loan({ status: 'active', embedded: { loanAllocations: null } }),
    settled: null,
    says: ['not on the loan'],
  },
  {
    name: 'a null item among the allocations',
    target: confirm,
    loan: loan({
      status: 'active',
      embedded: { loanAllocations: [null, { loanAllocationId: 'A1', status: 'confirmed' }] },
    }),
    settled: 'done',
    says: ['“confirmed”'],
  },
  {
    name: 'allocation status null',
    target: cancel,
    loan: withAllocation('active', { status: null, extra: null }),
    settled: null,
    says: ['no status', 'cancelledAt absent'],
  },
  {
    name: 'no allocation id recorded with the action',
    target: { kind: 'loans.acceptRepayment', loanId: 'L1' },
    loan: withAllocation('active', { status: 'accepted' }),
    settled: null,
    says: ['No allocation'],
  },
];

describe('Check now judges by evidence', () => {
  it.each([...approveCases, ...allocationCases].map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const judged = judgeLoan(c.target, c.loan);
    expect(judged.settled).toBe(c.settled);
    for (const words of c.says) expect(judged.found).toContain(words);
  });

  it('a loan whose every field is missing does not throw and stays unknown', () => {
    const bare = {} as Loan;
    expect(judgeLoan(approve, bare).settled).toBeNull();
    expect(judgeLoan(cancel, bare).settled).toBeNull();
  });
});

describe('the plan, and a kind the console no longer sends', () => {
  const retired = { kind: 'loans.retired' } as unknown as CheckTarget;
  const RETIRED =
    'The console no longer sends this kind of action: check it on the platform, then record here what you found.';

  it('a retired kind is not available and says to check it on the platform', () => {
    expect(checkPlan(retired)).toEqual({ available: false, what: RETIRED });
    expect(checkPlan(approve)).toEqual({ available: true, what: 'Reads loan L1 and its allocations.' });
  });

  it('judging a loan for a kind without a loan judgement tells nothing', () => {
    const nothing = { settled: null, found: 'Nothing to check for this kind of action.' };
    expect(judgeLoan(retired, loan({ status: 'active' }))).toEqual(nothing);
    expect(judgeLoan({ kind: 'exchange.submit', nonce: '1' }, loan({ status: 'active' }))).toEqual(nothing);
  });
});

describe('checkNow reads the loan once, and only where the plan can', () => {
  function client(answer: Result<unknown>) {
    const request = vi.fn(async () => answer);
    return { request, client: { request } as unknown as PlatformClient };
  }

  it('reads the loan of the organization and judges it, returning the loan', async () => {
    const read = loan({ status: 'active', extra: {} });
    const { request, client: c } = client(ok(read));
    const result = await checkNow(c, 'org-1', approve);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: '/organizations/org-1/loans/L1' }),
    );
    expect(result).toEqual(ok({ ...judgeLoan(approve, read), loan: read }));
    expect(result.ok && result.value.settled).toBe('done');
  });

  it('passes a failed read on as it came', async () => {
    const failed = fail('timeout', 'no answer');
    const { client: c } = client(failed);
    expect(await checkNow(c, 'org-1', approve)).toEqual(failed);
  });

  it.each<[string, CheckTarget, string]>([
    [
      'an exchange action (no read of orders)',
      { kind: 'exchange.submit', nonce: '42' },
      'The platform offers no read of the exchange’s orders. Look at the agent wallet’s open orders and fills on the exchange for nonce 42, then record here what you found.',
    ],
    [
      'a loan action recorded without its loan',
      { kind: 'loans.approve' },
      'Reads loan  and its allocations.',
    ],
  ])('sends nothing for %s, and says what to look at', async (_name, target, what) => {
    const { request, client: c } = client(ok({}));
    expect(await checkNow(c, 'org-1', target)).toEqual(ok({ settled: null, found: what }));
    expect(request).not.toHaveBeenCalled();
  });
});
