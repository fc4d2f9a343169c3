/**
 * Which of the sandbox's built loans carry an approval and a disbursal (src/sandbox/data/loan-builder.ts):
 * a loan that never got that far must not show the marks of it, and every other one must.
 */
import { describe, expect, it } from 'vitest';
import { buildLoan, type LoanSpec } from '../../../src/sandbox/data/loan-builder';
import type { Organization } from '../../../src/sandbox/data/types';
import { createRng } from '../../../src/sandbox/prng';
import { LOAN_STATUSES, type LoanStatus } from '../../../src/shared/platform/enums';

const org = (id: string, role: Organization['role']): Organization => ({
  organizationId: id,
  name: id,
  counterparty: { counterpartyId: `cp-${id}` } as Organization['counterparty'],
  userIds: [`user-${id}`],
  role,
});
const spec = (status: LoanStatus): LoanSpec => ({
  lender: org('lender', 'caller'),
  borrower: org('borrower', 'counterparty'),
  lenderPortfolioId: 'p-lender',
  borrowerPortfolioId: 'p-borrower',
  loanType: 'bilateral-uncollateralised-loan',
  status,
  amount: '100',
  currency: 'USDC',
  targetLtv: '0.5',
  createdAt: 1_700_000_000_000,
});

const BEFORE_APPROVAL = ['awaiting-approval', 'awaiting-acceptance', 'rejected', 'cancelled'];
const NO_FUNDS_OUT = [...BEFORE_APPROVAL, 'awaiting-collateral', 'disbursing', 'errored'];

describe('buildLoan', () => {
  it.each(LOAN_STATUSES)('a %s loan is approved and disbursed exactly when it got that far', (status) => {
    const loan = buildLoan(createRng(1), spec(status));
    const disbursals = (loan.embedded?.loanAllocations ?? []).filter((a) => a.allocationType === 'disburse');
    expect(loan.extra?.approvedAt !== undefined).toBe(!BEFORE_APPROVAL.includes(status));
    expect(loan.extra?.disbursedAt !== undefined).toBe(!NO_FUNDS_OUT.includes(status));
    expect(disbursals.map((a) => a.status)).toEqual(NO_FUNDS_OUT.includes(status) ? [] : ['completed']);
  });
});
