/**
 * Risk arithmetic for the risk board and the watch (issue 13): one place, decimal.js only, used by
 * the main side (alerts) and the renderer (the board). Money, ratios and times stay strings at the
 * edges; nothing here turns a platform value into a JS number.
 *
 * Rules chosen where the specification is silent:
 * - A value that is missing, null, not a decimal string, or a JSON number where the platform
 *   promises a string is UNKNOWN (null here), never 0: a 0 LTV would read as "perfectly safe".
 * - Headroom to a threshold is the fall in collateral value that reaches it, for a fixed debt:
 *   `1 - debtRatio / threshold`, a fraction (0.2 = a 20 % fall). Negative means already past it.
 * - The LTV is stale when `debtRatioUpdatedAt` is older than STALE_AFTER_MS (15 minutes): the
 *   platform re-prices continuously, so a quarter of an hour without an update means its feed,
 *   or our reading of it, has stopped; a price can move several percent in that time.
 * - `marginCallExpiryPeriod` has no stated unit ("1 to 24 hours"). Read as hours when 1-24, as
 *   seconds when 3,600-86,400, as milliseconds when 3,600,000-86,400,000 (the sandbox's
 *   86400000); anything else is unknown. `embedded.marginCall` fields are not published either:
 *   `expiresAt` is used when it is an epoch-ms string, else `startedAt` (or `createdAt`) + period.
 *   With no start the board shows the time since the console first saw the margin call.
 */
import Decimal from 'decimal.js';
import { EXACT_PRECISION, Exact } from './decimal';
import type { LoanRow } from './loan-row';
import { z } from 'zod';
import type { LtvStatus } from './platform/enums';
import type { Loan } from './platform/resources';
import type { JobFailure } from './job-status';
import { timestampMs } from './timestamps';
import { isJsonNumberText } from './json-number';

export const STALE_AFTER_MS = 15 * 60_000;
/** The warning band: this many LTV points (percent of LTV) below the margin-call threshold. */
export const DEFAULT_WARNING_POINTS = '5';
export const DEFAULT_WATCH_INTERVAL_MS = 60_000;
export const DEFAULT_REMINDER_MS = 6 * 3_600_000;
/** "Nears the end of its cure period": less than this left. */
export const NEAR_CURE_END_MS = 3_600_000;

