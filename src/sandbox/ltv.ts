/**
 * Loan-to-value arithmetic from the sandbox's fixed prices (decimal.js only).
 * LTV = loan value in USD / collateral value in USD.
 */
import type { LtvStatus } from '../shared/platform/enums';
import type { Loan } from '../shared/platform/resources';
import { Dec, fmt, priceOf, type PriceTable } from './money';
import { badRequest } from './errors';

export const DEFAULT_MARGIN_CALL_THRESHOLD = '0.8';
export const DEFAULT_DEFAULT_THRESHOLD = '0.9';

export interface AmountIn {
  amount: string;
  currency: string;
}

/** USD value; an unknown currency is the caller's mistake, so it is a 400 naming the field. */
export function usdValue(amount: string, currency: string, field: string, prices?: PriceTable): Dec {
  const price = priceOf(currency, prices);
  if (price === undefined)
    throw badRequest(`${field} has an unknown currency: ${JSON.stringify(currency.slice(0, 20))}`);
  return new Dec(amount).mul(price);
}

export function totalUsd(items: readonly AmountIn[], field: string, prices?: PriceTable): Dec {
  let sum = new Dec(0);
  for (const item of items) sum = sum.plus(usdValue(item.amount, item.currency, field, prices));
  return sum;
}

/** `undefined` when there is no collateral value (an uncollateralised loan has no LTV). */
export function ltvOf(loanUsd: Dec, collateralUsd: Dec): Dec | undefined {
  if (collateralUsd.lte(0)) return undefined;
  return loanUsd.div(collateralUsd);
}

export function ltvStatusOf(
  ltv: Dec,
  marginCallThreshold = DEFAULT_MARGIN_CALL_THRESHOLD,
  defaultThreshold = DEFAULT_DEFAULT_THRESHOLD,
): LtvStatus {
  if (ltv.gte(defaultThreshold)) return 'default';
  if (ltv.gte(marginCallThreshold)) return 'margin-call';
  return 'healthy';
}

export const fmtLtv = (ltv: Dec): string => fmt(ltv, 4);

/**
 * Sets `debtRatio` / `debtRatioStatus` from a loan amount and collateral set. Loans without
 * collateral keep no LTV fields. Mutates and returns `loan` (callers pass a copy for estimates).
 */
export function applyDebtRatio(
  loan: Loan,
  amount: string,
  collaterals: readonly AmountIn[],
  at: string,
  prices?: PriceTable,
): Loan {
  const collateralUsd = totalUsd(collaterals, 'collaterals', prices);
  const ltv = ltvOf(usdValue(amount, loan.currency, 'amount', prices), collateralUsd);
  if (ltv === undefined) {
    delete loan.debtRatio;
    delete loan.debtRatioStatus;
    return loan;
  }
  loan.debtRatio = fmtLtv(ltv);
  loan.debtRatioStatus = ltvStatusOf(ltv, loan.extra?.marginCallThreshold, loan.extra?.defaultThreshold);
  loan.debtRatioUpdatedAt = at;
  return loan;
}
