import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { VOCABULARIES } from '../../../src/sandbox/data/vocabulary';
import { HttpError } from '../../../src/sandbox/errors';
import * as machine from '../../../src/sandbox/state/loans';
import { buildSandboxData } from '../../../src/sandbox/data/seed';
import { actor, seededLoan } from '../../support/fixtures/sandbox-loans';

const fresh = seededLoan;
const code = (f: () => unknown): number | 'ok' => {
  try {
    f();
    return 'ok';
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
};

describe('loan state machine', () => {
  it('approve', () => {
    const l = fresh('sandbox-approve-lend-1');
    expect(machine.approve(l, actor).activity).toBe('loan-approved');
    expect(l.status).toBe('awaiting-collateral');
    expect(l.extra?.approvedBy).toBe('user-1');
    expect(l.updatedAt).toBe(actor.now);
    expect(code(() => machine.approve(l, actor))).toBe(409);
    expect(code(() => machine.approve(fresh('sandbox-approve-borrow-1'), actor))).toBe(403);
    const u = fresh('sandbox-approve-lend-2');
    machine.approve(u, actor);
    expect(u.status).toBe('disbursing');
  });

  it('accept repayment: partial keeps decimals exact', () => {
    const l = fresh('sandbox-repay-lend-3');
    const before = l.amount;
    machine.acceptRepayment(l, actor, { amount: '0.1' });
    expect(l.status).toBe('active');
    expect(new Decimal(before).minus('0.1').eq(l.amount)).toBe(true);
    expect(code(() => machine.acceptRepayment(l, actor, {}))).toBe(409);
    expect(code(() => machine.acceptRepayment(fresh('sandbox-repay-own-1'), actor, {}))).toBe(403);
  });

  it('accept repayment: at most the amount of the request being accepted, not the outstanding amount', () => {
    // sandbox-repay-lend-2 asks to repay half the loan: more than the request is refused, though
    // it is less than what the loan owes (specification: "Accept a full or partial repayment request").
    const l = fresh('sandbox-repay-lend-2');
    const request = l.embedded?.loanAllocations?.find((a) => a.status === 'awaiting-acceptance');
    if (request === undefined) throw new Error('no request');
    expect(new Decimal(request.amount).lt(l.amount)).toBe(true);
    const over = new Decimal(request.amount).plus('0.00000001').toFixed();
    let message = '';
    try {
      machine.acceptRepayment(l, actor, { amount: over });
    } catch (err) {
      message = err instanceof HttpError ? `${err.status} ${err.message}` : String(err);
    }
    expect(message).toBe(
      `400 amount: must not exceed the repayment request's amount ${request.amount} ${request.currency} (a full or partial repayment of that request)`,
    );
    expect(request.status).toBe('awaiting-acceptance');
    const loanAmount = l.amount;
    machine.acceptRepayment(l, actor, { amount: request.amount });
    expect(request.status).toBe('accepted');
    expect(new Decimal(loanAmount).minus(request.amount).eq(l.amount)).toBe(true);
  });

  it('accept repayment under the other spellings: the request is found by the data’s vocabulary', () => {
    const spelled = buildSandboxData(3, 'small', 'spellings');
    const l = spelled.loans.find((x) => x.externalId === 'sandbox-repay-lend-1');
    if (l === undefined) throw new Error('no loan');
    expect(l.status).toBe('active');
    const words = VOCABULARIES.spellings;
    expect(code(() => machine.acceptRepayment(structuredClone(l), actor, {}))).toBe(409);
    machine.acceptRepayment(l, { ...actor, vocabulary: words }, {});
    expect(l.status).toBe('repaid');
    expect(l.embedded?.loanAllocations?.find((a) => a.allocationType === 'repayment')?.status).toBe(
      words.status.accepted,
    );
    const i = spelled.loans.find((x) => x.externalId === 'sandbox-interest-lend-1');
    const id = i?.embedded?.loanAllocations?.find((a) => a.allocationType === 'interest')?.loanAllocationId;
    if (i === undefined || id === undefined) throw new Error('no interest request');
    expect(code(() => machine.acceptRepayment(i, { ...actor, vocabulary: words }, {}))).toBe(409);
    machine.cancelInterestPayment(i, { ...actor, vocabulary: words }, { loanAllocationId: id });
    expect(i.embedded?.loanAllocations?.find((a) => a.loanAllocationId === id)?.status).toBe('canceled');
  });

  it('cancel interest payment and confirm external disbursement', () => {
    const l = fresh('sandbox-interest-borrow-2');
    const id =
      l.embedded?.loanAllocations?.find((a) => a.status === 'awaiting-acceptance')?.loanAllocationId ?? '';
    expect(code(() => machine.cancelInterestPayment(l, actor, { loanAllocationId: 'nope' }))).toBe(404);
    machine.cancelInterestPayment(l, actor, { loanAllocationId: id });
    expect(l.status).toBe('active');
    const d = fresh('sandbox-disburse-lend-2');
    const did =
      d.embedded?.loanAllocations?.find((a) => a.status === 'awaiting-confirmation')?.loanAllocationId ?? '';
    machine.confirmExternalDisbursement(d, actor, { loanAllocationId: did });
    expect(d.status).toBe('active');
    expect(d.extra?.disbursedAt).toBe(actor.now);
    expect(code(() => machine.confirmExternalDisbursement(d, actor, { loanAllocationId: did }))).toBe(409);
  });
});