export const RISK_BANDS = ['default', 'margin-call', 'warning', 'healthy', 'unknown'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

const DECIMAL = /^-?\d+(\.\d+)?$/;
const HOUR_MS = new Exact(3_600_000);

/** A decimal string as a Decimal; anything else (null, a number, "abc", "1e3") is unknown. */
export function readDecimal(value: unknown): Decimal | null {
  return typeof value === 'string' && DECIMAL.test(value) ? new Exact(value) : null;
}

/** Epoch ms under the one timestamp rule (./timestamps.ts): seconds read as the tables read them. */
function readEpochMs(value: unknown): Decimal | null {
  const ms = timestampMs(value);
  return ms === null ? null : new Exact(ms);
}

/** `1 - ratio/threshold` as a decimal string, or null when either is unknown or the threshold is not positive. */
export function headroom(debtRatio: unknown, threshold: unknown): string | null {
  const ratio = readDecimal(debtRatio);
  const limit = readDecimal(threshold);
  if (ratio === null || limit === null || limit.lte(0) || ratio.isNegative()) return null;
  return new Exact(1).minus(ratio.div(limit)).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
}

/** Milliseconds since `updatedAt` (a string, may be negative on clock skew), or null when unknown. */
export function ltvAgeMs(updatedAt: unknown, now: string): string | null {
  const at = readEpochMs(updatedAt);
  const nowMs = readEpochMs(now);
  return at === null || nowMs === null ? null : nowMs.minus(at).toFixed();
}

/** Whether the LTV is older than `staleAfterMs`; null when its time is unknown. */
export function isStale(updatedAt: unknown, now: string, staleAfterMs = STALE_AFTER_MS): boolean | null {
  const age = ltvAgeMs(updatedAt, now);
  return age === null ? null : new Exact(age).gt(staleAfterMs);
}

/** The expiry period in ms under the unit rule above, or null. */
export function expiryPeriodMs(value: unknown): string | null {
  const p = readDecimal(value);
  if (p === null || !p.isInteger()) return null;
  if (p.gte(1) && p.lte(24)) return p.times(HOUR_MS).toFixed();
  if (p.gte(3_600) && p.lte(86_400)) return p.times(1000).toFixed();
  if (p.gte(3_600_000) && p.lte(86_400_000)) return p.toFixed();
  return null;
}

export interface CureTime {
  /** 'platform': from the margin call's start or expiry; 'first-seen': from the console's own sighting. */
  source: 'platform' | 'first-seen';
  /** Epoch ms when the cure period ends (platform source only). */
  endsAt: string | null;
  /** ms left (negative once expired); platform source only. */
  remainingMs: string | null;
  /** ms since the margin call started or was first seen. */
  elapsedMs: string | null;
}

function field(obj: unknown, name: string): unknown {
  return typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[name] : undefined;
}

/** Time left to cure a margin call; null when the loan is not in one. */
export function cureTime(loan: Loan, now: string, firstSeenAt?: string): CureTime | null {
  if (ltvStatusOf(loan) !== 'margin-call') return null;
  const nowMs = readEpochMs(now);
  const mc = loan.embedded?.marginCall;
  const start = readEpochMs(field(mc, 'startedAt')) ?? readEpochMs(field(mc, 'createdAt'));
  const period = expiryPeriodMs(loan.extra?.marginCallExpiryPeriod);
  const end =
    readEpochMs(field(mc, 'expiresAt')) ?? (start !== null && period !== null ? start.plus(period) : null);
  if (end !== null && nowMs !== null) {
    return {
      source: 'platform',
      endsAt: end.toFixed(),
      remainingMs: end.minus(nowMs).toFixed(),
      elapsedMs: start === null ? null : nowMs.minus(start).toFixed(),
    };
  }
  const seen = readEpochMs(firstSeenAt);
  return {
    source: 'first-seen',
    endsAt: null,
    remainingMs: null,
    elapsedMs: seen === null || nowMs === null ? null : nowMs.minus(seen).toFixed(),
  };
}

/** The platform's LTV status, or null when absent or not one of its three values. */
export function ltvStatusOf(loan: Loan): LtvStatus | null {
  const s: unknown = loan.debtRatioStatus;
  return s === 'healthy' || s === 'margin-call' || s === 'default' ? s : null;
}

/**
 * The loan's band: the platform's status first (it is the authority on margin calls); a healthy
 * loan within `warningPoints` LTV points of its margin-call threshold is in the warning band.
 */
export function riskBand(loan: Loan, warningPoints: string = DEFAULT_WARNING_POINTS): RiskBand {
  const status = ltvStatusOf(loan);
  if (status === 'default' || status === 'margin-call') return status;
  if (status === null) return 'unknown';
  const ratio = readDecimal(loan.debtRatio);
  const mc = readDecimal(loan.extra?.marginCallThreshold);
  const points = readDecimal(warningPoints) ?? new Exact(DEFAULT_WARNING_POINTS);
  if (ratio !== null && mc !== null && ratio.gte(mc.minus(points.div(100)))) return 'warning';
  return 'healthy';
}

export interface RiskRow {
  loanId: string;
  band: RiskBand;
  /** Headroom fractions (decimal strings) or null when unknown. */
  headroomMarginCall: string | null;
  headroomDefault: string | null;
  ltvAgeMs: string | null;
  stale: boolean | null;
  cure: CureTime | null;
}

export function assessLoan(
  loan: Loan,
  now: string,
  opts: { warningPoints?: string; firstSeenAt?: string; staleAfterMs?: number } = {},
): RiskRow {
  return {
    loanId: loan.loanId,
    band: riskBand(loan, opts.warningPoints),
    headroomMarginCall: headroom(loan.debtRatio, loan.extra?.marginCallThreshold),
    headroomDefault: headroom(loan.debtRatio, loan.extra?.defaultThreshold),
    ltvAgeMs: ltvAgeMs(loan.debtRatioUpdatedAt, now),
    stale: isStale(loan.debtRatioUpdatedAt, now, opts.staleAfterMs),
    cure: cureTime(loan, now, opts.firstSeenAt),
  };
}

/** Loans ordered by headroom to margin call, closest first, unknown last (Decimals built once per loan). */
export function sortByHeadroom(loans: readonly Loan[]): Loan[] {
  const keyed = loans.map((loan) => {
    const h = headroom(loan.debtRatio, loan.extra?.marginCallThreshold);
    return { loan, h: h === null ? null : new Exact(h) };
  });
  keyed.sort((a, b) =>
    a.h === null || b.h === null ? (a.h === b.h ? 0 : a.h === null ? 1 : -1) : a.h.comparedTo(b.h),
  );
  return keyed.map((k) => k.loan);
}

/** Ascending headroom to margin call (closest to trouble first); unknown headroom last. */
export function compareHeadroom(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return new Exact(a).comparedTo(b);
}

export interface CurrencyTotal {
  currency: string;
  /**
   * Sum of the known amounts, as a decimal string; null when it needs more than
   * TOTAL_PRECISION significant digits: "too large to total" (never rounded, never thrown).
   */
  amount: string | null;
  /** Rows counted in `amount`. */
  count: number;
  /** Rows of this currency whose amount was unknown (not added as 0). */
  unknown: number;
}

export interface RiskTotals {
  loanAmounts: CurrencyTotal[];
  collateral: CurrencyTotal[];
  byBand: Record<RiskBand, number>;
  /** Loans without a readable currency: they cannot be added anywhere. */
  noCurrency: number;
}

/**
 * Totals are exact to this many significant digits (30 integer digits and 18 decimals need 48;
 * decimal.js's default of 20 rounded them). A sum needing more is "too large to total".
 */
export const TOTAL_PRECISION = EXACT_PRECISION;

interface Running {
  sum: Decimal;
  count: number;
  unknown: number;
  tooLarge: boolean;
}

function addTo(map: Map<string, Running>, ccy: string, v: unknown) {
  const t = map.get(ccy) ?? { sum: new Exact(0), count: 0, unknown: 0, tooLarge: false };
  // Longer text is refused before decimal.js reads it: it would be rounded, and cost time.
  const d = typeof v === 'string' && v.length <= TOTAL_PRECISION + 2 ? readDecimal(v) : null;
  if (d === null) {
    if (typeof v !== 'string' || !DECIMAL.test(v)) t.unknown++;
    else {
      t.tooLarge = true;
      t.count++;
    }
  } else {
    t.count++;
    if (!t.tooLarge) {
      t.sum = t.sum.plus(d);
      if (t.sum.precision(true) >= TOTAL_PRECISION) t.tooLarge = true;
    }
  }
  map.set(ccy, t);
}

function listTotals(map: Map<string, Running>): CurrencyTotal[] {
  return [...map.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, t]) => ({
      currency,
      amount: t.tooLarge ? null : t.sum.toFixed(),
      count: t.count,
      unknown: t.unknown,
    }));
}

