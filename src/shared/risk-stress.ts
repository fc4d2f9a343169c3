/**
 * Stressing the book (issue 28, item 2): what a shock would do to every open loan, computed from
 * the platform's own LTV (`debtRatio`) and thresholds, with decimal.js only. Never a request: the
 * board's loans are all it reads.
 *
 * Shocks (X a percentage, x = X/100):
 * - "collateral value falls by X %": the debt stays, the collateral is worth 1 − x of what it was,
 *   so LTV' = LTV / (1 − x). It reaches a line T when x ≥ 1 − LTV/T: the board's headroom.
 * - "the loan's asset rises by X %": the debt is worth 1 + x of what it was, so
 *   LTV' = LTV × (1 + x). It reaches T when x ≥ T/LTV − 1.
 * - "asset A falls by X %" (an estimate, at the operator's reference prices): only the part of the
 *   collateral held in A falls, so the collateral's value falls by A's share of it × x.
 *
 * Those critical x are computed once per loan and line (a division each, at 100 significant
 * digits), so a shock only compares: an X typed on 8,000 loans answers within a frame. The
 * comparison is exact: when the exact quotient has at most 100 digits it is computed exactly, and
 * when it has more it cannot equal an X of at most 10 digits; nor, for an LTV and thresholds of
 * under 80 digits (the platform's have 4 to 6), come within the 10^-100 rounding of one.
 *
 * Lines: the warning line (margin call − the warning band's points / 100), the margin call and the
 * default thresholds (`extra.marginCallThreshold`, `extra.defaultThreshold`). A loan "would cross"
 * a line when its LTV is below it now and at or above it under the shock. A loan whose LTV or
 * thresholds are unknown is "unknown", never safe.
 *
 * Top-up: for each loan at or past the warning line under the shock, the collateral that brings it
 * back to its target LTV (`topUpTarget`, ./risk.ts), by the formula of ./risk-top-up.ts:
 * x = C·(L'/T − 1) for collateral C of one currency at the shocked price, rounded up. Collateral in
 * several currencies has no single answer without prices: counted, never given a number.
 */
import Decimal from 'decimal.js';
import { Exact } from './decimal';
import { DEFAULT_WARNING_POINTS, readDecimal, topUpTarget } from './risk';
import type { Loan } from './platform/resources';
import type { Shock } from './risk-shock';
import { readCollateral, type CollateralHeld } from './risk-top-up';

export { readShock, SHOCK_KINDS, type Shock, type ShockKind, type ShockRead } from './risk-shock';

/** The lines a loan may cross, lowest first. */
export const STRESS_LINES = ['warning', 'margin-call', 'default'] as const;
export type StressLine = (typeof STRESS_LINES)[number];

/** A currency's reference price (all in one quote), or null when the sheet has none. */
export type PriceOf = (currency: string) => Decimal | null;

type Lines<T> = Record<StressLine, T>;

interface KnownLoan {
  loanId: string;
  known: true;
  ltv: Decimal;
  lines: Lines<Decimal>;
  /** Collateral amounts per currency, or why they cannot be read. */
  collateral: CollateralHeld;
  /** What a top-up needs, read once: the target and the collateral of one currency, or why none. */
  base: TopUpBase;
}

type NoTopUp = Extract<StressTopUp, { ok: false }>;
type TopUpBase =
  | { ok: false; none: NoTopUp }
  | { ok: true; target: Decimal; currency: string; held: Decimal; decimals: number };

function topUpBase(target: Decimal | null, collateral: KnownLoan['collateral']): TopUpBase {
  const none = (why: string, reason: NoTopUp['reason']): TopUpBase => ({
    ok: false,
    none: { ok: false, why, reason },
  });
  if (target === null) return none('no target LTV', 'no-target');
  if ('why' in collateral) return none(collateral.why, 'collateral');
  if (collateral.amounts.size > 1) {
    const names = [...collateral.amounts.keys()].sort().join(', ');
    return none(`collateral in ${names}: no single amount`, 'several-currencies');
  }
  const [currency, held] = [...collateral.amounts][0] as [string, Decimal];
  if (held.isZero()) return none('the collateral held is 0', 'collateral');
  return { ok: true, target, currency, held, decimals: collateral.decimals };
}

type Prepared = KnownLoan | { loanId: string; known: false; why: string };

type Uniform = 'collateral-falls' | 'asset-rises';

/**
 * For a uniform shock, each line's critical x of every loan, sorted: the loans past a line under x
 * are those ranked below the count of critical values ≤ x (one binary search per line).
 */
