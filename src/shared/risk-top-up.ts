/**
 * The top-up: the collateral that brings a loan back to a target LTV (issue 28, point 1). One place
 * for the watch's alerts (main), the board's cells and the detail's formula (renderer); decimal.js
 * only, nothing sent.
 *
 * THE TARGET is the lowest of the loan's own figures, each only when it is a positive decimal:
 * - `extra.rebalanceThreshold`, when present;
 * - `extra.initialLtv`;
 * - `extra.marginCallThreshold` minus the warning band (the watch's `warningPoints` LTV points).
 * The last keeps a target below the margin-call line even when the initial LTV is above it, so a
 * top-up always leaves the loan out of the warning band. No candidate: "no target", with why.
 *
 * THE AMOUNT: the LTV is the debt over the collateral's value. Adding x to collateral C of one
 * currency, at today's price, turns an LTV L into L·C/(C+x); for it to reach the target T,
 * x = C·(L/T − 1), rounded UP so it always suffices. This holds whatever the debt includes
 * (interest, fees), since only the collateral side changes. Collateral in several currencies has no
 * single answer without prices: the answer then says by what share each would have to grow.
 *
 * NEVER 0: a loan at or above its margin-call line (by the platform's status or its LTV) whose
 * target is not below its LTV has "no usable target", said with both figures, never "add 0".
 *
 * JSON NUMBERS (a platform quirk, issue 25): an LTV or threshold sent as a JSON number where the
 * specification promises a decimal string is not computed with, as everywhere in the console
 * (docs/platform-quirks.md: JavaScript may already have rounded it; the lossless re-read keeps its
 * digits for display only). It is named in the answer, so the operator sees why and can ask the
 * platform's own dry run.
 */
import Decimal from 'decimal.js';
import { Exact } from './decimal';
import type { Loan } from './platform/resources';
import {
  jsonNumberNote,
  ltvPercent,
  ltvStatusOf,
  readDecimal,
  topUpTargetOf,
  type TopUp,
  type TopUpTarget,
} from './risk';

/** At least this many decimals in a top-up (rounded up, so the amount always suffices). */
const MIN_DECIMALS = 8;
const MAX_DECIMALS = 18;

/**
 * "min(rebalance 60 %, initial 65 %, margin call 80 % − 5 points) = 60 %", or why there is none.
 * `percent` formats a ratio (the renderer passes its own, so the pane reads alike throughout).
 */
export function targetFormula(target: TopUpTarget, percent: (ratio: string) => string = ltvPercent): string {
  if (!target.ok) return `no target: ${target.why}`;
  const terms = target.candidates.map((c) =>
    c.source === 'rebalance'
      ? `rebalance ${percent(c.ltv)}`
      : c.source === 'initial'
        ? `initial ${percent(c.ltv)}`
        : `margin call ${percent(c.marginCall ?? '0')} − ${c.points ?? '?'} points`,
  );
  return `min(${terms.join(', ')}) = ${percent(target.ltv)}`;
}

export type TopUpAnswer =
  | { ok: true; amount: string; currency: string; targetLtv: string }
  | { ok: false; why: string; noTarget: boolean };

/** The working behind a top-up: what the detail pane shows as a formula. */
export interface TopUpWorking {
  target: TopUpTarget;
  /** The loan's LTV when readable. */
  ltv: string | null;
  /** The collateral held, when it is in one currency and readable. */
  collateral: { amount: string; currency: string } | null;
  answer: TopUpAnswer;
}

