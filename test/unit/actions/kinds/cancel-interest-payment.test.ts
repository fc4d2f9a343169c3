/**
 * `loans.cancelInterestPayment` (src/main/actions/kinds/cancel-interest-payment.ts): the loan is
 * read first, the operator's pick among all the loan's allocations is built as named, the shared
 * rule refuses only what the specification states and warns about the rest, and the confirmation
 * shows the amount. Nothing here sends the PATCH itself.
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

  // Issue 25: these two were refusals ("not the one awaiting this action", "no interest payment in
  // progress"); the specification states neither, so the operator's pick is built and warned about.
  it('builds the allocation the operator picked, with a warning when it is not the expected one', async () => {
    const other = allocation({ loanAllocationId: 'alloc-9', allocationType: 'interest', status: 'pending' });
    const built = await buildRequest(
      context(loanWith({ status: 'repaying-interest' }, [allocation({}), other])),
      {
        kind: 'loans.cancelInterestPayment',
        loanId: 'loan-1',
        loanAllocationId: 'alloc-9',
      },
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.body).toBe('{"loanAllocationId":"alloc-9"}');
    expect(built.value.warnings?.join(' ')).toMatch(/Allocation alloc-9 is “interest” “pending”/);
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-9' });
  });

  it('warns, and lets the platform decide, when no interest payment looks in progress', async () => {
    const built = await buildRequest(context(loanWith({ status: 'active' }, [allocation({})])), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
    });
    expect(built.ok && built.value.warnings).toEqual([
      "The loan's status is “active”, where the console expects “repaying-interest”; the platform will decide.",
    ]);
  });

  it('skips null allocation entries and a null extra instead of failing with internal (finding 3)', async () => {
    const withNulls = loanWith({ status: 'repaying-interest', extra: null as unknown as Loan['extra'] }, [
      null as unknown as LoanAllocation,
      allocation({ extra: null as unknown as LoanAllocation['extra'] }),
    ]);
    const built = await buildRequest(context(withNulls), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
    });
    expect(built.ok).toBe(true);
    expect(built.ok && built.value.warnings?.join(' ')).toMatch(/1 allocation entry .* could not be read/);
  });
});
