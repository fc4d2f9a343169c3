/**
 * `loans.confirmExternalDisbursement` (src/main/actions/kinds/confirm-external-disbursement.ts):
 * the PATCH names the disbursal picked, and the confirmation shows its amount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, type BuildContext } from '../../../../src/main/actions/build-request';
import type { Loan, LoanAllocation } from '../../../../src/shared/platform/resources';
import { US as ORG, allocation as fixtureAllocation, loan } from '../../../support/fixtures/loans';
import { sendJson } from '../../../support/verifying-server';
import { startFixture, type Fixture } from '../../platform/client-fixture';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.server.close());

const allocation = (over: Partial<LoanAllocation>): LoanAllocation =>
  fixtureAllocation({ amount: '12.5', loanAllocationId: 'alloc-1', loanId: 'loan-1', ...over });
/** A loan we lend, as the platform answers the builder's read of it. */
const loanWith = (over: Partial<Loan>, allocations: LoanAllocation[]): Loan =>
  loan(
    {
      loanId: 'loan-1',
      currency: 'BTC',
      lenderCounterpartyId: undefined,
      borrowerCounterpartyId: undefined,
      ...over,
    },
    allocations,
  );

/** The builder's context, the platform answering its read of the loan with `loan`. */
function context(answer: Loan): BuildContext {
  fx.server.setHandler((_req, res) => sendJson(res, 200, answer));
  return { client: fx.client(), organizationId: ORG, nextNonce: () => 1 };
}

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
