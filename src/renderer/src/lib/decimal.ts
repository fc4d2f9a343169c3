/**
 * Money stays a string from the wire to the screen. Arithmetic uses decimal.js with enough
 * precision for any amount the platform can send (30 integer digits and 18 decimals need 48
 * significant digits; decimal.js's default of 20 rounded wallet totals, issue 18); sorting uses a
 * precomputed lexicographic key so that 100k rows sort with plain string comparisons instead of a
 * Decimal allocation per comparison.
 *
 * Every function takes `unknown`: the platform may send a JSON number (or anything else) where the
 * specification promises a string. A number is never computed with (JavaScript has already rounded
 * it when it parsed the answer); it is shown as received and marked by the components.
 */
import { EXACT_PRECISION, Exact } from '@shared/decimal';
import { isJsonNumberText, type JsonNumberText } from '@shared/json-number';

/**
 * Exact for sums of up to 10^50 rows of 48-digit amounts; a result that would need more digits
 * than this is "too large to total" rather than rounded (see `sumAmounts`).
 */
export { EXACT_PRECISION };

/**
 * A plain decimal: the only amount text the console reads, as it is the only one it accepts as
 * input (shared/amounts.ts). Hex, binary, exponents, a `+`, spaces are NOT read (decimal.js would
 * turn "0x10" into 16 and "1e100000" into 100,001 digits): they are shown as sent, marked.
 */
const PLAIN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Most digits an amount shows (and a ratio is computed from); longer ones show truncated, marked. */
export const MAX_SHOWN_DIGITS = 120;
/** Most characters of a value put in a title: an operator compares, a browser does not choke. */
const MAX_TITLE = 300;

/** A value the platform sent as a JSON number where a decimal string was promised. */
export const isJsonNumber = (raw: unknown): raw is number | JsonNumberText =>
  typeof raw === 'number' || isJsonNumberText(raw);

/** Missing: absent, null or empty. Shown as "unknown", never as 0. */
export const isMissing = (raw: unknown): raw is null | undefined | '' =>
  raw === null || raw === undefined || raw === '';

/** The text to show for any value, exactly as received: a number as its JSON text (its kept digits). */
export function rawText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (isJsonNumberText(raw)) return raw.jsonNumber;
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/** `text` cut to `max` characters with an ellipsis. */
export const capText = (text: string, max = MAX_TITLE): string =>
  text.length > max ? text.slice(0, max) + '…' : text;

/** The plain-decimal match of a string, or null. The length check keeps the regex off huge input. */
function plainMatch(raw: unknown, maxLength = Number.POSITIVE_INFINITY): RegExpExecArray | null {
  return typeof raw === 'string' && raw.length <= maxLength + 2 ? PLAIN.exec(raw) : null;
}

/**
 * The digits a JSON number sorts by: its kept text, or a JS number's text in plain notation (a
 * double's exponent is at most 308, so this expansion is bounded). Ordering is not arithmetic.
 */
function numberSortText(raw: number | JsonNumberText): string | null {
  if (typeof raw !== 'number') return raw.jsonNumber;
  if (!Number.isFinite(raw)) return null;
  return new Exact(raw).toFixed();
}

/**
 * A key whose string order equals numeric order. Positives: '1' + 3-digit integer length +
 * integer digits + fraction digits. Negatives: '0' + complemented length + 9's-complemented
 * digits + '~' (the terminator sorts after every digit, so -1.5 > -1.55 holds). A JSON number
 * sorts by its text: ordering it is not arithmetic and moves no digit. Text that is not a plain
 * decimal has no key (it sorts last).
 */
