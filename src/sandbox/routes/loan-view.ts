/**
 * What one side sees of a loan: the other side's organization and portfolio ids obfuscated, and
 * only the `embedded` parts the include flags ask for. Never mutates the stored loan.
 */
import type { LoanSide } from '../../shared/platform/enums';
import type { Loan, LoanEmbedded } from '../../shared/platform/resources';

export const OBFUSCATED = 'obfuscated';

export interface LoanIncludes {
  collaterals: boolean;
  counterparties: boolean;
  childLoans: boolean;
  loanAllocations: boolean;
  loanInterest: boolean;
}

export const INCLUDE_ALL: LoanIncludes = {
  collaterals: true,
  counterparties: true,
  childLoans: true,
  loanAllocations: true,
  loanInterest: true,
};

export function sideOf(loan: Loan, organizationId: string): LoanSide | undefined {
  if (loan.lenderOrganizationId === organizationId) return 'lend';
  if (loan.borrowerOrganizationId === organizationId) return 'borrow';
  return undefined;
}

export function viewLoan(loan: Loan, organizationId: string, inc: LoanIncludes = INCLUDE_ALL): Loan {
  const out: Loan = { ...loan };
  if (sideOf(loan, organizationId) === 'lend') {
    out.borrowerOrganizationId = OBFUSCATED;
    out.borrowerPortfolioId = OBFUSCATED;
  } else {
    out.lenderOrganizationId = OBFUSCATED;
    out.lenderPortfolioId = OBFUSCATED;
  }
  const src = loan.embedded;
  if (src !== undefined) {
    const e: LoanEmbedded = {};
    if (inc.collaterals && src.collaterals !== undefined) e.collaterals = src.collaterals;
    if (inc.counterparties && src.counterparties !== undefined) e.counterparties = src.counterparties;
    if (inc.childLoans && src.childLoans !== undefined) e.childLoans = src.childLoans;
    if (inc.loanAllocations && src.loanAllocations !== undefined) e.loanAllocations = src.loanAllocations;
    if (inc.loanInterest && src.loanInterest !== undefined) e.loanInterest = src.loanInterest;
    if (src.loanModifications !== undefined) e.loanModifications = src.loanModifications;
    if (src.marginCall !== undefined) e.marginCall = src.marginCall;
    out.embedded = e;
  }
  return out;
}
