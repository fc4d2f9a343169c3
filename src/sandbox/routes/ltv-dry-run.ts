/**
 * `PATCH /organizations/{org}/loans` with the LTV dry run's media type (the specification's,
 * src/shared/platform/media-types.ts). The specification does not show the body; the sandbox's
 * own reading is `{loanAmount, loanCurrency, collaterals?, targetLtv?, collateralCurrency?}`
 * (docs/sandbox.md), collaterals in the estimate's collateral shape (schemas/loan-bodies.ts).
 * `ltv` is the LTV with the given collaterals; with none, the target.
 */
import { z } from 'zod';
import { LTV_DRY_RUN_MEDIA_TYPE } from '../../shared/platform/media-types';
import { mediaTypeOf, parseJsonObject } from '../body';
import { badRequest } from '../errors';
import { fmtLtv, ltvOf, ltvStatusOf, totalUsd, usdValue } from '../ltv';
import { CURRENCIES, Dec, fmt, priceOf } from '../money';
import { NO_QUERY, parseQuery } from '../query';
import { json, requireOwnOrganization, type PlatformRequest, type Reply, type Route } from '../router';
import { parseOr400 } from '../validation';
import { collateralEntry } from '../schemas/loan-bodies';
import { amount, amountFault } from '../schemas/values';

/** A currency the sandbox has a price for. */
export const pricedCurrency = z
  .string()
  .refine(
    (c) => priceOf(c) !== undefined,
    `must be a currency the sandbox prices (${CURRENCIES.map((c) => c.currency).join(', ')})`,
  );

const MAX_TARGET_LTV = 10;

const dryRunBody = z.strictObject({
  loanAmount: amount,
  loanCurrency: pricedCurrency,
  collaterals: z
    .array(collateralEntry.extend({ currency: pricedCurrency }))
    .max(50, 'must have at most 50 collaterals')
    .optional(),
  targetLtv: amount
    // zod runs every check even after the amount's own failed: only an amount reaches decimal.js.
    .refine(
      (v) => amountFault(v) !== null || new Dec(v).lte(MAX_TARGET_LTV),
      `must be a ratio such as "0.5" (at most ${MAX_TARGET_LTV})`,
    )
    .optional(),
  collateralCurrency: pricedCurrency.optional(),
});

function dryRun(req: PlatformRequest): Reply {
  requireOwnOrganization(req);
  parseQuery(NO_QUERY, req.query);
  if (mediaTypeOf(req.headers['content-type']) !== LTV_DRY_RUN_MEDIA_TYPE)
    throw badRequest(`Content-Type must be ${LTV_DRY_RUN_MEDIA_TYPE}`);
  const body = parseOr400(dryRunBody, parseJsonObject(req.body), {
    expected: 'the dry run takes {loanAmount, loanCurrency, collaterals?, targetLtv?, collateralCurrency?}',
  });
  const { loanAmount, loanCurrency } = body;
  const collaterals = body.collaterals ?? [];
  const target = body.targetLtv === undefined ? undefined : new Dec(body.targetLtv);
  const collateralCurrency = body.collateralCurrency ?? collaterals[0]?.currency;
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

export const ltvDryRunRoute: Route = {
  method: 'PATCH',
  pattern: '/organizations/:organizationId/loans',
  handler: dryRun,
};
