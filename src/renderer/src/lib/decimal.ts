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
import Decimal from 'decimal.js';

/**
 * Exact for sums of up to 10^50 rows of 48-digit amounts; a result that would need more digits
 * than this is refused rather than rounded (see `sumAmounts`).
 */
export const EXACT_PRECISION = 100;
const Exact = Decimal.clone({ precision: EXACT_PRECISION, rounding: Decimal.ROUND_HALF_EVEN });

const PLAIN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A value the platform sent as a JSON number where a decimal string was promised. */
export const isJsonNumber = (raw: unknown): raw is number => typeof raw === 'number';

/** Missing: absent, null or empty. Shown as "unknown", never as 0. */
export const isMissing = (raw: unknown): raw is null | undefined | '' =>
  raw === null || raw === undefined || raw === '';

/** The text to show for any value, exactly as received: a number as its JSON text. */
export function rawText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/** Normalises a decimal-looking string (including exponent form) to plain notation, or null. */
function toPlain(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s === '') return null;
  if (PLAIN.test(s)) return s;
  try {
    const d = new Exact(s);
    return d.isFinite() ? d.toFixed() : null;
  } catch {
    return null;
  }
}

/**
 * A key whose string order equals numeric order. Positives: '1' + 3-digit integer length +
 * integer digits + fraction digits. Negatives: '0' + complemented length + 9's-complemented
 * digits + '~' (the terminator sorts after every digit, so -1.5 > -1.55 holds). A JSON number
 * sorts by its text: ordering it is not arithmetic and moves no digit.
 */
export function amountSortKey(raw: unknown): string | null {
  const plain = toPlain(isJsonNumber(raw) ? String(raw) : raw);
  if (plain === null) return null;
  const m = PLAIN.exec(plain);
  if (!m) return null;
  const int = (m[2] ?? '').replace(/^0+/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const negative = m[1] === '-' && (int !== '' || frac !== '');
  if (!negative) return '1' + String(int.length).padStart(3, '0') + int + frac;
  const comp = (d: string) => d.replace(/\d/g, (c) => String(9 - Number(c)));
  return '0' + String(999 - int.length).padStart(3, '0') + comp(int) + comp(frac) + '~';
}

/** A decimal string the console may compute with (a JSON number is not). */
export function isDecimal(raw: unknown): boolean {
  return toPlain(raw) !== null;
}

/**
 * Groups thousands for display without ever going through a float. Keeps every fraction digit
 * the platform sent: an operator must see the exact amount. Anything that is not a decimal string
 * (a JSON number included) comes back as its raw text, ungrouped.
 */
export function formatAmount(raw: unknown): string {
  if (isMissing(raw)) return '';
  const plain = toPlain(raw);
  if (plain === null) return rawText(raw);
  const m = PLAIN.exec(plain);
  if (!m) return rawText(raw);
  const int = (m[2] ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (m[1] ?? '') + int + (m[3] !== undefined ? '.' + m[3] : '');
}

export interface AmountSum {
  /** The exact sum, or null ("unknown") when any value was missing or unreadable. */
  total: string | null;
  /** Exact sum of the values that could be read: what the known part adds up to. */
  known: string;
  /** Values absent, null or empty: "unknown", never 0. */
  missing: number;
  /** Values that are not decimal strings: JSON numbers and other text. */
  skipped: number;
  /** Of `skipped`, the JSON numbers. */
  numbers: number;
}

/**
 * Sums decimal strings exactly. A missing value makes the total unknown (a wallet without
 * `totalBalance` is not a wallet holding 0), and so does a JSON number or unreadable text: the
 * known part is returned separately so the screen can say what it is the sum of.
 */
export function sumAmounts(values: Iterable<unknown>): AmountSum {
  let known = new Exact(0);
  let missing = 0;
  let skipped = 0;
  let numbers = 0;
  for (const v of values) {
    if (isMissing(v)) {
      missing += 1;
      continue;
    }
    const plain = toPlain(v);
    if (plain === null) {
      skipped += 1;
      if (isJsonNumber(v)) numbers += 1;
      continue;
    }
    known = known.plus(plain);
  }
  if (known.precision(true) >= EXACT_PRECISION)
    throw new RangeError('the sum needs more digits than the exact precision allows');
  const text = known.toFixed();
  return { total: missing + skipped === 0 ? text : null, known: text, missing, skipped, numbers };
}

/** Ratio a/b as a plain string rounded to `dp` places, or null when not computable. */
export function ratio(a: unknown, b: unknown, dp = 4): string | null {
  const pa = toPlain(a);
  const pb = toPlain(b);
  if (pa === null || pb === null) return null;
  const db = new Exact(pb);
  if (db.isZero()) return null;
  return new Exact(pa).div(db).toDecimalPlaces(dp).toFixed();
}

/** Formats an LTV-like ratio ("0.6512") as a percentage string, exactly; other values as received. */
export function formatRatioPercent(raw: unknown, dp = 2): string {
  const plain = toPlain(raw);
  if (plain === null) return rawText(raw);
  return new Exact(plain).times(100).toDecimalPlaces(dp).toFixed(dp) + '%';
}

/** Basis points ("450") to percent ("4.50%"); other values as received. */
export function formatBps(raw: unknown): string {
  const plain = toPlain(raw);
  if (plain === null) return rawText(raw);
  return new Exact(plain).div(100).toFixed(2) + '%';
}
