/**
 * Loans: fixed scenarios first (externalId `sandbox-<scenario>-<n>`, documented in
 * docs/sandbox.md) so that every loan operation can be performed, and refused, several times;
 * then random loans in the other statuses on both sides.
 */
import {
  LOAN_MODIFICATION_STATUSES,
  LOAN_STATUSES,
  LOAN_TYPES,
  type LoanStatus,
  type LoanType,
} from '../../shared/platform/enums';
import type { Loan, Portfolio } from '../../shared/platform/resources';
import { Dec, amountFrom, fmt } from '../money';
import type { Rng } from '../prng';
import { addAllocation, addModification, buildLoan } from './loan-builder';
import { BASE_TIME, type Organization } from './types';
import { DEFAULT_VOCABULARY, type LoanVocabulary } from './vocabulary';

/** A scenario's loan status: fixed, or the vocabulary's status while a request is pending. */
type ScenarioStatus = LoanStatus | { pending: keyof LoanVocabulary['loan'] };

interface Scenario {
  name: string;
  count: number;
  callerSide: 'lend' | 'borrow';
  status: ScenarioStatus;
  types: readonly LoanType[];
  externalDisbursal?: boolean;
  /** Adds the pending request the scenario's operation acts on, spelled as `words` says. */
  setup?: (
    rng: Rng,
    loan: Loan,
    caller: Organization,
    other: Organization,
    i: number,
    words: LoanVocabulary,
  ) => void;
}

const interestRequest: Scenario['setup'] = (rng, loan, _caller, _other, _i, words) => {
  const interest = fmt(new Dec(loan.amount).mul('0.01'), 8);
  const { interestPayment } = words.type;
  addAllocation(
    rng,
    loan,
    interestPayment,
    words.status.awaitingAcceptance,
    interest,
    loan.borrowerCounterpartyId,
  );
};
/** Repayment requested by the other side: full for the first, half for the others. */
const repaymentByOther: Scenario['setup'] = (rng, loan, _caller, other, i, words) => {
  const amount = i === 0 ? loan.amount : fmt(new Dec(loan.amount).div(2), 8);
  const requestor = other.counterparty.counterpartyId;
  addAllocation(rng, loan, words.type.repayment, words.status.awaitingAcceptance, amount, requestor);
};
const repaymentByCaller: Scenario['setup'] = (rng, loan, caller, _other, _i, words) => {
  const requestor = caller.counterparty.counterpartyId;
  addAllocation(rng, loan, words.type.repayment, words.status.awaitingAcceptance, loan.amount, requestor);
};
const externalDisbursal: Scenario['setup'] = (rng, loan, _caller, _other, _i, words) => {
  addAllocation(
    rng,
    loan,
    words.type.externalDisbursement,
    words.status.awaitingConfirmation,
    loan.amount,
    loan.lenderCounterpartyId,
  );
};

export const LOAN_SCENARIOS: readonly Scenario[] = [
  {
    name: 'approve-lend',
    count: 4,
    callerSide: 'lend',
    status: 'awaiting-approval',
    types: [
      'bilateral-title-transfer-collateralised-loan',
      'bilateral-uncollateralised-loan',
      'bilateral-pledge-collateralised-loan',
      'agency-uncollateralised-loan',
    ],
  },
  {
    name: 'approve-borrow',
    count: 2,
    callerSide: 'borrow',
    status: 'awaiting-approval',
    types: ['bilateral-pledge-collateralised-loan'],
  },
  {
    name: 'interest-lend',
    count: 2,
    callerSide: 'lend',
    status: { pending: 'interestPending' },
    types: ['bilateral-uncollateralised-loan'],
    setup: interestRequest,
  },
  {
    name: 'interest-borrow',
    count: 2,
    callerSide: 'borrow',
    status: { pending: 'interestPending' },
    types: ['bilateral-title-transfer-collateralised-loan'],
    setup: interestRequest,
  },
  {
    name: 'repay-lend',
    count: 3,
    callerSide: 'lend',
    status: { pending: 'repaymentPending' },
    types: ['bilateral-title-transfer-collateralised-loan'],
    setup: repaymentByOther,
  },
  {
    name: 'repay-borrow',
    count: 2,
    callerSide: 'borrow',
    status: { pending: 'repaymentPending' },
    types: ['bilateral-uncollateralised-loan'],
    setup: repaymentByOther,
  },
  {
    name: 'repay-own',
    count: 2,
    callerSide: 'borrow',
    status: { pending: 'repaymentPending' },
    types: ['bilateral-pledge-collateralised-loan'],
    setup: repaymentByCaller,
  },
  {
    name: 'disburse-lend',
    count: 3,
    callerSide: 'lend',
    status: 'disbursing',
    types: ['bilateral-uncollateralised-loan'],
    externalDisbursal: true,
    setup: externalDisbursal,
  },
  {
    name: 'disburse-borrow',
    count: 2,
    callerSide: 'borrow',
    status: 'disbursing',
    types: ['bilateral-uncollateralised-loan'],
    externalDisbursal: true,
    setup: externalDisbursal,
  },
];

