/**
 * Money stays a string from the wire to the screen. Arithmetic uses decimal.js; sorting uses a
 * precomputed lexicographic key so that 100k rows sort with plain string comparisons instead of
 * a Decimal allocation per comparison.
 */
import Decimal from 'decimal.js';

const PLAIN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Normalises any decimal-looking string (including exponent form) to plain notation, or null. */
function toPlain(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const s = raw.trim();
  if (s === '') return null;
  if (PLAIN.test(s)) return s;
  try {
    const d = new Decimal(s);
    return d.isFinite() ? d.toFixed() : null;
  } catch {
    return null;
  }
}

/**
 * A key whose string order equals numeric order. Positives: '1' + 3-digit integer length +
 * integer digits + fraction digits. Negatives: '0' + complemented length + 9's-complemented
 * digits + '~' (the terminator sorts after every digit, so -1.5 > -1.55 holds).
 */
export function amountSortKey(raw: string | null | undefined): string | null {
  const plain = toPlain(raw);
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

export function isDecimal(raw: string | null | undefined): boolean {
  return toPlain(raw) !== null;
}

/**
 * Groups thousands for display without ever going through a float. Keeps every fraction digit
 * the platform sent: an operator must see the exact amount.
 */
export function formatAmount(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw === '') return '';
  const plain = toPlain(raw);
  if (plain === null) return raw;
  const m = PLAIN.exec(plain);
  if (!m) return raw;
  const int = (m[2] ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (m[1] ?? '') + int + (m[3] !== undefined ? '.' + m[3] : '');
}

/** Sums decimal strings exactly; non-numeric entries are skipped and counted. */
export function sumAmounts(values: Iterable<string | null | undefined>): { total: string; skipped: number } {
  let total = new Decimal(0);
  let skipped = 0;
  for (const v of values) {
    const plain = toPlain(v);
    if (plain === null) {
      if (v !== null && v !== undefined && v !== '') skipped += 1;
      continue;
    }
    total = total.plus(plain);
  }
  return { total: total.toFixed(), skipped };
}

/** Ratio a/b as a plain string rounded to `dp` places, or null when not computable. */
export function ratio(a: string | undefined, b: string | undefined, dp = 4): string | null {
  const pa = toPlain(a);
  const pb = toPlain(b);
  if (pa === null || pb === null) return null;
  const db = new Decimal(pb);
  if (db.isZero()) return null;
  return new Decimal(pa).div(db).toDecimalPlaces(dp).toFixed();
}

/** Formats an LTV-like ratio ("0.6512") as a percentage string, exactly. */
export function formatRatioPercent(raw: string | null | undefined, dp = 2): string {
  const plain = toPlain(raw);
  if (plain === null) return raw ?? '';
  return new Decimal(plain).times(100).toDecimalPlaces(dp).toFixed(dp) + '%';
}

/** Basis points ("450") to percent ("4.50%"). */
export function formatBps(raw: string | null | undefined): string {
  const plain = toPlain(raw);
  if (plain === null) return raw ?? '';
  return new Decimal(plain).div(100).toFixed(2) + '%';
}
