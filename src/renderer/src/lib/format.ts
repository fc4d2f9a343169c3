/**
 * The console's one formatting module (issue 29): every screen, table, confirmation and tooltip
 * shows amounts, reference values, percentages, ids, times and durations through these functions,
 * so a confirmation reads exactly like the table behind it.
 *
 *  - Amounts: exact decimal strings, never through a JS number; thousands separators; every digit
 *    the platform sent is kept; a currency with a known number of decimals (fiat) is padded to it
 *    (never rounded: "1,218.5 USD" reads "1,218.50 USD"); the unit is shown when known.
 *  - Reference values (USD): 2 decimals, rounded half-even.
 *  - Percentages: a ratio "0.5128" reads "51.28 %"; basis points "450" read "4.50 %".
 *  - Ids and nonces: shown as sent, never grouped, never cut.
 *  - Times: ONE format with an explicit zone, "2026-11-26 12:10:27 UTC" or, with the local
 *    preference, "2026-11-26 13:10:27 UTC+01:00".
 *  - Durations: "2 d 4 h" (lib/time.ts's formatDuration, re-exported here).
 *
 * A value that is not what the specification promises is shown as sent: the callers put a
 * RawValueMark beside it (`mark`).
 */
import { Exact } from '@shared/decimal';
import {
  amountDisplay,
  capText,
  isDecimal,
  isMissing,
  rawText,
  MAX_SHOWN_DIGITS,
  type AmountMark,
} from './decimal';

export { formatDuration, formatCountdown, formatRemaining, describeAge } from './time';

/* ------------------------------------------------------------------ amounts */

/**
 * Decimals a currency is shown with at least, where known: fiat currencies have 2. Crypto assets
 * keep the digits the platform sent (an asset's precision varies by network and is not ours to
 * guess). Padding only: no digit the platform sent is ever dropped.
 */
export const CURRENCY_MIN_DECIMALS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  JPY: 0,
};

/** The unit as text when it is a non-empty string, else null. */
export function unitOf(currency: unknown): string | null {
  return typeof currency === 'string' && currency.trim() !== '' ? currency : null;
}

export interface AmountParts {
  /** The whole text shown: "-1,285.455826" (no unit). */
  text: string;
  /** Sign and grouped integer part: "-1,285"; the whole text when the value is not a plain decimal. */
  int: string;
  /** The point and the fraction: ".455826", or '' (none, or not a plain decimal). */
  frac: string;
  /** Why the value is marked (a JSON number, not a decimal, not text, cut), or null. */
  mark: AmountMark | null;
  /** The value as received, for the tooltip. */
  title: string;
  negative: boolean;
}

/**
 * An amount split for display (and decimal alignment in tables). A plain decimal is grouped and,
 * for a currency with known decimals, padded with zeros; anything else comes back as sent.
 */
export function amountParts(raw: unknown, currency?: unknown): AmountParts {
  const shown = amountDisplay(raw);
  let text = shown.text;
  if (shown.mark === null && text !== '') {
    const min = CURRENCY_MIN_DECIMALS[unitOf(currency)?.toUpperCase() ?? ''] ?? 0;
    const point = text.indexOf('.');
    const have = point < 0 ? 0 : text.length - point - 1;
    if (have < min) text = (point < 0 ? text + '.' : text) + '0'.repeat(min - have);
  }
  const point = shown.mark === null ? text.indexOf('.') : -1;
  return {
    text,
    int: point < 0 ? text : text.slice(0, point),
    frac: point < 0 ? '' : text.slice(point),
    mark: shown.mark,
    title: shown.title,
    negative: shown.mark === null && text.startsWith('-'),
  };
}

/**
 * "13,726,000 USDC": exact, grouped, with its unit; "—" when missing (never 0). A value that is
 * not a plain decimal string comes back as sent (the caller marks it).
 */
export function formatAmount(raw: unknown, currency?: unknown): string {
  if (isMissing(raw)) return '—';
  const { text } = amountParts(raw, currency);
  const unit = unitOf(currency);
  return unit === null ? text : `${text} ${unit}`;
}

/**
 * A reference (USD) value: 2 decimals, half-even, grouped ("1,218.50"), with its unit when given.
 * Not a plain decimal: as sent. Missing: "—".
 */
export function formatReference(raw: unknown, unit?: unknown): string {
  if (isMissing(raw)) return '—';
  const u = unitOf(unit);
  const text = isComputable(raw)
    ? amountDisplay(new Exact(raw).toFixed(2, Exact.ROUND_HALF_EVEN)).text
    : capText(rawText(raw), MAX_SHOWN_DIGITS);
  return u === null ? text : `${text} ${u}`;
}

/** A plain decimal short enough to compute with exactly. */
const isComputable = (raw: unknown): raw is string =>
  typeof raw === 'string' && raw.length <= MAX_SHOWN_DIGITS && isDecimal(raw);

/* -------------------------------------------------------------- percentages */

/**
 * A ratio as a percentage, exactly: "0.5128" → "51.28 %" (half-even to `dp` places). LTV is always
 * shown this way. Not a plain decimal: as sent (the caller marks it). Missing: "—".
 */
export function formatPercent(ratio: unknown, dp = 2): string {
  if (isMissing(ratio)) return '—';
  if (!isComputable(ratio)) return capText(rawText(ratio), MAX_SHOWN_DIGITS);
  return `${new Exact(ratio).times(100).toDecimalPlaces(dp).toFixed(dp)} %`;
}

/** Basis points as a percentage: "450" → "4.50 %". Not a plain decimal: as sent. Missing: "—". */
export function formatBpsPercent(bps: unknown, dp = 2): string {
  if (isMissing(bps)) return '—';
  if (!isComputable(bps)) return capText(rawText(bps), MAX_SHOWN_DIGITS);
  return `${new Exact(bps).div(100).toDecimalPlaces(dp).toFixed(dp)} %`;
}

/* ---------------------------------------------------------------------- ids */

/**
 * An id, nonce or hash: exactly as sent, never grouped and never cut (a confirmation must show
 * every character). A JSON number shows its digits as the platform wrote them. Missing: "—".
 */
export function formatId(raw: unknown): string {
  return isMissing(raw) ? '—' : rawText(raw);
}

/* ------------------------------------------------------------ times, durations */

export {
  DEFAULT_TIME_ZONE,
  TIME_ZONE_LABELS,
  TIME_ZONE_PREFS,
  activeTimeZone,
  formatDate,
  formatTime,
  formatTimeValue,
  formatTimestamp,
  setActiveTimeZone,
  timestampTitle,
  utcOffsetLabel,
  type TimeZonePref,
} from './time';