/** Statuses the scenarios own; random loans use the others so the scenarios stay exact. */
const SCENARIO_STATUSES: readonly LoanStatus[] = [
  'awaiting-approval',
  'repaying',
  'repaying-interest',
  'disbursing',
];
const RANDOM_STATUSES = LOAN_STATUSES.filter((s) => !SCENARIO_STATUSES.includes(s));

function loanAmount(rng: Rng, currency: string): string {
  return currency === 'BTC' || currency === 'ETH'
    ? amountFrom(rng.between(100, 50_000), 2)
    : amountFrom(rng.between(50, 20_000) * 1000, 0);
}

export function buildLoans(
  rng: Rng,
  orgs: readonly Organization[],
  portfolios: readonly Portfolio[],
  total: number,
  words: LoanVocabulary = DEFAULT_VOCABULARY,
): Loan[] {
  const [caller, ...others] = orgs;
  if (caller === undefined || others.length < 2) throw new Error('need a caller and two counterparties');
  const lendingPortfolio = (org: Organization, nth: number): string => {
    const custody = portfolios.filter(
      (p) => p.organizationId === org.organizationId && p.portfolioType === 'custody',
    );
    return (custody[nth % Math.max(1, Math.min(2, custody.length))] ?? custody[0])?.portfolioId ?? '';
  };
  const loans: Loan[] = [];
  let t = BASE_TIME - (total + 10) * 3_600_000;
  const at = (): number => (t += rng.between(60_000, 7_200_000));
  const pair = (side: 'lend' | 'borrow', other: Organization) =>
    side === 'lend' ? { lender: caller, borrower: other } : { lender: other, borrower: caller };

  for (const s of LOAN_SCENARIOS) {
    for (let i = 0; i < s.count; i++) {
      const other = others[i % 2] ?? caller;
      const { lender, borrower } = pair(s.callerSide, other);
      const currency = i % 2 === 0 ? 'USDC' : 'BTC';
      const loan = buildLoan(rng, {
        lender,
        borrower,
        lenderPortfolioId: lendingPortfolio(lender, 0),
        borrowerPortfolioId: lendingPortfolio(borrower, 1),
        loanType: s.types[i % s.types.length] ?? 'bilateral-uncollateralised-loan',
        status: typeof s.status === 'string' ? s.status : words.loan[s.status.pending],
        amount: loanAmount(rng, currency),
        currency,
        targetLtv: '0.5',
        createdAt: at(),
        externalId: `sandbox-${s.name}-${i + 1}`,
        externalDisbursal: s.externalDisbursal === true,
        vocabulary: words,
      });
      s.setup?.(rng, loan, caller, other, i, words);
      loans.push(loan);
    }
  }
  // Two loans between counterparties only: invisible to the caller (404 for it).
  for (let i = 0; i < 2; i++) {
    const [a, b] = i === 0 ? [others[0], others[1]] : [others[1], others[0]];
    if (a === undefined || b === undefined) continue;
    loans.push(
      buildLoan(rng, {
        lender: a,
        borrower: b,
        lenderPortfolioId: lendingPortfolio(a, 0),
        borrowerPortfolioId: lendingPortfolio(b, 0),
        loanType: 'bilateral-uncollateralised-loan',
        status: 'active',
        amount: '1000000',
        currency: 'USDT',
        targetLtv: '0.5',
        createdAt: at(),
        externalId: `sandbox-hidden-${i + 1}`,
      }),
    );
  }
  const randomCount = Math.max(0, total - loans.length);
  for (let i = 0; i < randomCount; i++) {
    const other = rng.pick(others);
    const side = rng.chance(0.5) ? 'lend' : 'borrow';
    const { lender, borrower } = pair(side, other);
    const currency = rng.pick(['USDC', 'USDT', 'BTC', 'ETH']);
    // Statuses cycle first so every random status appears even in the small set.
    // Half of the rest are active: the state most loans are in, and the one refusals need.
    const status =
      i < RANDOM_STATUSES.length
        ? (RANDOM_STATUSES[i] ?? 'active')
        : rng.chance(0.5)
          ? 'active'
          : rng.pick(RANDOM_STATUSES);
    const loan = buildLoan(rng, {
      lender,
      borrower,
      lenderPortfolioId: lendingPortfolio(lender, rng.int(2)),
      borrowerPortfolioId: lendingPortfolio(borrower, rng.int(2)),
      loanType: LOAN_TYPES[i % LOAN_TYPES.length] ?? 'bilateral-uncollateralised-loan',
      status,
      amount: loanAmount(rng, currency),
      currency,
      targetLtv: fmt(new Dec(rng.between(30, 97)).div(100), 2),
      createdAt: at(),
      vocabulary: words,
    });
    if (loan.loanType === 'agency-lending-parent-loan') {
      loan.embedded = loan.embedded ?? {};
      loan.embedded.childLoans = [0, 1].map((n) => ({
        loanId: rng.uuid(),
        amount: fmt(new Dec(loan.amount).div(2), 8),
        currency: loan.currency,
        status: loan.status,
        position: String(n),
      }));
    }
    if (status === 'active' && rng.chance(0.4)) {
      const mstatus = rng.pick(LOAN_MODIFICATION_STATUSES);
      addModification(
        rng,
        loan,
        rng.chance(0.5) ? 'rerate' : 'extension',
        mstatus,
        other.counterparty.counterpartyId,
      );
    }
    loans.push(loan);
  }
  return loans;
}