interface Ranked {
  /** Per line: the critical values, ascending (loans that never reach the line left out). */
  sorted: Lines<Decimal[]>;
  /** Per line and loan: its position in `sorted`, or -1 when it never reaches the line. */
  rank: Lines<Int32Array>;
}

/** The book read once per board: a shock then compares integers and computes the top-ups. */
export interface StressBook {
  loans: Prepared[];
  /** Position of each loan id in `loans`. */
  index: Map<string, number>;
  /** Per uniform shock, computed when first asked. */
  ranked: Partial<Record<Uniform, Ranked>>;
}

const ONE = new Exact(1);
const HUNDRED = new Exact(100);
const MINUS_ONE = new Exact(-1);

/** `band`: the warning band as an LTV ratio (points / 100). */
function prepare(loan: Loan, band: Decimal, warningPoints: string): Prepared {
  const loanId = String(loan.loanId);
  const ltv = readDecimal(loan.debtRatio);
  const mc = readDecimal(loan.extra?.marginCallThreshold);
  const dflt = readDecimal(loan.extra?.defaultThreshold);
  if (ltv === null || ltv.isNegative()) return { loanId, known: false, why: 'the LTV is unknown' };
  if (mc === null || mc.lte(0)) return { loanId, known: false, why: 'the margin-call threshold is unknown' };
  if (dflt === null || dflt.lte(0)) return { loanId, known: false, why: 'the default threshold is unknown' };
  const read = readDecimal(topUpTarget(loan, warningPoints));
  const target = read !== null && read.gt(0) ? read : null;
  const collateral = readCollateral(loan);
  return {
    loanId,
    known: true,
    ltv,
    lines: { warning: mc.minus(band), 'margin-call': mc, default: dflt },
    collateral,
    base: topUpBase(target, collateral),
  };
}

/** Reads the board's loans once (a board holds ~8,000); every shock reuses what it read. */
export function prepareStress(
  loans: readonly Loan[],
  warningPoints: string = DEFAULT_WARNING_POINTS,
): StressBook {
  const band = (readDecimal(warningPoints) ?? new Exact(DEFAULT_WARNING_POINTS)).div(HUNDRED);
  const prepared = loans.map((loan) => prepare(loan, band, warningPoints));
  return { loans: prepared, index: new Map(prepared.map((p, i) => [p.loanId, i])), ranked: {} };
}

/**
 * x at which the LTV reaches a line: 1 − L/T for a fall, T/L − 1 for a rise; null: never. A line
 * at or below 0 (a warning band wider than the margin call) is reached already: −1.
 */
function criticalOf(p: KnownLoan, kind: Uniform, line: StressLine): Decimal | null {
  const t = p.lines[line];
  if (t.lte(0)) return MINUS_ONE;
  if (kind === 'collateral-falls') return ONE.minus(p.ltv.div(t));
  return p.ltv.isZero() ? null : t.div(p.ltv).minus(ONE);
}

function rankLine(book: StressBook, kind: Uniform, line: StressLine) {
  const keyed: { i: number; c: Decimal }[] = [];
  book.loans.forEach((p, i) => {
    const c = p.known ? criticalOf(p, kind, line) : null;
    if (c !== null) keyed.push({ i, c });
  });
  keyed.sort((a, b) => a.c.comparedTo(b.c) || a.i - b.i);
  const rank = new Int32Array(book.loans.length).fill(-1);
  keyed.forEach((k, r) => (rank[k.i] = r));
  return { sorted: keyed.map((k) => k.c), rank };
}

function rankedOf(book: StressBook, kind: Uniform): Ranked {
  let ranked = book.ranked[kind];
  if (ranked === undefined) {
    const [w, m, d] = STRESS_LINES.map((line) => rankLine(book, kind, line)) as [
      ReturnType<typeof rankLine>,
      ReturnType<typeof rankLine>,
      ReturnType<typeof rankLine>,
    ];
    ranked = {
      sorted: { warning: w.sorted, 'margin-call': m.sorted, default: d.sorted },
      rank: { warning: w.rank, 'margin-call': m.rank, default: d.rank },
    };
    book.ranked[kind] = ranked;
  }
  return ranked;
}

/** A loan of rank r (−1: never) is past the line when fewer than `cutoff` critical values precede it. */
const isRankedPast = (r: number, cutoff: number): boolean => r >= 0 && r < cutoff;

