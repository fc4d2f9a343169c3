/**
 * `loans.confirmExternalDisbursement` (src/main/actions/kinds/confirm-external-disbursement.ts):
 * the PATCH names the disbursal picked, and the confirmation shows its amount.
 */
import { describe, it } from 'vitest';
import { buildRequest } from '../../../../src/main/actions/build-request';
import {
  expectPatch,
  lentLoan,
  loanAllocation,
  useBuildContext,
} from '../../../support/fixtures/loan-kind-build';

const context = useBuildContext();

describe('confirm an external disbursement', () => {
  const disbursal = loanAllocation({
    allocationType: 'disburse-externally',
    status: 'awaiting-confirmation',
    amount: '100',
    loanAllocationId: 'alloc-d',
  });
  const loan = lentLoan({ status: 'disbursing', extra: { externalDisbursal: true } }, [disbursal]);

  it('builds the PATCH for the disbursal awaiting confirmation, showing its amount', async () => {
    const built = await buildRequest(context(loan), {
      kind: 'loans.confirmExternalDisbursement',
      loanId: 'loan-1',
      loanAllocationId: 'alloc-d',
    });
    expectPatch(built, {
      contentType: 'application/vnd.confirm-external-disbursement+json',
      body: '{"loanAllocationId":"alloc-d"}',
      shows: { label: 'Disbursed amount', value: '100 BTC', amount: { value: '100', currency: 'BTC' } },
      check: { loanId: 'loan-1', loanAllocationId: 'alloc-d' },
    });
  });
});
