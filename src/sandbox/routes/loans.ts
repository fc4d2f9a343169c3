/**
 * `GET /organizations/{org}/loans` (platform-facts filters) and `GET .../loans/{loanId}`.
 * The include* flags default to true (an assumption: the console's list call sends none).
 */
import { CLOSED_LOAN_STATUSES, LOAN_SIDES, LOAN_STATUSES, LOAN_TYPES } from '../../shared/platform/enums';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { Loan } from '../../shared/platform/resources';
import { notFound } from '../errors';
import { NO_QUERY, paging, param, parseQuery, querySchema } from '../query';
import { json, page, requireOwnOrganization, type PlatformRequest, type Reply, type Route } from '../router';
import { sideOf, viewLoan, type LoanIncludes } from './loan-view';

/** Finds a loan the caller is party to; others are 404 (their existence is not revealed). */
export function findCallerLoan(req: PlatformRequest): Loan {
  const loanId = req.params.loanId ?? '';
  const loan = req.store.data.loans.find((l) => l.loanId === loanId);
  if (loan === undefined || sideOf(loan, req.caller.organizationId) === undefined) {
    throw notFound(`no loan ${JSON.stringify(loanId.slice(0, 80))} for this organization`);
  }
  return loan;
}

function callerPortfolio(loan: Loan, org: string): string | undefined {
  return sideOf(loan, org) === 'lend' ? loan.lenderPortfolioId : loan.borrowerPortfolioId;
}

const query = querySchema('loans', {
  portfolioId: param.string().optional(),
  loanIds: param.list().optional(),
  loanSide: param.oneOf(LOAN_SIDES).optional(),
  loanTypes: param.enumList(LOAN_TYPES).optional(),
  statuses: param.enumList(LOAN_STATUSES).optional(),
  isOpen: param.bool().optional(),
  includeCollaterals: param.bool().default(true),
  includeCounterparties: param.bool().default(true),
  includeChildLoans: param.bool().default(true),
  includeLoanAllocations: param.bool().default(true),
  includeLoanInterest: param.bool().default(true),
  ...paging(PAGE_LIMITS.loans.default, PAGE_LIMITS.loans.max),
  sortBy: param.oneOf(['updatedAt']).default('updatedAt'),
  sortDirection: param.oneOf(['ASC', 'DESC']).default('DESC'),
});

function listLoans(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  const q = parseQuery(query, req.query);
  const { portfolioId, loanIds, loanSide, loanTypes, statuses, isOpen, limit, offset } = q;
  const direction = q.sortDirection;
  const inc: LoanIncludes = {
    collaterals: q.includeCollaterals,
    counterparties: q.includeCounterparties,
    childLoans: q.includeChildLoans,
    loanAllocations: q.includeLoanAllocations,
    loanInterest: q.includeLoanInterest,
  };
  // Filtered and sorted once per filter until the state changes (every loan action ends in
  // `changed()`): 5,000 loans filtered and sorted per request was the sandbox's slowest list.
  const key = `loans:${org}:${JSON.stringify([portfolioId, loanIds, loanSide, loanTypes, statuses, isOpen, direction])}`;
  const matches = req.store.view(key, () => {
    const idSet = loanIds === undefined ? undefined : new Set(loanIds);
    const found = req.store.data.loans.filter((l) => {
      const side = sideOf(l, org);
      if (side === undefined) return false;
      if (loanSide !== undefined && side !== loanSide) return false;
      if (idSet !== undefined && !idSet.has(l.loanId)) return false;
      if (loanTypes !== undefined && !loanTypes.includes(l.loanType)) return false;
      if (statuses !== undefined && !statuses.includes(l.status)) return false;
      if (isOpen !== undefined && CLOSED_LOAN_STATUSES.includes(l.status) === isOpen) return false;
      if (portfolioId !== undefined && callerPortfolio(l, org) !== portfolioId) return false;
      return true;
    });
    // Timestamps have the same number of digits, but compare numerically to be safe; ties by id.
    const sign = direction === 'ASC' ? 1 : -1;
    return found.sort(
      (a, b) => sign * (Number(a.updatedAt) - Number(b.updatedAt) || (a.loanId < b.loanId ? -1 : 1)),
    );
  });
  return json({ loans: page(matches, offset, limit).map((l) => viewLoan(l, org, inc)) });
}

function getLoan(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  parseQuery(NO_QUERY, req.query);
  return json(viewLoan(findCallerLoan(req), org));
}

export const loanRoutes: Route[] = [
  { method: 'GET', pattern: '/organizations/:organizationId/loans', handler: listLoans },
  { method: 'GET', pattern: '/organizations/:organizationId/loans/:loanId', handler: getLoan },
];
