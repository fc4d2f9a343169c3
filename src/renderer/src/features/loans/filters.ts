/**
 * The loans tab's filters. The platform filters by side, type, status, open and portfolio: those
 * go to `loans.listAll`, which walks every page. It has no text search, so the search box filters
 * the walked loans here, with the same rule as the main side's `loanMatches` (shared/risk.ts).
 */
import { z } from 'zod';
import { LOAN_STATUSES, LOAN_TYPES } from '@shared/platform/enums';
import type { Loan } from '@shared/platform/resources';
import type { CallInput } from '@shared/contract';
import { loanMatches } from '@shared/risk';

export const loanFilterSchema = z.object({
  side: z.enum(['lend', 'borrow']).optional(),
  loanTypes: z.array(z.enum(LOAN_TYPES)),
  statuses: z.array(z.enum(LOAN_STATUSES)),
  openOnly: z.boolean(),
  portfolioId: z.string().optional(),
  selectedId: z.string().optional(),
  /** Loan id, external id or counterparty (id or name): filters the loaded loans, not sent. */
  search: z.string().max(200).optional(),
});
export type LoanFilters = z.infer<typeof loanFilterSchema>;
export const LOAN_DEFAULTS: LoanFilters = { loanTypes: [], statuses: [], openOnly: false };

export type LoanWalkParams = Omit<CallInput<'loans.listAll'>, 'workspaceId' | 'jobId'>;

/** What the platform filters; empty filters are left out rather than sent empty. */
export function toWalkParams(f: LoanFilters): LoanWalkParams {
  return {
    ...(f.side ? { loanSide: f.side } : {}),
    ...(f.loanTypes.length ? { loanTypes: f.loanTypes } : {}),
    ...(f.statuses.length ? { statuses: f.statuses } : {}),
    ...(f.openOnly ? { isOpen: true } : {}),
    ...(f.portfolioId ? { portfolioId: f.portfolioId } : {}),
  };
}

/** Separates the fields of a loan's search text; a search containing it falls back to `loanMatches`. */
const SEP = '\u0000';

/** Each loan's searchable fields, lower-cased once per list (a search then costs one `includes` per loan). */
const haystacks = new WeakMap<readonly Loan[], string[]>();

function searchText(loan: Loan): string {
  let text = '';
  const add = (v: unknown) => {
    if (typeof v === 'string') text += SEP + v.toLowerCase();
  };
  add(loan.loanId);
  add(loan.externalId);
  add(loan.borrowerCounterpartyId);
  add(loan.lenderCounterpartyId);
  for (const c of loan.embedded?.counterparties ?? []) {
    add(c.counterpartyId);
    add(c.counterpartyName);
  }
  return text;
}

/** Builds the loans' search text ahead of the first search (the view calls it when the browser is idle). */
export function prepareSearch(loans: readonly Loan[]): void {
  if (!haystacks.has(loans)) haystacks.set(loans, loans.map(searchText));
}

/**
 * The loans whose id, external id or counterparty (id or name) contains `search`, ignoring case,
 * in their order. No search: the same array (so the table keeps its sort keys).
 */
export function searchLoans(loans: readonly Loan[], search: string | undefined): readonly Loan[] {
  const needle = (search ?? '').trim().toLowerCase();
  if (needle === '') return loans;
  if (needle.includes(SEP)) return loans.filter((l) => loanMatches(l, needle));
  prepareSearch(loans);
  const texts = haystacks.get(loans) as string[];
  const found: Loan[] = [];
  for (let i = 0; i < loans.length; i++) {
    if ((texts[i] as string).includes(needle)) found.push(loans[i] as Loan);
  }
  return found;
}
