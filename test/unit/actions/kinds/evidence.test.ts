/**
 * Judging by evidence (src/main/actions/kinds/evidence.ts) with a made-up kind, so that every branch
 * and its exact words are pinned here; the real kinds' evidence is in ../check-now.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  allocationEvidence,
  fieldOf,
  judgeAllocation,
  judgeLoanItself,
  type Evidence,
} from '../../../../src/main/actions/kinds/evidence';
import type { CheckTarget } from '../../../../src/main/actions/kinds/kind-spec';
import type { Loan } from '../../../../src/shared/platform/resources';

const E: Evidence = {
  action: 'the frob',
  records: ['frobbedAt', 'frobbedBy'],
  done: ['frobbed'],
  waiting: ['awaiting-frob'],
  instead: ['unfrobbed'],
  also: ['cancelledBy'],
};

const loan = (fields: Record<string, unknown>) => fields as unknown as Loan;
const AT = '1767225600000'; // 2026-01-01 00:00:00.000 UTC

describe('fieldOf', () => {
  it('reads a field of an object, and nothing of null or a non-object', () => {
    expect(fieldOf({ a: 1 }, 'a')).toBe(1);
    expect(fieldOf({ a: 1 }, 'b')).toBeUndefined();
    expect(fieldOf(null, 'a')).toBeUndefined();
    expect(fieldOf('text', 'length')).toBeUndefined();
    expect(fieldOf(undefined, 'a')).toBeUndefined();
  });
});

describe('judgeLoanItself', () => {
  it.each<[string, Record<string, unknown>, 'done' | 'not-done' | null, string]>([
    [
      'its own record wins over a later status',
      { status: 'unfrobbed', extra: { frobbedAt: AT, cancelledBy: 'bob' } },
      'done',
      'The loan is “unfrobbed” (frobbedAt 2026-01-01 00:00:00.000 UTC, frobbedBy absent, cancelledBy bob): the frob took effect.',
    ],
    [
      'a time past the last a Date can hold is shown as sent, not thrown on',
      { status: 'unfrobbed', extra: { frobbedAt: '9000000000000000' } },
      'done',
      'The loan is “unfrobbed” (frobbedAt 9000000000000000, frobbedBy absent): the frob took effect.',
    ],
    [
      'a record with a waiting status: they disagree',
      { status: 'awaiting-frob', extra: { frobbedBy: 'u1' } },
      null,
      'The loan is “awaiting-frob” (frobbedAt absent, frobbedBy u1): the status and the record disagree, so the console cannot tell whether the frob took effect. Check it on the platform.',
    ],
    [
      'a status reached only after it',
      { status: 'frobbed', extra: {} },
      'done',
      'The loan is “frobbed” (frobbedAt absent, frobbedBy absent), a status reached only after the frob: it took effect.',
    ],
    [
      'still waiting',
      { status: 'awaiting-frob', extra: null },
      'not-done',
      'The loan is “awaiting-frob” (frobbedAt absent, frobbedBy absent): still waiting for it, so the frob did not take effect.',
    ],
    [
      'something else instead',
      { status: 'unfrobbed' },
      'not-done',
      'The loan is “unfrobbed” (frobbedAt absent, frobbedBy absent): the frob did not take effect.',
    ],
    [
      'a status that says nothing',
      { status: 'active', extra: { cancelledBy: ' ' } },
      null,
      'The loan is “active” (frobbedAt absent, frobbedBy absent): this does not show whether the frob took effect. Check it on the platform.',
    ],
    [
      'no status',
      { status: 7 },
      null,
      'The loan is no status (frobbedAt absent, frobbedBy absent): this does not show whether the frob took effect. Check it on the platform.',
    ],
  ])('%s', (_name, fields, settled, found) => {
    expect(judgeLoanItself(loan(fields), E)).toEqual({ settled, found });
  });

  it.each<[string, unknown, string | null]>([
    ['a time of zeros is no record', '000', null],
    ['a time with leading zeros is one', '0123', 'frobbedAt 1970-01-01 00:00:00.123 UTC'],
    ['a number time is a record', 1767225600000, 'frobbedAt 2026-01-01 00:00:00.000 UTC'],
    ['a time of 16 digits is read as epoch ms', '1000000000000000', 'frobbedAt 33658-09-27 01:46:40.000 UTC'],
    ['a time of 17 digits is kept as sent', '10000000000000000', 'frobbedAt 10000000000000000'],
    ['a time that is not digits is kept as sent', 'yesterday', 'frobbedAt yesterday'],
    ['a blank time is no record', '   ', null],
    ['a boolean is no record', true, null],
    ['an object is no record', { at: AT }, null],
  ])('%s', (_name, value, seen) => {
    const judged = judgeLoanItself(loan({ status: 'active', extra: { frobbedAt: value } }), E);
    if (seen === null) {
      expect(judged.settled).toBeNull();
      expect(judged.found).toContain('frobbedAt absent');
    } else {
      expect(judged.settled).toBe('done');
      expect(judged.found).toContain(`(${seen}, frobbedBy absent)`);
    }
  });

  it('cuts a long record to 80 characters and a long status to 60, trimming the record', () => {
    const judged = judgeLoanItself(
      loan({
        status: 's'.repeat(70),
        extra: { frobbedBy: ` ${'b'.repeat(90)} `, frobbedAt: `x${'y'.repeat(90)}` },
      }),
      E,
    );
    expect(judged.found).toBe(
      `The loan is “${'s'.repeat(60)}” (frobbedAt x${'y'.repeat(79)}, frobbedBy ${'b'.repeat(80)}): the frob took effect.`,
    );
  });

  it('names a record whose key does not end in "At" as it is, even when it is zeros', () => {
    expect(judgeLoanItself(loan({ status: 'active', extra: { frobbedBy: '000' } }), E)).toEqual({
      settled: 'done',
      found: 'The loan is “active” (frobbedAt absent, frobbedBy 000): the frob took effect.',
    });
  });
});

describe('judgeAllocation', () => {
  const target: CheckTarget = { kind: 'loans.acceptRepayment', loanId: 'L1', loanAllocationId: 'A1' };
  const withAllocations = (list: unknown, status: unknown = 'active') =>
    loan({ status, embedded: { loanAllocations: list } });

  it('judges the allocation named with the action, by its own status and records', () => {
    const judged = judgeAllocation(
      target,
      withAllocations([
        { loanAllocationId: 'A0', status: 'frobbed' },
        { loanAllocationId: 'A1', status: 'awaiting-frob' },
      ]),
      E,
    );
    expect(judged).toEqual({
      settled: 'not-done',
      found:
        'Allocation A1 is “awaiting-frob” (frobbedAt absent, frobbedBy absent): still waiting for it, so the frob did not take effect.',
    });
  });

  it.each<[string, CheckTarget, Loan, string]>([
    [
      'no allocation recorded',
      { kind: 'loans.acceptRepayment', loanId: 'L1' },
      withAllocations([]),
      'No allocation was recorded with this action (the loan is “active”); check the loan on the platform.',
    ],
    [
      'the allocation not on the loan',
      target,
      withAllocations([{ loanAllocationId: 'A2' }]),
      'Allocation A1 is not on the loan (the loan is “active”); check the loan on the platform.',
    ],
    [
      'no list of allocations, and no loan status',
      target,
      withAllocations({ A1: {} }, null),
      'Allocation A1 is not on the loan (the loan is no status); check the loan on the platform.',
    ],
    [
      'a long loan status',
      target,
      withAllocations([], 'z'.repeat(70)),
      `Allocation A1 is not on the loan (the loan is “${'z'.repeat(60)}”); check the loan on the platform.`,
    ],
  ])('is unknown with %s', (_name, t, l, found) => {
    expect(judgeAllocation(t, l, E)).toEqual({ settled: null, found });
  });
});

describe('allocationEvidence', () => {
  const cancel = allocationEvidence('the cancel', {
    done: 'cancelled',
    waiting: 'awaiting-acceptance',
    instead: 'accepted',
  });

  it("names the action's own move and records, and the other move's records", () => {
    expect(cancel).toEqual({
      action: 'the cancel',
      records: ['cancelledAt', 'cancelledBy'],
      done: ['cancelled'],
      waiting: ['awaiting-acceptance'],
      instead: ['accepted'],
      also: ['acceptedAt', 'acceptedBy'],
    });
  });

  it('judges an allocation that moved the other way as not done, naming who moved it', () => {
    const t: CheckTarget = { kind: 'loans.cancelInterestPayment', loanId: 'L1', loanAllocationId: 'A1' };
    const l = loan({
      embedded: {
        loanAllocations: [{ loanAllocationId: 'A1', status: 'accepted', extra: { acceptedBy: 'bob' } }],
      },
    });
    expect(judgeAllocation(t, l, cancel)).toEqual({
      settled: 'not-done',
      found:
        'Allocation A1 is “accepted” (cancelledAt absent, cancelledBy absent, acceptedBy bob): the cancel did not take effect.',
    });
  });
});
