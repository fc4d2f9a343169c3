/**
 * The loan actions that act on one allocation (buildRequest in src/main/actions/build-request.ts):
 * the loan is read first, the shared rules pick the allocation, the input must name that one, and
 * the confirmation shows its amount. Nothing here sends the PATCH itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, type BuildContext } from '../../../src/main/actions/build-request';
import type { Loan, LoanAllocation } from '../../../src/shared/platform/resources';
import { sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from '../platform/client-fixture';

const ORG = 'org-us';
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.server.close());

const allocation = (over: Partial<LoanAllocation>): LoanAllocation => ({
  allocationType: 'repay',
  amount: '12.5',
  createdAt: '1',
  currency: 'BTC',
  loanAllocationId: 'alloc-1',
  loanId: 'loan-1',
  mainCurrency: 'BTC',
  status: 'awaiting-acceptance',
  updatedAt: '2',
  ...over,
});
const loanWith = (over: Partial<Loan>, allocations: LoanAllocation[]): Loan => ({
  loanId: 'loan-1',
  amount: '100',
  currency: 'BTC',
  mainCurrency: 'BTC',
  loanType: 'bilateral-uncollateralised-loan',
  status: 'active',
  createdBy: 'u',
  createdAt: '1',
  updatedAt: '2',
  lenderOrganizationId: ORG,
  borrowerOrganizationId: 'org-them',
  embedded: { loanAllocations: allocations },
  ...over,
});

function context(loan: Loan): BuildContext {
  fx.server.setHandler((_req, res) => sendJson(res, 200, loan));
  return { client: fx.client(), organizationId: ORG, nextNonce: () => 1 };
}

describe('cancel an interest payment', () => {
  const loan = loanWith({ status: 'repaying-interest' }, [allocation({})]);

  it('builds the PATCH for the allocation awaiting acceptance, showing its amount', async () => {
    const built = await buildRequest(context(loan), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
      portfolioId: 'p-1',
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.contentType).toBe('application/vnd.cancel-interest-payment+json');
    expect(built.value.body).toBe('{"loanAllocationId":"alloc-1","portfolioId":"p-1"}');
    expect(built.value.context).toContainEqual({ label: 'Interest amount', value: '12.5 BTC' });
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-1' });
  });

  it('refuses another allocation id, naming the field and the right one', async () => {
    const built = await buildRequest(context(loan), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-9',
    });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.error.field).toBe('loanAllocationId');
    expect(built.error.message).toContain('(alloc-1)');
  });

  it('refuses with the rule’s reason when there is no interest payment in progress', async () => {
    const built = await buildRequest(context(loanWith({ status: 'active' }, [allocation({})])), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
    });
    expect(!built.ok && built.error.message).toBe(
      'No interest payment in progress: the loan is active, not repaying-interest.',
    );
  });
});

describe('confirm an external disbursement', () => {
  const disbursal = allocation({
    allocationType: 'disburse-externally',
    status: 'awaiting-confirmation',
    amount: '100',
    loanAllocationId: 'alloc-d',
  });
  const loan = loanWith({ status: 'disbursing', extra: { externalDisbursal: true } }, [disbursal]);

  it('builds the PATCH for the disbursal awaiting confirmation, showing its amount', async () => {
    const built = await buildRequest(context(loan), {
      kind: 'loans.confirmExternalDisbursement',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-d',
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.contentType).toBe('application/vnd.confirm-external-disbursement+json');
    expect(built.value.body).toBe('{"loanAllocationId":"alloc-d"}');
    expect(built.value.context).toContainEqual({ label: 'Disbursed amount', value: '100 BTC' });
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-d' });
  });
});
