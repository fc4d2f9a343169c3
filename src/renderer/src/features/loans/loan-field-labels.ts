/**
 * Human labels for a loan's fields and its `extra` (issue 29): the detail shows "Margin call
 * expiry period", with the platform's key (`marginCallExpiryPeriod`) on hover, and states each
 * value's unit. A key the console does not know keeps its own name as the label.
 *
 * Kinds: `amount` in the loan's currency, `usd` a USD value (2 decimals), `ratio` a fraction shown
 * in % (LTV and thresholds), `bps` basis points shown in %, `percent` a number that already is a
 * percentage, `period` the margin call's cure period (its unit read by @shared/risk's rule).
 */
export type LoanFieldKind =
  'id' | 'amount' | 'usd' | 'time' | 'badge' | 'text' | 'bps' | 'ratio' | 'percent' | 'period';

export interface LoanFieldDef {
  label: string;
  kind: LoanFieldKind;
}

const f = (label: string, kind: LoanFieldKind): LoanFieldDef => ({ label, kind });

/** A loan's own fields, in the order the detail lists them. */
export const LOAN_FIELDS: Readonly<Record<string, LoanFieldDef>> = {
  loanId: f('Loan id', 'id'),
  externalId: f('External id', 'id'),
  status: f('Status', 'badge'),
  loanType: f('Type', 'text'),
  amount: f('Amount', 'amount'),
  currency: f('Currency', 'text'),
  mainCurrency: f('Network', 'text'),
  originalLoanAmount: f('Original amount', 'amount'),
  originalLoanValue: f('Original value', 'usd'),
  unrealisedAmount: f('Unrealised', 'amount'),
  interestRate: f('Interest rate', 'bps'),
  debtRatio: f('LTV', 'ratio'),
  debtRatioStatus: f('LTV status', 'badge'),
  debtRatioUpdatedAt: f('LTV updated', 'time'),
  defaultReason: f('Default reason', 'text'),
  startDate: f('Start', 'time'),
  maturityDate: f('Maturity', 'time'),
  terminatedAt: f('Terminated', 'time'),
  lenderOrganizationId: f('Lender organization', 'id'),
  lenderCounterpartyId: f('Lender counterparty', 'id'),
  lenderPortfolioId: f('Lender portfolio', 'id'),
  borrowerOrganizationId: f('Borrower organization', 'id'),
  borrowerCounterpartyId: f('Borrower counterparty', 'id'),
  borrowerPortfolioId: f('Borrower portfolio', 'id'),
  createdBy: f('Created by', 'id'),
  createdAt: f('Created', 'time'),
  updatedAt: f('Updated', 'time'),
};

/** `extra`'s known fields. Others: `…At` as times, `…By` as ids, decimals as amounts, by the key's shape. */
export const EXTRA_FIELDS: Readonly<Record<string, LoanFieldDef>> = {
  acceptedAt: f('Accepted', 'time'),
  acceptedBy: f('Accepted by', 'id'),
  approvedAt: f('Approved', 'time'),
  approvedBy: f('Approved by', 'id'),
  cancelledAt: f('Cancelled', 'time'),
  cancelledBy: f('Cancelled by', 'id'),
  defaultThreshold: f('Default LTV', 'ratio'),
  defaultedAt: f('Defaulted', 'time'),
  defaultedBy: f('Defaulted by', 'id'),
  disbursedAt: f('Disbursed', 'time'),
  initialLtv: f('Initial LTV', 'ratio'),
  initiallyRequiredCollateralUsd: f('Initially required collateral', 'usd'),
  lenderFeeShare: f('Lender fee share', 'text'),
  lenderFeeSharePercentage: f('Lender fee share', 'percent'),
  marginCallExpiryPeriod: f('Margin call expiry period', 'period'),
  marginCallThreshold: f('Margin call LTV', 'ratio'),
  rebalanceThreshold: f('Rebalance LTV', 'ratio'),
  rejectedAt: f('Rejected', 'time'),
  rejectedBy: f('Rejected by', 'id'),
  repaidAt: f('Repaid', 'time'),
  repaidBy: f('Repaid by', 'id'),
  externalDisbursal: f('External disbursal', 'text'),
  externalInterestPayment: f('External interest payment', 'text'),
};

/** A key's definition in `extra`: the known one, else read from its shape ("…At" a time). */
export function extraFieldDef(key: string, value: unknown): LoanFieldDef {
  const known = EXTRA_FIELDS[key];
  if (known) return known;
  const label = key;
  if (key.endsWith('At')) return f(label, 'time');
  if (key.endsWith('By')) return f(label, 'id');
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return f(label, 'amount');
  return f(label, 'text');
}