/** Totals per currency (never across currencies) and counts per band. */
export function riskTotals(loans: readonly Loan[], warningPoints?: string): RiskTotals {
  const amounts = new Map<string, Running>();
  const collateral = new Map<string, Running>();
  const byBand = Object.fromEntries(RISK_BANDS.map((b) => [b, 0])) as Record<RiskBand, number>;
  let noCurrency = 0;
  for (const loan of loans) {
    byBand[riskBand(loan, warningPoints)]++;
    if (typeof loan.currency === 'string' && loan.currency !== '') addTo(amounts, loan.currency, loan.amount);
    else noCurrency++;
    for (const c of objectEntries(objectOrNull(loan.embedded)?.collaterals)) {
      if (typeof c.currency === 'string' && c.currency !== '') addTo(collateral, c.currency, c.amount);
    }
  }
  return { loanAmounts: listTotals(amounts), collateral: listTotals(collateral), byBand, noCurrency };
}

export type TargetSource = 'rebalance' | 'initial' | 'margin-call-band';

export interface TargetCandidate {
  source: TargetSource;
  /** The candidate LTV, a decimal string ratio (0.75). */
  ltv: string;
  /** For 'margin-call-band': the threshold and the band it was lowered by (LTV points). */
  marginCall?: string;
  points?: string;
}

