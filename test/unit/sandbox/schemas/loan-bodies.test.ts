/**
 * The loan operations' bodies as the sandbox reads the specification (src/sandbox/schemas/loan-bodies.ts):
 * the fields each media type lists, required only where the operation needs them, nothing else.
 */
import { describe, expect, it } from 'vitest';
import { describeBody, LOAN_OPERATION_BODIES } from '../../../../src/sandbox/schemas/loan-bodies';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../../src/shared/platform/media-types';

const ok = (name: keyof typeof LOAN_OPERATION_BODIES, body: unknown) =>
  LOAN_OPERATION_BODIES[name].safeParse(body).success;
const problem = (name: keyof typeof LOAN_OPERATION_BODIES, body: unknown) => {
  const r = LOAN_OPERATION_BODIES[name].safeParse(body);
  return r.success ? 'ok' : `${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message}`;
};

describe('loan operation bodies', () => {
  it('has one body per media type of the specification', () => {
    expect(Object.keys(LOAN_OPERATION_BODIES).sort()).toEqual(Object.keys(LOAN_OPERATION_MEDIA_TYPES).sort());
  });

  it('approve takes no body', () => {
    expect(ok('approve', {})).toBe(true);
    expect(ok('approve', { loanId: 'x' })).toBe(false);
    expect(describeBody('approve', 'Approve loan')).toBe('Approve loan takes no body (empty or {})');
  });

  it('accept-loan-repayment: amount, collateralPortfolioId, effectiveDate, each optional', () => {
    expect(ok('acceptRepayment', {})).toBe(true);
    expect(
      ok('acceptRepayment', { amount: '10.5', collateralPortfolioId: 'p', effectiveDate: '1750000000000' }),
    ).toBe(true);
    expect(problem('acceptRepayment', { amount: 10.5 })).toMatch(/^amount: /);
    expect(problem('acceptRepayment', { amount: '1e3' })).toBe(
      'amount: must be written out, without an exponent',
    );
    expect(problem('acceptRepayment', { loanAllocationId: 'a' })).toMatch(/loanAllocationId/);
    expect(describeBody('acceptRepayment', 'Accept')).toBe(
      'Accept takes {amount, collateralPortfolioId, effectiveDate}',
    );
  });

  it('cancel-interest-payment and confirm-external-disbursement need the allocation they act on', () => {
    expect(problem('cancelInterestPayment', {})).toBe('loanAllocationId: must be a string id');
    expect(ok('cancelInterestPayment', { loanAllocationId: 'a', effectiveDate: '1', portfolioId: 'p' })).toBe(
      true,
    );
    expect(problem('cancelInterestPayment', { loanAllocationId: 'a', effectiveDate: 'tomorrow' })).toMatch(
      /^effectiveDate: must be epoch milliseconds/,
    );
    expect(problem('confirmExternalDisbursement', { collateralPortfolioId: 'p' })).toBe(
      'loanAllocationId: must be a string id',
    );
    expect(ok('confirmExternalDisbursement', { loanAllocationId: 'a', collateralPortfolioId: 'p' })).toBe(
      true,
    );
  });

  it('estimate-loan-ltv: collaterals need amount and currency; mainCurrency and amountInUsd are optional', () => {
    expect(
      ok('estimateLtv', {
        amount: '1',
        collaterals: [{ amount: '1', currency: 'BTC' }],
        includeInterest: true,
      }),
    ).toBe(true);
    expect(
      ok('estimateLtv', {
        collaterals: [{ amount: '1', currency: 'BTC', mainCurrency: 'BTC', amountInUsd: '65000' }],
      }),
    ).toBe(true);
    expect(problem('estimateLtv', { collaterals: [{ currency: 'BTC' }] })).toBe(
      'collaterals.0.amount: must be a decimal string such as "1250.5"',
    );
    expect(problem('estimateLtv', { collaterals: [{ amount: '1', currency: 'BTC', price: '1' }] })).toMatch(
      /price/,
    );
    expect(problem('estimateLtv', { includeInterest: 'yes' })).toBe('includeInterest: must be true or false');
    const many = Array.from({ length: 51 }, () => ({ amount: '1', currency: 'BTC' }));
    expect(problem('estimateLtv', { collaterals: many })).toBe(
      'collaterals: must have at most 50 collaterals',
    );
  });
});
