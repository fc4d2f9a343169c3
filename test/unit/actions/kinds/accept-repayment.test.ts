/**
 * `loans.acceptRepayment` (src/main/actions/kinds/accept-repayment.ts): the amount is capped at
 * the request being accepted, a request your own side made is refused at the pick, and a default
 * amount is never read from a JSON number.
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

describe('accept a repayment', () => {
  const request = allocation({ amount: '12.5', requestorCounterpartyId: 'cp-them' });
  const repaying = (allocations: LoanAllocation[]) =>
    loanWith(
      { status: 'repaying', amount: '100', lenderCounterpartyId: 'cp-us', borrowerCounterpartyId: 'cp-them' },
      allocations,
    );

  it('caps the amount at the request being accepted, not the loan amount', async () => {
    const over = await buildRequest(context(repaying([request])), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '50',
    });
    expect(!over.ok && over.error).toMatchObject({
      field: 'amount',
      message: 'must be at most the requested 12.5 BTC',
    });
    const partial = await buildRequest(context(repaying([request])), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '12.4',
    });
    expect(partial.ok && partial.value.body).toBe('{"amount":"12.4"}');
  });

  it('refuses a request your own side made, at the picked request', async () => {
    const mine = allocation({ loanAllocationId: 'mine', requestorCounterpartyId: 'cp-us' });
    const built = await buildRequest(context(repaying([request, mine])), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      requestAllocationId: 'mine',
    });
    expect(!built.ok && built.error.field).toBe('requestAllocationId');
    expect(!built.ok && built.error.message).toMatch(/requested by your side/);
  });

  it('never sends a default amount read from a JSON number: the operator types it (finding 10)', async () => {
    const loan = repaying([request]);
    fx.server.setHandler((_req, res) => {
      const text = JSON.stringify(loan).replace('"amount":"12.5"', '"amount":1234567.123456789012345678');
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
    const ctx = { client: fx.client(), organizationId: ORG, nextNonce: () => 1 };
    const absent = await buildRequest(ctx, { kind: 'loans.acceptRepayment', loanId: 'loan-1' });
    expect(!absent.ok && absent.error.field).toBe('amount');
    expect(!absent.ok && absent.error.message).toMatch(/JSON number/);
    const typed = await buildRequest(ctx, {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '1234567.123456789012345678',
    });
    expect(typed.ok && typed.value.body).toBe('{"amount":"1234567.123456789012345678"}');
    expect(typed.ok && typed.value.warnings?.join(' ')).toMatch(/JSON number.*no ceiling was checked/);
  });

  it('builds with the warning where no repayment request looks awaiting acceptance', async () => {
    const built = await buildRequest(context(loanWith({ status: 'active' }, [])), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '5',
    });
    expect(built.ok && built.value.warnings).toContain(
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
    );
  });
});