export type TopUpTarget =
  | { ok: true; ltv: string; source: TargetSource; candidates: TargetCandidate[]; ignored: string[] }
  | { ok: false; why: string; candidates: []; ignored: string[] };

const NAMES: Record<string, string> = {
  rebalanceThreshold: 'rebalance threshold',
  initialLtv: 'initial LTV',
  marginCallThreshold: 'margin-call threshold',
  debtRatio: 'LTV',
};

/** "0.755" → "75.5 %": a ratio as a percent, at most 2 decimals, for sentences and formulas. */
export function ltvPercent(ratio: string | Decimal): string {
  return `${new Exact(ratio).times(100).toDecimalPlaces(2).toFixed()} %`;
}

/** The digits of a value sent as a JSON number (plain or kept losslessly), else null. */
function jsonNumberDigits(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return isJsonNumberText(value) ? value.jsonNumber : null;
}

/** Why a value sent as a JSON number is not computed with, naming the field; null for any other value. */
export const jsonNumberNote = (field: string, value: unknown): string | null => {
  const digits = jsonNumberDigits(value);
  return digits === null
    ? null
    : `the ${NAMES[field] ?? field} arrived as a JSON number (${digits}), which the console does not compute with`;
};

function extraOf(loan: Loan): Record<string, unknown> {
  const x: unknown = loan.extra;
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
}

/**
 * The LTV a top-up brings the loan back to (issue 28): the lowest of the positive ones among
 * `extra.rebalanceThreshold`, `extra.initialLtv` and `extra.marginCallThreshold` minus the warning
 * band, with where it came from; or why there is none. A threshold sent as a JSON number is not
 * computed with (the console's rule for numbers where strings are promised) and is named in
 * `ignored`. The top-up itself: ./risk-top-up.ts.
 */
export function topUpTargetOf(loan: Loan, warningPoints: string = DEFAULT_WARNING_POINTS): TopUpTarget {
  const x = extraOf(loan);
  const ignored: string[] = [];
  const read = (field: string): Decimal | null => {
    const note = jsonNumberNote(field, x[field]);
    if (note !== null) ignored.push(note);
    const v = readDecimal(x[field]);
    return v !== null && v.gt(0) ? v : null;
  };
  const candidates: TargetCandidate[] = [];
  const rebalance = read('rebalanceThreshold');
  if (rebalance !== null) candidates.push({ source: 'rebalance', ltv: rebalance.toFixed() });
  const initial = read('initialLtv');
  if (initial !== null) candidates.push({ source: 'initial', ltv: initial.toFixed() });
  const mc = read('marginCallThreshold');
  if (mc !== null) {
    const points = readDecimal(warningPoints) ?? new Exact(DEFAULT_WARNING_POINTS);
    const below = mc.minus(points.div(100));
    if (below.gt(0))
      candidates.push({
        source: 'margin-call-band',
        ltv: below.toFixed(),
        marginCall: mc.toFixed(),
        points: points.toFixed(),
      });
  }
  if (candidates.length === 0) {
    const why = 'the loan states no rebalance threshold, initial LTV or margin-call threshold';
    return {
      ok: false,
      why: ignored.length ? `${why} (${ignored.join('; ')})` : why,
      candidates: [],
      ignored,
    };
  }
  let best = candidates[0] as TargetCandidate;
  for (const c of candidates) if (new Exact(c.ltv).lt(best.ltv)) best = c;
  return { ok: true, ltv: best.ltv, source: best.source, candidates, ignored };
}

