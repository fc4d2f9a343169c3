/**
 * `PATCH /organizations/{org}/loans/{loanId}` (operation selected by Content-Type) and
 * `PATCH /organizations/{org}/loans` (LTV dry run). Every accepted change appends an activity.
 */
import type { Loan } from '../../shared/platform/resources';
import { mediaTypeOf, parseJsonObject, type JsonObjectBody } from '../body';
import { badRequest } from '../errors';
import {
  currencyField,
  optionalAmount,
  optionalBool,
  optionalCollaterals,
  optionalString,
  optionalTimestamp,
  requiredAmount,
  requiredString,
} from '../fields';
import { applyDebtRatio, fmtLtv, ltvOf, ltvStatusOf, totalUsd, usdValue, type AmountIn } from '../ltv';
import { Dec, fmt, priceOf, type PriceTable } from '../money';
import { json, requireOwnOrganization, type PlatformRequest, type Reply, type Route } from '../router';
import * as machine from '../state/loans';
import type { LoanActionName } from '../state/store';
import { findCallerLoan } from './loans';
import { sideOf, viewLoan } from './loan-view';

const MEDIA = {
  estimate: 'application/vnd.estimate-loan-ltv+json',
  cancelInterest: 'application/vnd.cancel-interest-payment+json',
  acceptRepayment: 'application/vnd.accept-loan-repayment+json',
  confirmDisbursement: 'application/vnd.confirm-external-disbursement+json',
  approve: 'application/vnd.approve-loan+json',
  dryRun: 'application/vnd.calculate-ltv-dry-run+json',
} as const;
const LOAN_MEDIA = [
  MEDIA.estimate,
  MEDIA.cancelInterest,
  MEDIA.acceptRepayment,
  MEDIA.confirmDisbursement,
  MEDIA.approve,
];

/** LTV estimate: `amount` replaces the loan amount; `collaterals` are added (negative withdraws). */
function estimate(loan: Loan, org: string, body: JsonObjectBody, now: string, prices: PriceTable): Loan {
  const amount = optionalAmount(body, 'amount');
  const adjustments = optionalCollaterals(body, 'collaterals', true) ?? [];
  const includeInterest = optionalBool(body, 'includeInterest') ?? false;
  let loanAmount = new Dec(amount ?? loan.amount);
  const interest = loan.embedded?.loanInterest;
  if (includeInterest && interest !== undefined && interest.interestCurrency === loan.currency) {
    loanAmount = loanAmount.plus(interest.unrealisedInterest);
  }
  const perCurrency = new Map<string, Dec>();
  for (const c of [...(loan.embedded?.collaterals ?? []), ...adjustments]) {
    perCurrency.set(c.currency, (perCurrency.get(c.currency) ?? new Dec(0)).plus(c.amount));
  }
  const collaterals: AmountIn[] = [];
  for (const [currency, total] of perCurrency) {
    if (total.lt(0)) throw badRequest(`collaterals would withdraw more ${currency} than the loan holds`);
    collaterals.push({ currency, amount: fmt(total, 18) });
  }
  return applyDebtRatio(viewLoan(loan, org), fmt(loanAmount, 18), collaterals, now, prices);
}

