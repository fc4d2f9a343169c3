/**
 * `loans.acceptRepayment` (src/main/actions/kinds/accept-repayment.ts): the amount is capped at
 * the request being accepted, a request your own side made is refused at the pick, and a default
 * amount is never read from a JSON number.
 */
import { describe, expect, it } from 'vitest';
import type { LoanAllocation } from '../../../../src/shared/platform/resources';
import { lentLoan, loanAllocation, useBuilder } from '../../../support/fixtures/loan-kind-build';

const build = useBuilder();

describe('accept a repayment', () => {
  const request = loanAllocation({ amount: '12.5', requestorCounterpartyId: 'cp-them' });
  const repaying = (allocations: LoanAllocation[]) =>
    lentLoan(
      { status: 'repaying', amount: '100', lenderCounterpartyId: 'cp-us', borrowerCounterpartyId: 'cp-them' },
      allocations,
    );

  it('caps the amount at the request being accepted, not the loan amount', async () => {
    const over = await build(repaying([request]), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '50',
    });
    expect(!over.ok && over.error).toMatchObject({
      field: 'amount',
      message: 'must be at most the requested 12.5 BTC',
    });
    const partial = await build(repaying([request]), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '12.4',
    });
    expect(partial.ok && partial.value.body).toBe('{"amount":"12.4"}');
  });

  it('refuses a request your own side made, at the picked request', async () => {
    const mine = loanAllocation({ loanAllocationId: 'mine', requestorCounterpartyId: 'cp-us' });
    const built = await build(repaying([request, mine]), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      requestAllocationId: 'mine',
    });
    expect(!built.ok && built.error.field).toBe('requestAllocationId');
    expect(!built.ok && built.error.message).toMatch(/requested by your side/);
  });

  it('never sends a default amount read from a JSON number: the operator types it (finding 10)', async () => {
    const numeric = (json: string) => json.replace('"amount":"12.5"', '"amount":1234567.123456789012345678');
    const absent = await build(
      repaying([request]),
      { kind: 'loans.acceptRepayment', loanId: 'loan-1' },
      numeric,
    );
    expect(!absent.ok && absent.error.field).toBe('amount');
    expect(!absent.ok && absent.error.message).toMatch(/JSON number/);
    const typed = await build(
      repaying([request]),
      { kind: 'loans.acceptRepayment', loanId: 'loan-1', amount: '1234567.123456789012345678' },
      numeric,
    );
    expect(typed.ok && typed.value.body).toBe('{"amount":"1234567.123456789012345678"}');
    expect(typed.ok && typed.value.warnings?.join(' ')).toMatch(/JSON number.*no ceiling was checked/);
  });

  it('builds with the warning where no repayment request looks awaiting acceptance', async () => {
    const built = await build(lentLoan({ status: 'active' }, []), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '5',
    });
    expect(built.ok && built.value.warnings).toContain(
      'This loan does not look like it has a repayment awaiting acceptance; the platform will decide.',
    );
  });
  it('shows the request accepted, calls out a partial acceptance, notes the currency, and checks that request', async () => {
    const built = await build(repaying([request]), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '10',
      collateralPortfolioId: 'p-9',
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.body).toBe('{"amount":"10","collateralPortfolioId":"p-9"}');
    expect(built.value.context.slice(-3)).toEqual([
      { label: 'Requested amount', value: '12.5 BTC', amount: { value: '12.5', currency: 'BTC' } },
      { label: 'Repayment request', value: 'alloc-1' },
      { label: 'Acceptance', value: 'partial: 10 of 12.5 BTC' },
    ]);
    expect(built.value.fields).toEqual([
      { name: 'amount', value: '10', note: 'BTC' },
      { name: 'collateralPortfolioId', value: 'p-9' },
    ]);
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-1' });
    expect(built.value.warnings).toEqual([]);
  });

  it('the whole request: no partial call-out; the amount defaults to the request', async () => {
    const built = await build(repaying([request]), { kind: 'loans.acceptRepayment', loanId: 'loan-1' });
    expect(built.ok && built.value.body).toBe('{"amount":"12.5"}');
    expect(built.ok && built.value.context.map((c) => c.label)).not.toContain('Acceptance');
  });

  it('no request identified: the loan currency, no request lines, nothing for Check now to name', async () => {
    const built = await build(lentLoan({ status: 'active', currency: 'ETH' }, []), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
      amount: '5',
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.context.map((c) => c.label)).toEqual(['Loan amount', 'Status now', 'Your side']);
    expect(built.value.fields).toEqual([{ name: 'amount', value: '5', note: 'ETH' }]);
    expect(built.value.check).toEqual({ loanId: 'loan-1' });
    expect(built.value.warnings?.at(-1)).toBe(
      'No repayment request was identified on the loan, so no ceiling was checked on the amount; the platform will decide.',
    );
  });

  it('no amount and no request to take it from: refused at the amount, saying what to do', async () => {
    const built = await build(lentLoan({ status: 'active' }, []), {
      kind: 'loans.acceptRepayment',
      loanId: 'loan-1',
    });
    expect(built).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: 'type the amount to accept. No repayment request was identified: type the amount.',
        field: 'amount',
      },
    });
  });

  it('a refusal by the loan names no field, even with a request picked', async () => {
    const built = await build(
      lentLoan(
        { status: 'repaying', lenderOrganizationId: 'org-else', borrowerOrganizationId: 'org-other' },
        [request],
      ),
      {
        kind: 'loans.acceptRepayment',
        loanId: 'loan-1',
        requestAllocationId: 'alloc-1',
        amount: '1',
      },
    );
    expect(built.ok).toBe(false);
    expect(!built.ok && built.error.field).toBeUndefined();
  });
});
