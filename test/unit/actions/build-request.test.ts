/**
 * The loan actions that act on one allocation (buildRequest in src/main/actions/build-request.ts):
 * the loan is read first, the operator's pick among all the loan's allocations is built as named,
 * the shared rules refuse only what the specification states and warn about the rest, and the
 * confirmation shows the amount. Nothing here sends the PATCH itself.
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