/** How many of the ascending values are ≤ x. */
function countAtMost(sorted: readonly Decimal[], x: Decimal): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as Decimal).lte(x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type StressTopUp =
  | { ok: true; amount: string; currency: string; targetLtv: string }
  | { ok: false; why: string; reason: 'several-currencies' | 'no-target' | 'collateral' };

export type StressedLoan =
  | { loanId: string; known: false; why: string }
  | {
      loanId: string;
      known: true;
      ltv: string;
      /** The LTV under the shock, rounded up to 6 decimals for display (the crossings use it exactly). */
      stressedLtv: string;
      /** Lines below the LTV now and at or above it under the shock. */
      crosses: StressLine[];
      /** The highest line the stressed LTV is at or past, or null below the warning line. */
      level: StressLine | null;
      /** The shock does not touch this loan (its collateral holds none of the falling asset). */
      untouched: boolean;
      /** For loans at or past the warning line under the shock. */
      topUp: StressTopUp | null;
    };

export interface StressTotal {
  currency: string;
  amount: string;
  loans: number;
}

const UNKNOWN = -2;
const BELOW = -1;

export interface StressResult {
  shock: Shock;
  book: StressBook;
  /** Per loan (the book's order): the index in STRESS_LINES of the highest line past, BELOW, or UNKNOWN. */
  level: Int8Array;
  /** Per loan: bit n set when it newly crosses STRESS_LINES[n]. */
  crossed: Uint8Array;
  /** Per loan: LTV' = LTV × mul / den (den per loan for an asset's fall). */
  mul: Decimal;
  den: Decimal | (Decimal | null)[];
  /** Loans unknown under this shock only (an asset's fall without prices), with why. */
  why: Map<number, string>;
  /** Per loan at or past the warning line: its top-up amount, or why it has none. */
  topUp: Map<number, Decimal | NoTopUp>;
  /** Loans that would newly cross each line (a loan crossing several lines counts in each). */
  crosses: Lines<number>;
  /** Loans at or past each line under the shock, whether already there or not. */
  past: Lines<number>;
  /** Loans whose LTV or thresholds (or, for an asset's fall, collateral prices) are unknown. */
  unknown: number;
  /** Loans crossing at least one line. */
  crossing: number;
  /** Top-ups per collateral currency, for the loans at or past the warning line. */
  topUps: StressTotal[];
  /** Loans at or past the warning line without a top-up figure, by reason. */
  topUpMissing: Record<Extract<StressTopUp, { ok: false }>['reason'], number>;
}

/** x = C·(L'/T − 1) = C·(L·mul − T·den) / (T·den), rounded up (a Decimal); or why there is no figure. */
function topUpOf(p: KnownLoan, mul: Decimal, den: Decimal): Decimal | NoTopUp {
  const base = p.base;
  if (!base.ok) return base.none;
  const num = mul === ONE ? p.ltv : p.ltv.times(mul);
  const targetDen = den === ONE ? base.target : base.target.times(den);
  if (num.lte(targetDen))
    return {
      ok: false,
      why: `the target ${base.target.toFixed()} is not below the stressed LTV`,
      reason: 'no-target',
    };
  return base.held
    .times(num.minus(targetDen))
    .div(targetDen)
    .toDecimalPlaces(base.decimals, Decimal.ROUND_UP);
}

/** The fraction of its value the collateral loses when one asset falls; null: untouched; a string: why unknown. */
function currencyFall(
  p: KnownLoan,
  shock: Shock,
  x: Decimal,
  priceOf: PriceOf | undefined,
): Decimal | null | string {
  if ('why' in p.collateral) return p.collateral.why;
  const falling = shock.currency ?? '';
  if (!p.collateral.amounts.has(falling)) return null;
  if (priceOf === undefined) return 'no reference prices';
  let total = new Exact(0);
  let share = new Exact(0);
  for (const [ccy, amount] of p.collateral.amounts) {
    const price = priceOf(ccy);
    if (price === null) return `no reference price for ${ccy}`;
    const value = amount.times(price);
    total = total.plus(value);
    if (ccy === falling) share = value;
  }
  if (total.lte(0)) return 'the collateral is worth 0 at your prices';
  return share.times(x).div(total);
}

const zeroLines = (): Lines<number> => ({ warning: 0, 'margin-call': 0, default: 0 });

/** Every loan of the book under the shock, and the book's counts and top-ups per currency. */
export function stressBook(book: StressBook, shock: Shock, priceOf?: PriceOf): StressResult {
  const x = new Exact(shock.percent).div(HUNDRED);
  const n = book.loans.length;
  const uniform = shock.kind === 'currency-falls' ? null : rankedOf(book, shock.kind);
  const cutoff = uniform === null ? null : STRESS_LINES.map((line) => countAtMost(uniform.sorted[line], x));
  const dens: (Decimal | null)[] = [];
  const result: StressResult = {
    shock,
    book,
    level: new Int8Array(n).fill(BELOW),
    crossed: new Uint8Array(n),
    mul: shock.kind === 'asset-rises' ? ONE.plus(x) : ONE,
    den: shock.kind === 'collateral-falls' ? ONE.minus(x) : shock.kind === 'asset-rises' ? ONE : dens,
    why: new Map(),
    topUp: new Map(),
    crosses: zeroLines(),
    past: zeroLines(),
    unknown: 0,
    crossing: 0,
    topUps: [],
    topUpMissing: { 'several-currencies': 0, 'no-target': 0, collateral: 0 },
  };
  const sums = new Map<string, { sum: Decimal; loans: number }>();
  for (let i = 0; i < n; i++) {
    const p = book.loans[i] as Prepared;
    if (!p.known) {
      result.level[i] = UNKNOWN;
      result.unknown++;
      continue;
    }
    let den = result.den as Decimal;
    if (uniform === null) {
      const fall = currencyFall(p, shock, x, priceOf);
      if (typeof fall === 'string') {
        result.level[i] = UNKNOWN;
        result.why.set(i, fall);
        result.unknown++;
        continue;
      }
      den = fall === null ? ONE : ONE.minus(fall);
      dens[i] = fall === null ? null : den;
    }
    let level = BELOW;
    for (let l = 0; l < STRESS_LINES.length; l++) {
      const line = STRESS_LINES[l] as StressLine;
      const past =
        uniform !== null && cutoff !== null
          ? isRankedPast(uniform.rank[line][i] as number, cutoff[l] as number)
          : p.ltv.gte(p.lines[line].times(den));
      if (!past) continue;
      level = l;
      result.past[line]++;
      if (p.ltv.lt(p.lines[line])) {
        result.crossed[i] = (result.crossed[i] as number) | (1 << l);
        result.crosses[line]++;
      }
    }
    result.level[i] = level;
    if (result.crossed[i] !== 0) result.crossing++;
    if (level === BELOW) continue;
    const topUp = topUpOf(p, result.mul, den);
    result.topUp.set(i, topUp);
    if (!Decimal.isDecimal(topUp)) {
      result.topUpMissing[topUp.reason]++;
      continue;
    }
    const currency = (p.base as Extract<TopUpBase, { ok: true }>).currency;
    const sum = sums.get(currency);
    if (sum === undefined) sums.set(currency, { sum: topUp, loans: 1 });
    else {
      sum.sum = sum.sum.plus(topUp);
      sum.loans++;
    }
  }
  result.topUps = [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, t]) => ({ currency, amount: t.sum.toFixed(), loans: t.loans }));
  return result;
}

