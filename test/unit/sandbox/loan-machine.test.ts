import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { buildSandboxData } from '../../../src/sandbox/data/seed';
import { HttpError } from '../../../src/sandbox/errors';
import * as machine from '../../../src/sandbox/state/loans';
import type { Loan } from '../../../src/shared/platform/resources';

const data = buildSandboxData(3, 'small');
const caller = data.organizations[0];
const actor: machine.Actor = {
  organizationId: caller?.organizationId ?? '',
  userId: 'user-1',
  counterpartyId: caller?.counterparty.counterpartyId ?? '',
  now: '1760000000000',
};
const fresh = (name: string): Loan => {
  const l = buildSandboxData(3, 'small').loans.find((x) => x.externalId === name);
  if (l === undefined) throw new Error(name);
  return l;
};
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
    const big = fresh('sandbox-repay-lend-2');
    expect(
      code(() =>
        machine.acceptRepayment(big, actor, { amount: new Decimal(big.amount).plus('0.00000001').toFixed() }),
      ),
    ).toBe(400);
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