function patchLoan(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  const media = mediaTypeOf(req.headers['content-type']);
  if (media === undefined) throw badRequest(`Content-Type is required: one of ${LOAN_MEDIA.join(', ')}`);
  if (!(LOAN_MEDIA as readonly string[]).includes(media)) {
    throw badRequest(
      `Content-Type ${JSON.stringify(media.slice(0, 100))} is not a loan operation; use one of ${LOAN_MEDIA.join(', ')}`,
    );
  }
  const body = parseJsonObject(req.body, media === MEDIA.approve);
  const loan = findCallerLoan(req);
  const store = req.store;
  const now = String(store.now());
  if (media === MEDIA.estimate) return json(estimate(loan, org, body, now, store.prices));
  const own = store.organization(org);
  const actor: machine.Actor = {
    organizationId: org,
    userId: req.caller.userId,
    counterpartyId: own?.counterparty.counterpartyId ?? '',
    now,
    prices: store.prices,
  };
  let change: machine.Change;
  let action: LoanActionName;
  switch (media) {
    case MEDIA.approve:
      if (Object.keys(body).length > 0) throw badRequest('approve-loan takes no body (empty or {})');
      change = machine.approve(loan, actor);
      action = 'approve';
      break;
    case MEDIA.cancelInterest: {
      const input = {
        loanAllocationId: requiredString(body, 'loanAllocationId'),
        effectiveDate: optionalTimestamp(body, 'effectiveDate'),
      };
      optionalString(body, 'portfolioId');
      change = machine.cancelInterestPayment(loan, actor, input);
      action = 'cancel-interest-payment';
      break;
    }
    case MEDIA.acceptRepayment: {
      const input = {
        amount: optionalAmount(body, 'amount'),
        effectiveDate: optionalTimestamp(body, 'effectiveDate'),
      };
      optionalString(body, 'collateralPortfolioId');
      change = machine.acceptRepayment(loan, actor, input);
      action = 'accept-repayment';
      break;
    }
    default: {
      const input = { loanAllocationId: requiredString(body, 'loanAllocationId') };
      optionalString(body, 'collateralPortfolioId');
      change = machine.confirmExternalDisbursement(loan, actor, input);
      action = 'confirm-external-disbursement';
    }
  }
  const portfolioId =
    (sideOf(loan, org) === 'lend' ? loan.lenderPortfolioId : loan.borrowerPortfolioId) ?? '';
  store.recordActivity(org, change.activity, change.description, req.caller.userId, portfolioId);
  store.emit({ kind: 'loan-updated', action, loan });
  return json(viewLoan(loan, org));
}

/**
 * Dry run: `{loanAmount, loanCurrency, collaterals?, targetLtv?, collateralCurrency?}`. `ltv` is
 * the LTV with the given collaterals; with none, the LTV after posting the required collateral.
 */
function dryRun(req: PlatformRequest): Reply {
  requireOwnOrganization(req);
  const media = mediaTypeOf(req.headers['content-type']);
  if (media !== MEDIA.dryRun) throw badRequest(`Content-Type must be ${MEDIA.dryRun}`);
  const body = parseJsonObject(req.body);
  const loanAmount = requiredAmount(body, 'loanAmount');
  const loanCurrency = currencyField(body.loanCurrency, 'loanCurrency');
  const collaterals = optionalCollaterals(body, 'collaterals', false) ?? [];
  const targetRaw = optionalAmount(body, 'targetLtv');
  const target = targetRaw === undefined ? undefined : new Dec(targetRaw);
  if (target !== undefined && target.gt(10))
    throw badRequest('targetLtv must be a ratio such as "0.5" (at most 10)');
  const collateralCurrency =
    body.collateralCurrency === undefined
      ? collaterals[0]?.currency
      : currencyField(body.collateralCurrency, 'collateralCurrency');
  const prices = req.store.prices;
  const loanUsd = usdValue(loanAmount, loanCurrency, 'loanCurrency', prices);
  const collateralUsd = totalUsd(collaterals, 'collaterals', prices);
  const out: Record<string, string> = {
    loanAmount,
    loanCurrency,
    loanValueUsd: fmt(loanUsd, 2),
    collateralValueUsd: fmt(collateralUsd, 2),
  };
  let ltv = ltvOf(loanUsd, collateralUsd);
  if (target !== undefined) {
    const needUsd = Dec.max(0, loanUsd.div(target).minus(collateralUsd));
    out.requiredCollateralUsd = fmt(needUsd, 2);
    const price = collateralCurrency === undefined ? undefined : priceOf(collateralCurrency, prices);
    if (price !== undefined && collateralCurrency !== undefined) {
      out.requiredCollateralAmount = fmt(needUsd.div(price), 8);
      out.requiredCollateralCurrency = collateralCurrency;
    }
    if (ltv === undefined) ltv = target;
  }
  if (ltv === undefined) throw badRequest('collaterals (with a positive value) or targetLtv is required');
  out.ltv = fmtLtv(ltv);
  out.ltvStatus = ltvStatusOf(ltv);
  return json(out);
}

export const loanActionRoutes: Route[] = [
  { method: 'PATCH', pattern: '/organizations/:organizationId/loans/:loanId', handler: patchLoan },
  { method: 'PATCH', pattern: '/organizations/:organizationId/loans', handler: dryRun },
];