/** The target LTV as a decimal string, or null when none can be derived (see `topUpTargetOf`). */
export function topUpTarget(loan: Loan, warningPoints?: string): string | null {
  const t = topUpTargetOf(loan, warningPoints);
  return t.ok ? t.ltv : null;
}

// ---------------------------------------------------------------------------------------------
// The watch's settings, state and alerts, as they cross the contract.

export const MIN_WATCH_INTERVAL_MS = 1_000;
export const MAX_WATCH_INTERVAL_MS = 3_600_000;
export const MIN_REMINDER_MS = 1_000;
export const MAX_REMINDER_MS = 7 * 24 * 3_600_000;

export interface RiskSettings {
  /** Whether the watch runs for this workspace (it starts when the board is first opened). */
  enabled: boolean;
  intervalMs: number;
  reminderMs: number;
  /** LTV points below the margin-call threshold where the warning band starts, as a decimal string. */
  warningPoints: string;
}

export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  enabled: false,
  intervalMs: DEFAULT_WATCH_INTERVAL_MS,
  reminderMs: DEFAULT_REMINDER_MS,
  warningPoints: DEFAULT_WARNING_POINTS,
};

const warningPointsSchema = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, 'must be LTV points such as 5 or 2.5')
  // zod runs this even after the regex refused the text: read it only when it is a decimal.
  .refine((v) => readDecimal(v)?.lte(50) ?? true, 'must be at most 50 LTV points');

export const riskSettingsSchema = z.object({
  enabled: z.boolean(),
  intervalMs: z.number().int().min(MIN_WATCH_INTERVAL_MS).max(MAX_WATCH_INTERVAL_MS),
  reminderMs: z.number().int().min(MIN_REMINDER_MS).max(MAX_REMINDER_MS),
  warningPoints: warningPointsSchema,
});

/**
 * The collateral to add to return to the target LTV: computed by the risk watch from the loan's own
 * figures (./risk-top-up.ts), or as the platform's dry run answered it when the operator asks.
 */
export type TopUp =
  | { ok: true; amount: string; currency: string; targetLtv: string; at: string }
  /** `noTarget`: no target LTV could be derived, or none below a loan past its margin call (./risk-top-up.ts). */
  | { ok: false; why: string; at: string; noTarget?: true };

/** What the watch remembers per loan (persisted). Times are epoch-ms strings. */
export interface TrackedLoan {
  band: RiskBand;
  /** When the console first saw the current margin call. */
  marginCallSeenAt?: string;
  acknowledgedAt?: string;
  /** The last margin-call alert or reminder. */
  lastReminderAt?: string;
  cureEndingNotified?: boolean;
  topUp?: TopUp;
}

export const RISK_ALERT_KINDS = [
  'warning',
  'margin-call',
  'cure-ending',
  'default',
  'healthy',
  'reminder',
] as const;
export type RiskAlertKind = (typeof RISK_ALERT_KINDS)[number];

export interface RiskAlert {
  workspaceId: string;
  loanId: string;
  kind: RiskAlertKind;
  title: string;
  body: string;
  debtRatio: string | null;
  topUp: TopUp | null;
  at: string;
  /** True when the main side already raised a desktop notification (Electron): the renderer does not. */
  desktopNotified: boolean;
}

export interface RiskBoard {
  workspaceId: string;
  /**
   * The open loans read by the last cycle, closest to margin call first (unknown headroom last);
   * only the first `firstRows` when the call asked for a head (`partial`).
   */
  loans: Loan[];
  /** How many open loans the last cycle read (the length of `loans` unless partial). */
  total: number;
  partial: boolean;
  tracked: Record<string, TrackedLoan>;
  settings: RiskSettings;
  lastCycleAt: string | null;
  lastError: string | null;
  /** Requests the last cycle cost. */
  cycleRequests: number | null;
  /** The last walk could not vouch for every row (a hole or a bound): some loans may be missing. */
  incomplete: boolean;
  /** Issue 25: the watch's last cycle threw; it is retried with back-off (null once one succeeds). */
  failure?: JobFailure | null;
  /** Tracked loans the last cycle did not see: remembered as they were until read closed. */
  notSeen?: number;
}

