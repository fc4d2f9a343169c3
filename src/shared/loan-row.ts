/**
 * A loan as the loans tab lists it: every field of the loan itself, and of its embedded data only
 * the counterparties' ids, names and types (the side column and the search use them). The rest
 * (collaterals, modifications, allocations, interest, `extra`) is what the detail pane shows, and it
 * re-reads the loan for that. Ten thousand loans as walked weigh ~22 MB of JSON, most of it those
 * embedded parts; as rows, a small fraction of it, in the main side's answer and in the page's heap.
 */
import type { Counterparty, Loan } from './platform/resources';

export type LoanRowCounterparty = Pick<
  Counterparty,
  'counterpartyId' | 'counterpartyName' | 'counterpartyType'
>;

export type LoanRow = Omit<Loan, 'embedded' | 'extra'> & {
  embedded?: { counterparties?: LoanRowCounterparty[] };
};

export function loanRowOf(loan: Loan): LoanRow {
  const { embedded, extra: _extra, ...own } = loan;
  const counterparties = embedded?.counterparties;
  if (!Array.isArray(counterparties)) return own;
  return {
    ...own,
    embedded: {
      // The platform may send what the sandbox never does: a null or a bare value in the list is
      // no counterparty to show or search, and is left out; values are kept as they came.
      counterparties: (counterparties as unknown[])
        .filter((c): c is LoanRowCounterparty => c !== null && typeof c === 'object')
        .map((c) => ({
          counterpartyId: c.counterpartyId,
          counterpartyName: c.counterpartyName,
          counterpartyType: c.counterpartyType,
        })),
    },
  };
}