export function amountSortKey(raw: unknown): string | null {
  const m = plainMatch(isJsonNumber(raw) ? numberSortText(raw) : raw, 999);
  if (!m) return null;
  const int = (m[2] ?? '').replace(/^0+/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const negative = m[1] === '-' && (int !== '' || frac !== '');
  if (!negative) return '1' + String(int.length).padStart(3, '0') + int + frac;
  const comp = (d: string) => d.replace(/\d/g, (c) => String(9 - Number(c)));
  return '0' + String(999 - int.length).padStart(3, '0') + comp(int) + comp(frac) + '~';
}

/** A decimal string the console may compute with (a JSON number, or any other text, is not). */
export function isDecimal(raw: unknown): boolean {
  return plainMatch(raw) !== null;
}

/** Thousands separators in one pass (the former lookahead regex was quadratic in the length). */
function groupThousands(int: string): string {
  const head = int.length % 3 || 3;
  const parts = [int.slice(0, head)];
  for (let i = head; i < int.length; i += 3) parts.push(int.slice(i, i + 3));
  return parts.join(',');
}

/** Why an amount is marked: a JSON number, text that is no plain decimal, a non-text value, a cut. */
export type AmountMark = 'number' | 'text' | 'other' | 'truncated';

export interface AmountDisplay {
  /** What the cell shows: grouped digits, or the value as sent (capped). */
  text: string;
  /** The mark beside it, or null for a plain decimal shown whole. */
  mark: AmountMark | null;
  /** The raw value for the tooltip (capped). */
  title: string;
}

/**
 * How an amount is shown. Linear in the input's length, and the output is bounded: at most
 * MAX_SHOWN_DIGITS digits are grouped; anything longer ends in "…" with the 'truncated' mark.
 */
export function amountDisplay(raw: unknown): AmountDisplay {
  const text = rawText(raw);
  const title = capText(text);
  if (isJsonNumber(raw)) return { text: capText(text, MAX_SHOWN_DIGITS), mark: 'number', title };
  if (typeof raw !== 'string') return { text: capText(text, MAX_SHOWN_DIGITS), mark: 'other', title };
  if (raw === '') return { text: '', mark: null, title: '' };
  const m = plainMatch(raw);
  if (!m) return { text: capText(text, MAX_SHOWN_DIGITS), mark: 'text', title };
  let int = m[2] ?? '0';
  let frac = m[3];
  let cut = false;
  if (int.length > MAX_SHOWN_DIGITS) {
    int = int.slice(0, MAX_SHOWN_DIGITS);
    frac = undefined;
    cut = true;
  } else if (frac !== undefined && int.length + frac.length > MAX_SHOWN_DIGITS) {
    frac = frac.slice(0, MAX_SHOWN_DIGITS - int.length);
    cut = true;
  }
  const shown = (m[1] ?? '') + groupThousands(int) + (frac !== undefined ? '.' + frac : '');
  return cut ? { text: shown + '…', mark: 'truncated', title } : { text: shown, mark: null, title };
}

/**
 * Groups thousands for display without ever going through a float. Keeps every fraction digit
 * the platform sent (up to the display cap): an operator must see the exact amount. Anything that
 * is not a plain decimal string (a JSON number included) comes back as its raw text, ungrouped.
 */
export function formatAmount(raw: unknown): string {
  if (isMissing(raw)) return '';
  return amountDisplay(raw).text;
}

export interface AmountSum {
  /** The exact sum, or null ("unknown") when any value was missing, unreadable or too large. */
  total: string | null;
  /** Exact sum of the values that could be read: what the known part adds up to ('' when too large). */
  known: string;
  /** Values absent, null or empty: "unknown", never 0. */
  missing: number;
  /** Values that are not plain decimal strings: JSON numbers and other text. */
  skipped: number;
  /** Of `skipped`, the JSON numbers. */
  numbers: number;
  /** Of `skipped`, text that is not a plain decimal ("0x10", "1e3", "+5", " 5"). */
  notPlain: number;
  /** The sum needs more than EXACT_PRECISION digits: "too large to total", never rounded. */
  tooLarge: boolean;
}

/**
 * Sums decimal strings exactly. A missing value makes the total unknown (a wallet without
 * `totalBalance` is not a wallet holding 0), and so does a JSON number or text that is not a plain
 * decimal: the known part is returned separately so the screen can say what it is the sum of. A
 * sum that would need more digits than EXACT_PRECISION stops and says so (no value is rounded,
 * nothing is thrown: a throw here replaced the whole tab with its error panel).
 */
export function sumAmounts(values: Iterable<unknown>): AmountSum {
  let known = new Exact(0);
  let missing = 0;
  let numbers = 0;
  let notPlain = 0;
  let other = 0;
  let tooLarge = false;
  for (const v of values) {
    if (isMissing(v)) missing += 1;
    else if (isJsonNumber(v)) numbers += 1;
    else if (typeof v !== 'string') other += 1;
    else if (!tooLarge) {
      // Digits beyond the precision are refused before decimal.js reads them (it would round).
      const m = plainMatch(v, EXACT_PRECISION);
      if (m === null) {
        if (plainMatch(v) === null) notPlain += 1;
        else tooLarge = true;
      } else {
        known = known.plus(v);
        if (known.precision(true) >= EXACT_PRECISION) tooLarge = true;
      }
    } else if (plainMatch(v) === null) notPlain += 1;
  }
  const skipped = numbers + notPlain + other;
  const text = tooLarge ? '' : known.toFixed();
  return {
    total: missing + skipped === 0 && !tooLarge ? text : null,
    known: text,
    missing,
    skipped,
    numbers,
    notPlain,
    tooLarge,
  };
}

/** Ratio a/b as a plain string rounded to `dp` places, or null when not computable. */
export function ratio(a: unknown, b: unknown, dp = 4): string | null {
  if (!isComputable(a) || !isComputable(b)) return null;
  const db = new Exact(b);
  if (db.isZero()) return null;
  return new Exact(a).div(db).toDecimalPlaces(dp).toFixed();
}

/** A plain decimal short enough to compute with exactly (longer ones are shown, not computed). */
const isComputable = (raw: unknown): raw is string => plainMatch(raw, MAX_SHOWN_DIGITS) !== null;

// Percentages (an LTV ratio, basis points) are lib/format.ts's formatPercent and formatBpsPercent:
// one percent format for every screen (issue 29).
