import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../../src/shared/platform/resources';
import {
  LOAN_DEFAULTS,
  searchLoans,
  toWalkParams,
} from '../../../../src/renderer/src/features/loans/filters';

function loan(i: number, extra: Partial<Loan> = {}): Loan {
  return {
    loanId: `loan-${i}`,
    externalId: i % 3 === 0 ? `EXT-${i}` : undefined,
    borrowerCounterpartyId: `cp-b-${i % 7}`,
    lenderCounterpartyId: `cp-l-${i % 5}`,
    embedded: {
      counterparties: [
        { counterpartyId: `cp-b-${i % 7}`, counterpartyName: `Borrower Σ ${i % 7}`, counterpartyType: 'x' },
      ],
    },
    ...extra,
  } as unknown as Loan;
}

const LOANS = Array.from({ length: 500 }, (_, i) => loan(i));

describe('the loans tab search over the loaded loans', () => {
  it('finds exactly the loans with a field containing the text, in their order', () => {
    const ids = (s: string) => searchLoans(LOANS, s).map((l) => l.loanId);
    const loans = (...n: number[]) => n.map((i) => `loan-${i}`);
    const every = (from: number, step: number) =>
      Array.from({ length: Math.floor((499 - from) / step) + 1 }, (_, k) => `loan-${from + step * k}`);
    expect(ids('loan-49')).toEqual(loans(49, 490, 491, 492, 493, 494, 495, 496, 497, 498, 499));
    expect(ids(' LOAN-42 ')).toEqual(loans(42, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429));
    expect(ids('ext-33')).toEqual(loans(33, 330, 333, 336, 339));
    expect(ids('cp-b-6')).toEqual(every(6, 7)); // the borrower's id, also its embedded counterparty
    expect(ids('cp-l-3')).toEqual(every(3, 5)); // the lender's id, not embedded
    expect(ids('BORROWER Σ 2')).toEqual(every(2, 7));
    expect(ids('nope')).toEqual([]);
  });

  it('finds a loan by its whole id, by external id and by counterparty name, ignoring case', () => {
    expect(searchLoans(LOANS, 'loan-437').map((l) => l.loanId)).toEqual(['loan-437']);
    expect(searchLoans(LOANS, 'ext-438').map((l) => l.loanId)).toEqual(['loan-438']);
    expect(searchLoans(LOANS, 'borrower σ 6').length).toBe(LOANS.filter((_, i) => i % 7 === 6).length);
  });

  it('does not match across two fields', () => {
    const [only] = [loan(1, { loanId: 'abc', externalId: 'def' })];
    expect(searchLoans([only as Loan], 'cdef')).toEqual([]);
    expect(searchLoans([only as Loan], 'c\u0000d')).toEqual([]);
  });

  it('returns the same array without a search, so the table keeps its sort keys', () => {
    expect(searchLoans(LOANS, undefined)).toBe(LOANS);
    expect(searchLoans(LOANS, '   ')).toBe(LOANS);
  });

  it('sends the platform only the filters it has, none of them empty', () => {
    expect(toWalkParams(LOAN_DEFAULTS)).toEqual({});
    expect(
      toWalkParams({
        ...LOAN_DEFAULTS,
        side: 'lend',
        statuses: ['active'],
        openOnly: true,
        portfolioId: 'p1',
        search: 'x',
      }),
    ).toEqual({ loanSide: 'lend', statuses: ['active'], isOpen: true, portfolioId: 'p1' });
  });
});
