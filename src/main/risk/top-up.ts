/**
 * The top-up an alert shows, from the loan's own figures (issue 25, finding 9): the watch used to
 * send an LTV dry run for each loan entering margin call (up to 20 a cycle, on production too),
 * with a body and answer fields the specification does not give. The dry run is manual again (the
 * loan tab and the board's detail ask for it); the watch only reads.
 *
 * The LTV is the debt over the collateral's value. Adding x to collateral C of one currency, at
 * today's price, turns an LTV L into L·C/(C+x); for it to reach the target T (`extra.initialLtv`,
 * the board's `topUpTarget`), x = C·(L/T − 1). This holds whatever the debt includes (interest,
 * fees), since only the collateral side changes. Collateral in several currencies has no single
 * answer without prices: the alert then says by what share each would have to grow.
 */
import Decimal from 'decimal.js';
import { Exact } from '../../shared/decimal';
import { readDecimal, topUpTarget, type TopUp } from '../../shared/risk';
import type { Loan } from '../../shared/platform/resources';

/** At least this many decimals in a top-up (rounded up, so the amount always suffices). */
const MIN_DECIMALS = 8;
const MAX_DECIMALS = 18;

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function collateralRows(loan: Loan): Record<string, unknown>[] {
  const embedded: unknown = loan.embedded;
  if (typeof embedded !== 'object' || embedded === null) return [];
  const list = (embedded as Record<string, unknown>).collaterals;
  return Array.isArray(list)
    ? list.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    : [];
}

export function topUpFromLoan(loan: Loan, at: string): TopUp {
  const target = topUpTarget(loan);
  if (target === null) return { ok: false, why: 'the loan states no initial LTV to return to', at };
  const ltv = readDecimal(loan.debtRatio);
  if (ltv === null) return { ok: false, why: 'the loan’s LTV is unknown', at };
  if (ltv.lte(target)) return { ok: false, why: `the LTV is already at or below ${target}`, at };
  const rows = collateralRows(loan);
  if (rows.length === 0) return { ok: false, why: 'the loan lists no collateral', at };
  const currencies = new Set<string>();
  let total = new Exact(0);
  let decimals = MIN_DECIMALS;
  for (const c of rows) {
    const amount = readDecimal(c.amount);
    if (typeof c.currency !== 'string' || c.currency === '' || amount === null || amount.isNegative())
      return { ok: false, why: 'a collateral’s amount or currency is unknown', at };
    currencies.add(c.currency);
    total = total.plus(amount);
    decimals = Math.max(decimals, decimalsOf(c.amount as string));
  }
  const growth = ltv.div(target).minus(1);
  if (currencies.size > 1) {
    const share = growth.times(100).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed();
    const names = [...currencies].sort().join(', ');
    return { ok: false, why: `collateral in ${names}: each would have to grow by ${share} %`, at };
  }
  const amount = total.times(growth).toDecimalPlaces(Math.min(decimals, MAX_DECIMALS), Decimal.ROUND_UP);
  return {
    ok: true,
    amount: amount.toFixed(),
    currency: [...currencies][0] as string,
    targetLtv: target,
    at,
  };
}