function topUpShown(p: KnownLoan, topUp: Decimal | NoTopUp | undefined): StressTopUp | null {
  if (topUp === undefined) return null;
  if (!Decimal.isDecimal(topUp) || !p.base.ok) return topUp as NoTopUp;
  return { ok: true, amount: topUp.toFixed(), currency: p.base.currency, targetLtv: p.base.target.toFixed() };
}

/** Whether the loan would newly cross a line under the stress. */
export function wouldCross(result: StressResult, loanId: string): boolean {
  const i = result.book.index.get(loanId);
  return i !== undefined && result.crossed[i] !== 0;
}

/** One loan under the stress, for display (built on demand: the board shows a few dozen rows). */
export function stressedLoan(result: StressResult, loanId: string): StressedLoan | undefined {
  const i = result.book.index.get(loanId);
  if (i === undefined) return undefined;
  const p = result.book.loans[i] as Prepared;
  if (!p.known) return p;
  const why = result.why.get(i);
  if (why !== undefined) return { loanId, known: false, why };
  const den = Array.isArray(result.den) ? (result.den[i] ?? ONE) : result.den;
  const level = result.level[i] as number;
  return {
    loanId,
    known: true,
    ltv: p.ltv.toFixed(),
    stressedLtv: p.ltv.times(result.mul).div(den).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed(),
    crosses: STRESS_LINES.filter((_, l) => ((result.crossed[i] as number) & (1 << l)) !== 0),
    level: level >= 0 ? (STRESS_LINES[level] as StressLine) : null,
    untouched: Array.isArray(result.den) && result.den[i] === null,
    topUp: topUpShown(p, result.topUp.get(i)),
  };
}