function collateralRows(loan: Loan): Record<string, unknown>[] {
  const embedded: unknown = loan.embedded;
  if (typeof embedded !== 'object' || embedded === null) return [];
  const list = (embedded as Record<string, unknown>).collaterals;
  return Array.isArray(list)
    ? list.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    : [];
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * The collateral a loan holds, summed per currency, with the decimals a top-up in it is rounded up
 * to (the most any amount has, at least 8, at most 18); or why it cannot be read. Shared with the
 * stress (./risk-stress.ts).
 */
export type CollateralHeld = { amounts: Map<string, Decimal>; decimals: number } | { why: string };

export function readCollateral(loan: Loan): CollateralHeld {
  const rows = collateralRows(loan);
  if (rows.length === 0) return { why: 'the loan lists no collateral' };
  const amounts = new Map<string, Decimal>();
  let decimals = MIN_DECIMALS;
  for (const c of rows) {
    const amount = readDecimal(c.amount);
    if (typeof c.currency !== 'string' || c.currency === '' || amount === null || amount.isNegative())
      return { why: 'a collateral’s amount or currency is unknown' };
    amounts.set(c.currency, (amounts.get(c.currency) ?? new Exact(0)).plus(amount));
    decimals = Math.max(decimals, decimalsOf(c.amount as string));
  }
  return { amounts, decimals: Math.min(decimals, MAX_DECIMALS) };
}

/** Whether the loan is at or above its margin-call line: by the platform's status, or by its LTV. */
function pastMarginCall(loan: Loan, ltv: Decimal): boolean {
  const status = ltvStatusOf(loan);
  if (status === 'margin-call' || status === 'default') return true;
  const mc = readDecimal(loan.extra?.marginCallThreshold);
  return mc !== null && mc.gt(0) && ltv.gte(mc);
}

/** The top-up and its working, from the loan's own figures (see the file comment). */
export function topUpWorking(loan: Loan, warningPoints?: string): TopUpWorking {
  const target = topUpTargetOf(loan, warningPoints);
  const ltv = readDecimal(loan.debtRatio);
  const working = (answer: TopUpAnswer, collateral: TopUpWorking['collateral'] = null): TopUpWorking => ({
    target,
    ltv: ltv === null ? null : ltv.toFixed(),
    collateral,
    answer,
  });
  const fail = (why: string, noTarget = false) => working({ ok: false, why, noTarget });
  if (!target.ok) return fail(target.why, true);
  if (ltv === null) return fail(jsonNumberNote('debtRatio', loan.debtRatio) ?? 'the loan’s LTV is unknown');
  if (ltv.lte(target.ltv)) {
    return pastMarginCall(loan, ltv)
      ? fail(
          `no usable target: the target LTV ${ltvPercent(target.ltv)} is not below the loan’s LTV ${ltvPercent(ltv)}, which is at or past its margin call`,
          true,
        )
      : fail(`the LTV is already at or below the target ${ltvPercent(target.ltv)}`);
  }
  const collateral = readCollateral(loan);
  if ('why' in collateral) return fail(collateral.why);
  const growth = ltv.div(target.ltv).minus(1);
  if (collateral.amounts.size > 1) {
    const share = growth.times(100).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed();
    const names = [...collateral.amounts.keys()].sort().join(', ');
    return fail(`collateral in ${names}: each would have to grow by ${share} %`);
  }
  const [currency, total] = [...collateral.amounts][0] as [string, Decimal];
  const held = { amount: total.toFixed(), currency };
  // No multiple of nothing reaches the target: never "add 0".
  if (total.isZero()) return working({ ok: false, why: 'the collateral held is 0', noTarget: false }, held);
  const amount = total.times(growth).toDecimalPlaces(collateral.decimals, Decimal.ROUND_UP);
  return working({ ok: true, amount: amount.toFixed(), currency, targetLtv: target.ltv }, held);
}

/** The top-up as the watch keeps and alerts it. */
export function topUpFromLoan(loan: Loan, at: string, warningPoints?: string): TopUp {
  const { answer } = topUpWorking(loan, warningPoints);
  if (answer.ok) return { ...answer, at };
  return answer.noTarget
    ? { ok: false, why: answer.why, at, noTarget: true }
    : { ok: false, why: answer.why, at };
}

/** "add = 2 BTC × (0.88 / 0.6 − 1) = 0.93333334 BTC", or null when there is nothing to show. */
export function amountFormula(w: TopUpWorking): string | null {
  if (!w.answer.ok || w.collateral === null || w.ltv === null) return null;
  const { amount, currency } = w.collateral;
  return `add = collateral × (LTV / target − 1) = ${amount} ${currency} × (${w.ltv} / ${w.answer.targetLtv} − 1) = ${w.answer.amount} ${w.answer.currency}`;
}

/**
 * The LTV dry-run body that asks the platform for the collateral bringing a loan back to the target
 * (docs/sandbox.md "LTV dry run": `targetLtv` → `requiredCollateral*`), or why none can be asked.
 */
export function topUpDryRunBody(
  loan: Loan,
  warningPoints?: string,
): { ok: true; body: Record<string, unknown> } | { ok: false; why: string } {
  const target = topUpTargetOf(loan, warningPoints);
  const collaterals = collateralRows(loan).filter((c) => typeof c.currency === 'string');
  if (!target.ok) return { ok: false, why: `no target: ${target.why}` };
  if (collaterals.length === 0) return { ok: false, why: 'the loan lists no collateral' };
  return {
    ok: true,
    body: {
      loanAmount: loan.amount,
      loanCurrency: loan.currency,
      collaterals: collaterals.map((c) => ({
        amount: c.amount,
        currency: c.currency,
        mainCurrency: c.mainCurrency,
      })),
      targetLtv: target.ltv,
      collateralCurrency: collaterals[0]?.currency,
    },
  };
}

function field(obj: unknown, name: string): unknown {
  return typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[name] : undefined;
}

/** The top-up read from a dry run's answer; amounts stay the platform's strings. */
export function readTopUp(answer: unknown, target: string, at: string): TopUp {
  const amount = field(answer, 'requiredCollateralAmount');
  const currency = field(answer, 'requiredCollateralCurrency');
  if (readDecimal(amount) === null || typeof currency !== 'string' || currency === '')
    return { ok: false, why: 'the dry run gave no collateral amount', at };
  // "Add 0" is never shown: the platform then says the loan needs nothing to reach the target.
  if (!(readDecimal(amount) as Decimal).gt(0))
    return { ok: false, why: `the dry run asks for no collateral to reach LTV ${ltvPercent(target)}`, at };
  return { ok: true, amount: amount as string, currency, targetLtv: target, at };
}
