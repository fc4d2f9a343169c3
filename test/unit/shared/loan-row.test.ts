/** Loan rows (shared/loan-row.ts) from whatever the platform sends. */
import { describe, expect, it } from 'vitest';
import { loanRowOf } from '../../../src/shared/loan-row';
import type { Loan } from '../../../src/shared/platform/resources';

const base = { loanId: 'l1', amount: '1.5', currency: 'BTC', status: 'active' } as unknown as Loan;

describe('loanRowOf', () => {
  it('keeps the loan’s own fields and its counterparties’ id, name and type only', () => {
    const loan = {
      ...base,
      extra: { marginCallThreshold: '0.8' },
      embedded: {
        collaterals: [{ currency: 'ETH' }],
        counterparties: [
          { counterpartyId: 'c1', counterpartyName: 'Acme', counterpartyType: 'lender', tags: ['x'] },
        ],
      },
    } as unknown as Loan;
    expect(loanRowOf(loan)).toEqual({
      ...base,
      embedded: {
        counterparties: [{ counterpartyId: 'c1', counterpartyName: 'Acme', counterpartyType: 'lender' }],
      },
    });
  });

  it('survives what the sandbox never sends: null, numbers, a non-list', () => {
    const odd = (embedded: unknown) => loanRowOf({ ...base, embedded } as unknown as Loan);
    expect(odd(null)).toEqual(base);
    expect(odd({ counterparties: null })).toEqual(base);
    expect(odd({ counterparties: 'none' })).toEqual(base);
    expect(odd({ counterparties: [null, 7, { counterpartyId: 42, counterpartyName: null }] })).toEqual({
      ...base,
      embedded: {
        counterparties: [{ counterpartyId: 42, counterpartyName: null, counterpartyType: undefined }],
      },
    });
  });
});
