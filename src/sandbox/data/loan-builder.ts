/** Builds one consistent Loan (collaterals, interest, allocations, LTV) from a short spec. */
import { CLOSED_LOAN_STATUSES, type LoanStatus, type LoanType } from '../../shared/platform/enums';
import type { Collateral, Loan, LoanAllocation, LoanModification } from '../../shared/platform/resources';
import { applyDebtRatio, DEFAULT_DEFAULT_THRESHOLD, DEFAULT_MARGIN_CALL_THRESHOLD } from '../ltv';
import { Dec, fmt, mainCurrencyOf, priceOf } from '../money';
import type { Rng } from '../prng';
import type { Organization } from './types';
import { DEFAULT_VOCABULARY, type LoanVocabulary } from './vocabulary';

/** Loan types whose approval leads to `awaiting-collateral` (the borrower must post collateral). */
export function isCollateralisedType(type: LoanType): boolean {
  if (type.includes('uncollateralised')) return false;
  return type.includes('collateralised') || type === 'agency-lending-first-lien-child-loan';
}

/** Statuses before (or without) approval; every other status carries approvedAt/By. */
const BEFORE_APPROVAL: readonly LoanStatus[] = [
  'awaiting-approval',
  'awaiting-acceptance',
  'rejected',
  'cancelled',
];
/** Statuses in which no funds went out yet; in every other status the loan carries a completed disbursal. */
const NOT_DISBURSED: readonly LoanStatus[] = [
  ...BEFORE_APPROVAL,
  'awaiting-collateral',
  'disbursing',
  'errored',
];

export interface LoanSpec {
  lender: Organization;
  borrower: Organization;
  lenderPortfolioId: string;
  borrowerPortfolioId: string;
  loanType: LoanType;
  status: LoanStatus;
  amount: string;
  currency: string;
  /** Target LTV for collateralised types, e.g. "0.55". */
  targetLtv: string;
  createdAt: number;
  externalId?: string;
  externalDisbursal?: boolean;
  /** How allocation types and statuses are spelled (vocabulary.ts); default platform-facts' values. */
  vocabulary?: LoanVocabulary;
}

function allocation(
  rng: Rng,
  loan: Loan,
  type: string,
  status: string,
  amount: string,
  requestor: string | undefined,
  at: string,
): LoanAllocation {
  const a: LoanAllocation = {
    allocationType: type,
    amount,
    createdAt: at,
    currency: loan.currency,
    extra: {},
    loanAllocationId: rng.uuid(),
    loanId: loan.loanId,
    mainCurrency: loan.mainCurrency,
    status,
    createdBy: loan.createdBy,
    fromPortfolioId: loan.lenderPortfolioId ?? '',
    toPortfolioId: loan.borrowerPortfolioId ?? '',
    updatedAt: at,
  };
  if (requestor !== undefined) a.requestorCounterpartyId = requestor;
  return a;
}

export function addAllocation(
  rng: Rng,
  loan: Loan,
  type: string,
  status: string,
  amount: string,
  requestor?: string,
): LoanAllocation {
  const a = allocation(rng, loan, type, status, amount, requestor, loan.updatedAt);
  const embedded = (loan.embedded ??= {});
  (embedded.loanAllocations ??= []).push(a);
  return a;
}