/** What the console says about an alert, in one sentence: used by the watch and its tests. */
export function alertTitle(kind: RiskAlertKind, loanId: string): string {
  const names: Record<RiskAlertKind, string> = {
    warning: 'nears its margin call',
    'margin-call': 'is in margin call',
    'cure-ending': 'margin call nears its expiry',
    default: 'has defaulted',
    healthy: 'is back to healthy',
    reminder: 'is still in margin call',
  };
  return `Loan ${loanId} ${names[kind]}`;
}

/** `risk.configure`: any subset of the settings. */
export const riskSettingsInput = riskSettingsSchema.partial();

/**
 * The fields the loans tab's search looks in (the renderer's local search matches their text):
 * id, external id, both counterparties' ids and names.
 */
export function loanSearchFields(loan: LoanRow): unknown[] {
  const fields: unknown[] = [
    loan.loanId,
    loan.externalId,
    loan.borrowerCounterpartyId,
    loan.lenderCounterpartyId,
  ];
  for (const c of objectEntries(objectOrNull(loan.embedded)?.counterparties))
    fields.push(c.counterpartyId, c.counterpartyName);
  return fields;
}

/**
 * The part of a loan the board and the watch use. The platform's loans carry allocations,
 * modifications and full counterparty records; 8,000 of them are 18 MB of JSON, which the board
 * would fetch and parse on every reading. This keeps ~1/10 of that.
 */
export function boardLoan(loan: Loan): Loan {
  // The platform may send null for any object or array entry (issue 25): those parts are left out.
  const e = objectOrNull(loan.embedded);
  const x = objectOrNull(loan.extra);
  const out: Loan = {
    loanId: loan.loanId,
    amount: loan.amount,
    currency: loan.currency,
    mainCurrency: loan.mainCurrency,
    loanType: loan.loanType,
    status: loan.status,
    createdBy: loan.createdBy,
    createdAt: loan.createdAt,
    updatedAt: loan.updatedAt,
    externalId: loan.externalId,
    borrowerCounterpartyId: loan.borrowerCounterpartyId,
    lenderCounterpartyId: loan.lenderCounterpartyId,
    borrowerOrganizationId: loan.borrowerOrganizationId,
    lenderOrganizationId: loan.lenderOrganizationId,
    debtRatio: loan.debtRatio,
    debtRatioUpdatedAt: loan.debtRatioUpdatedAt,
    debtRatioStatus: loan.debtRatioStatus,
  };
  if (x !== null)
    out.extra = {
      marginCallThreshold: x.marginCallThreshold,
      defaultThreshold: x.defaultThreshold,
      rebalanceThreshold: x.rebalanceThreshold,
      initialLtv: x.initialLtv,
      marginCallExpiryPeriod: x.marginCallExpiryPeriod,
    };
  if (e !== null) {
    const ids = new Set([loan.borrowerCounterpartyId, loan.lenderCounterpartyId]);
    const marginCall = objectOrNull(e.marginCall);
    out.embedded = {
      collaterals: objectEntries(e.collaterals).map((c) => ({
        amount: c.amount,
        currency: c.currency,
        mainCurrency: c.mainCurrency,
      })) as never,
      counterparties: objectEntries(e.counterparties)
        .filter((c) => ids.has(c.counterpartyId))
        .map((c) => ({ counterpartyId: c.counterpartyId, counterpartyName: c.counterpartyName })) as never,
      ...(marginCall !== null ? { marginCall } : {}),
    };
  }
  return out;
}

/** The value when it is a plain object, else null (the platform may send null or a bare value). */
function objectOrNull<T>(value: T | null | undefined): T | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}

/** The object entries of a list the platform sent; null, bare values and a non-array give none. */
function objectEntries<T>(list: readonly (T | null)[] | null | undefined): T[] {
  return Array.isArray(list) ? list.filter((v): v is T => objectOrNull(v) !== null) : [];
}
