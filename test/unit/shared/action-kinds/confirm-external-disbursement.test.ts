/**
 * `loans.confirmExternalDisbursement`, declared in
 * src/shared/action-kinds/confirm-external-disbursement.ts and built by the allocation family
 * (src/main/actions/kinds/loan-kind.ts): the PATCH names the disbursal picked, and the confirmation shows its amount.
 */
import { describe, expect, it } from 'vitest';
import { expectPatch, lentLoan, loanAllocation, useBuilder } from '../../../support/fixtures/loan-kind-build';

const build = useBuilder();

describe('confirm an external disbursement', () => {
  /** The disbursal awaiting confirmation, which the action names. */
  const target = { loanId: 'loan-1', loanAllocationId: 'alloc-d' };
  const disbursal = loanAllocation({
    ...target,
    allocationType: 'disburse-externally',
    status: 'awaiting-confirmation',
    amount: '100',
  });
  const loan = lentLoan({ status: 'disbursing', extra: { externalDisbursal: true } }, [disbursal]);

  it('builds the PATCH for the disbursal awaiting confirmation, showing its amount', async () => {
    const built = await build(loan, { kind: 'loans.confirmExternalDisbursement', ...target });
    expectPatch(built, {
      contentType: 'application/vnd.confirm-external-disbursement+json',
      body: '{"loanAllocationId":"alloc-d"}',
      shows: { label: 'Disbursed amount', value: '100 BTC', amount: { value: '100', currency: 'BTC' } },
      check: target,
    });
  });
  it('sends the collateral portfolio when one is given, and only then', async () => {
    const built = await build(loan, {
      kind: 'loans.confirmExternalDisbursement',
      ...target,
      collateralPortfolioId: 'p-2',
    });
    expect(built.ok && built.value.body).toBe('{"loanAllocationId":"alloc-d","collateralPortfolioId":"p-2"}');
  });
});
