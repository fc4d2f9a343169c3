/**
 * `loans.cancelInterestPayment`, declared in src/shared/action-kinds/cancel-interest-payment.ts and
 * built by the allocation family (src/main/actions/kinds/loan-kind.ts): the loan is read first, the operator's pick among all the loan's allocations is built as named, the shared
 * rule refuses only what the specification states and warns about the rest, and the confirmation
 * shows the amount. Nothing here sends the PATCH itself.
 */
import { describe, expect, it } from 'vitest';
import type { Loan, LoanAllocation } from '../../../../src/shared/platform/resources';
import { expectPatch, lentLoan, loanAllocation, useBuilder } from '../../../support/fixtures/loan-kind-build';

const build = useBuilder();

describe('cancel an interest payment', () => {
  const loan = lentLoan({ status: 'repaying-interest' }, [loanAllocation({})]);

  it('builds the PATCH for the allocation awaiting acceptance, showing its amount', async () => {
    const target = { loanId: 'loan-1', loanAllocationId: 'alloc-1' };
    const built = await build(loan, { kind: 'loans.cancelInterestPayment', ...target, portfolioId: 'p-1' });
    expectPatch(built, {
      contentType: 'application/vnd.cancel-interest-payment+json',
      body: '{"loanAllocationId":"alloc-1","portfolioId":"p-1"}',
      // The amount also comes apart, for the confirmation to format as the tables do.
      shows: { label: 'Interest amount', value: '12.5 BTC', amount: { value: '12.5', currency: 'BTC' } },
      // Check now reads the allocation the action named.
      check: target,
    });
  });

  it('sends the effective date and the portfolio when given, in the declared order, and nothing else', async () => {
    const built = await build(loan, {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
      portfolioId: 'p-1',
      effectiveDate: '1767225600000',
    });
    expect(built.ok && built.value.body).toBe(
      '{"loanAllocationId":"alloc-1","effectiveDate":"1767225600000","portfolioId":"p-1"}',
    );
    expect(built.ok && built.value.fields.map((f) => f.name)).toEqual([
      'loanAllocationId',
      'effectiveDate',
      'portfolioId',
    ]);
  });

  // Issue 25: these two were refusals ("not the one awaiting this action", "no interest payment in
  // progress"); the specification states neither, so the operator's pick is built and warned about.
  it('builds the allocation the operator picked, with a warning when it is not the expected one', async () => {
    const other = loanAllocation({
      loanAllocationId: 'alloc-9',
      allocationType: 'interest',
      status: 'pending',
    });
    const built = await build(lentLoan({ status: 'repaying-interest' }, [loanAllocation({}), other]), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-9',
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.body).toBe('{"loanAllocationId":"alloc-9"}');
    expect(built.value.warnings?.join(' ')).toMatch(/Allocation alloc-9 is “interest” “pending”/);
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-9' });
  });

  it('warns, and lets the platform decide, when no interest payment looks in progress', async () => {
    const built = await build(lentLoan({ status: 'active' }, [loanAllocation({})]), {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
    });
    expect(built.ok && built.value.warnings).toEqual([
      "The loan's status is “active”, where the console expects “repaying-interest”; the platform will decide.",
    ]);
  });

  it('skips null allocation entries and a null extra instead of failing with internal (finding 3)', async () => {
    const withNulls = lentLoan({ status: 'repaying-interest', extra: null as unknown as Loan['extra'] }, [
      null as unknown as LoanAllocation,
      loanAllocation({ extra: null as unknown as LoanAllocation['extra'] }),
    ]);
    const built = await build(withNulls, {
      kind: 'loans.cancelInterestPayment',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-1',
    });
    expect(built.ok).toBe(true);
    expect(built.ok && built.value.warnings?.join(' ')).toMatch(/1 allocation entry .* could not be read/);
  });
});
