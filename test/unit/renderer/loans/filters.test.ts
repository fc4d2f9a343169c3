import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../../src/shared/platform/resources';
import { loanMatches } from '../../../../src/shared/risk';
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

/** Deterministic pseudo-random strings (a seeded LCG): pieces of the loans' fields and noise. */
function searches(): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const out = [
    'loan-1',
    'LOAN-49',
    'ext-3',
    'cp-b-6',
    'borrower σ 2',
    'BORROWER Σ',
    'nope',
    '-4',
    ' loan-42 ',
  ];
  for (let k = 0; k < 200; k++) {
    const l = LOANS[next() % LOANS.length] as Loan;
    const fields = [l.loanId, l.externalId ?? 'zz', l.lenderCounterpartyId ?? 'zz', 'Borrower Σ 3'];
    const field = fields[next() % fields.length] as string;
    const from = next() % field.length;
    out.push(field.slice(from, from + 1 + (next() % 6)));
  }
  return out;
}

describe('the loans tab search over the loaded loans', () => {
  it('finds exactly the loans the main side rule (loanMatches) finds, in their order', () => {
    for (const s of searches()) {
      expect(searchLoans(LOANS, s), s).toEqual(LOANS.filter((l) => loanMatches(l, s)));
    }
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