export function buildLoan(rng: Rng, spec: LoanSpec): Loan {
  const loanId = rng.uuid();
  const createdAt = String(spec.createdAt);
  const updatedAt = String(spec.createdAt + rng.between(1, 72) * 3_600_000);
  const lenderUser = spec.lender.userIds[0] ?? '';
  const borrowerUser = spec.borrower.userIds[0] ?? '';
  const loanUsd = new Dec(spec.amount).mul(priceOf(spec.currency) ?? 1);
  const loan: Loan = {
    loanId,
    amount: spec.amount,
    currency: spec.currency,
    mainCurrency: mainCurrencyOf(spec.currency),
    loanType: spec.loanType,
    status: spec.status,
    createdBy: borrowerUser,
    borrowerCounterpartyId: spec.borrower.counterparty.counterpartyId,
    lenderCounterpartyId: spec.lender.counterparty.counterpartyId,
    borrowerOrganizationId: spec.borrower.organizationId,
    lenderOrganizationId: spec.lender.organizationId,
    borrowerPortfolioId: spec.borrowerPortfolioId,
    lenderPortfolioId: spec.lenderPortfolioId,
    createdAt,
    interestRate: String(rng.between(200, 1500)),
    maturityDate: String(spec.createdAt + rng.between(30, 365) * 86_400_000),
    startDate: String(spec.createdAt + 86_400_000),
    unrealisedAmount: '0',
    updatedAt,
    embedded: {
      counterparties: [spec.lender.counterparty, spec.borrower.counterparty],
      loanModifications: [],
    },
    extra: {
      marginCallThreshold: DEFAULT_MARGIN_CALL_THRESHOLD,
      defaultThreshold: DEFAULT_DEFAULT_THRESHOLD,
      rebalanceThreshold: '0.6',
      initialLtv: spec.targetLtv,
      marginCallExpiryPeriod: '86400000',
      lenderFeeSharePercentage: '10',
      externalDisbursal: spec.externalDisbursal === true,
      externalInterestPayment: false,
    },
  };
  if (spec.externalId !== undefined) loan.externalId = spec.externalId;
  const extra = loan.extra ?? {};
  const embedded = loan.embedded ?? {};

  if (isCollateralisedType(spec.loanType)) {
    const colCurrency =
      spec.currency === 'BTC' || spec.currency === 'ETH' ? 'USDC' : rng.pick(['BTC', 'ETH']);
    const colAmount = loanUsd.div(spec.targetLtv).div(priceOf(colCurrency) ?? 1);
    extra.initiallyRequiredCollateralUsd = fmt(loanUsd.div(spec.targetLtv), 2);
    extra.requiredCollaterals = [
      {
        amount: fmt(colAmount, 8),
        currency: colCurrency,
        mainCurrency: mainCurrencyOf(colCurrency),
        amountInUsd: fmt(loanUsd.div(spec.targetLtv), 2),
      },
    ];
    // Before approval nothing is posted yet; afterwards the collateral is in place.
    if (!BEFORE_APPROVAL.includes(spec.status) && spec.status !== 'awaiting-collateral') {
      const c: Collateral = {
        amount: fmt(colAmount, 8),
        collateralId: rng.uuid(),
        createdAt: updatedAt,
        currency: colCurrency,
        loanId,
        mainCurrency: mainCurrencyOf(colCurrency),
        portfolioId: spec.borrowerPortfolioId,
        unrealisedAmount: '0',
        updatedAt,
      };
      embedded.collaterals = [c];
      applyDebtRatio(loan, loan.amount, [c], updatedAt);
    } else {
      embedded.collaterals = [];
    }
  }

  if (!BEFORE_APPROVAL.includes(spec.status)) {
    extra.approvedAt = String(spec.createdAt + 3_600_000);
    extra.approvedBy = lenderUser;
  }
  if (!NOT_DISBURSED.includes(spec.status)) {
    extra.disbursedAt = String(spec.createdAt + 7_200_000);
    loan.originalLoanAmount = spec.amount;
    loan.originalLoanValue = fmt(loanUsd, 2);
    const words = spec.vocabulary ?? DEFAULT_VOCABULARY;
    // `disburse` is the one allocation type the specification names; the external one is spelled.
    const type = spec.externalDisbursal === true ? words.type.externalDisbursement : 'disburse';
    const status = spec.externalDisbursal === true ? words.status.confirmed : 'completed';
    addAllocation(rng, loan, type, status, spec.amount);
    const accrued = new Dec(spec.amount)
      .mul(loan.interestRate ?? '0')
      .div(10_000)
      .div(12);
    embedded.loanInterest = {
      accruedInterest: fmt(accrued, 8),
      createdAt: extra.disbursedAt,
      interestCurrency: spec.currency,
      loanId,
      loanInterestId: rng.uuid(),
      lastPaymentAt: updatedAt,
      realisedInterest: fmt(accrued.div(2), 8),
      unrealisedInterest: fmt(accrued.div(2), 8),
      updatedAt,
    };
  }
  if (spec.status === 'rejected') Object.assign(extra, { rejectedAt: updatedAt, rejectedBy: lenderUser });
  if (spec.status === 'cancelled')
    Object.assign(extra, { cancelledAt: updatedAt, cancelledBy: borrowerUser });
  if (spec.status === 'repaid') Object.assign(extra, { repaidAt: updatedAt, repaidBy: borrowerUser });
  if (spec.status === 'defaulted') {
    Object.assign(extra, { defaultedAt: updatedAt, defaultedBy: lenderUser });
    loan.defaultReason = 'Collateral shortfall after margin call expiry';
  }
  if (CLOSED_LOAN_STATUSES.includes(spec.status)) loan.terminatedAt = updatedAt;
  if (loan.debtRatioStatus === 'margin-call') {
    embedded.marginCall = { createdAt: updatedAt, expiresAt: String(Number(updatedAt) + 86_400_000) };
  }
  return loan;
}

export function addModification(rng: Rng, loan: Loan, type: string, status: string, requestor: string): void {
  const m: LoanModification = {
    createdAt: loan.updatedAt,
    extra: {
      currentInterestRate: loan.interestRate ?? '0',
      newInterestRate: String(Number(loan.interestRate ?? '0') + 50),
      currentMaturityDate: loan.maturityDate ?? '',
      newMaturityDate: String(Number(loan.maturityDate ?? '0') + 30 * 86_400_000),
    },
    loanId: loan.loanId,
    loanModificationId: rng.uuid(),
    modificationType: type,
    status,
    createdBy: loan.createdBy,
    requestorCounterpartyId: requestor,
    updatedAt: loan.updatedAt,
  };
  const embedded = (loan.embedded ??= {});
  (embedded.loanModifications ??= []).push(m);
}
