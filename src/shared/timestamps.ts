/**
 * The one reading of a platform timestamp (issue 25), for every screen, every table's time sort
 * and the risk arithmetic. Before it, the tables read "1700000000" as seconds while the risk
 * arithmetic read it as milliseconds (a false stale-LTV alert), and a `Date.parse` fallback read
 * "-1" as 2001-01-01.
 *
 * The rule:
 *  - digits only (a string, a JSON number that is a safe integer, or a number the main side kept
 *    with its digits): below 10^11 they are unix SECONDS (10^11 ms is 1973, 10^11 s is year 5138),
 *    and the reading says it guessed so; from 10^11 on they are epoch milliseconds;
 *  - an ISO-8601 date or date-time, matched by a strict pattern and built field by field (a
 *    date-time without an offset is read as UTC, and the reading says it guessed so);
 *  - anything else (a sign, spaces, a fraction, "0", text `Date.parse` would still accept) is
 *    unreadable: shown as sent, with a mark, and never used in arithmetic or sorted as a time.
 *
 * Epoch ms fit a JavaScript number exactly (below 2^53), so `ms` is a number for time arithmetic;
 * the text as received stays in `raw` for display.
 */
import { isJsonNumberText } from './json-number';

export interface TimestampReading {
  /** The value as received, as text ('' when missing). */
  raw: string;
  /** Epoch milliseconds (a safe integer), or null when missing or unreadable. */
  ms: number | null;
  /** How the reading went beyond what the value says for certain: digits taken as seconds, or a zone-less time taken as UTC. */
  guessed: 'seconds' | 'utc' | null;
  /** Why the value is not a time (null when read, or when missing). */
  problem: string | null;
}

/** Below this, digits are seconds; from here on, milliseconds. */
export const SECONDS_BELOW = 100_000_000_000;

const DIGITS = /^\d{1,16}$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Longest text the pattern above can match; longer text is refused before any regex runs. */
const MAX_ISO_LENGTH = 40;

const missing: TimestampReading = { raw: '', ms: null, guessed: null, problem: null };
const unreadable = (raw: string, problem: string): TimestampReading => ({
  raw,
  ms: null,
  guessed: null,
  problem,
});

/** Reads any value the platform sent where a timestamp was promised; never throws. */
export function readTimestamp(value: unknown): TimestampReading {
  if (value === null || value === undefined || value === '') return missing;
  if (typeof value === 'number') {
    const raw = String(value);
    return Number.isSafeInteger(value) && value >= 0
      ? readDigits(raw)
      : unreadable(raw, 'a number that is not a whole count of seconds or milliseconds');
  }
  if (isJsonNumberText(value)) return readDigits(value.jsonNumber);
  if (typeof value !== 'string') return unreadable(textOf(value), 'not text');
  if (DIGITS.test(value)) return readDigits(value);
  if (value.length <= MAX_ISO_LENGTH) {
    const iso = readIso(value);
    if (iso !== null) return iso;
  }
  return unreadable(value, 'neither epoch digits nor an ISO-8601 time');
}

/** Epoch ms of a readable timestamp, else null: the tables' time sort and the risk arithmetic. */
export const timestampMs = (value: unknown): number | null => readTimestamp(value).ms;

function readDigits(raw: string): TimestampReading {
  if (!DIGITS.test(raw)) return unreadable(raw, 'not a whole count of seconds or milliseconds');
  const n = Number(raw);
  if (n === 0) return unreadable(raw, 'zero is no time');
  if (n < SECONDS_BELOW) return { raw, ms: n * 1000, guessed: 'seconds', problem: null };
  return Number.isSafeInteger(n)
    ? { raw, ms: n, guessed: null, problem: null }
    : unreadable(raw, 'too many digits for a time');
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function readIso(raw: string): TimestampReading | null {
  const m = ISO.exec(raw);
  if (m === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && !leap ? 28 : (DAYS[month - 1] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > monthDays) return unreadable(raw, 'no such date');
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return unreadable(raw, 'no such time of day');
  let offsetMin = 0;
  if (zone !== undefined && zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    if (z === null || Number(z[2]) > 23 || Number(z[3]) > 59) return unreadable(raw, 'no such offset');
    offsetMin = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
  }
  const utc = Date.UTC(
    year,
    month - 1,
    day,
    Number(h),
    Number(mi),
    Number(s),
    Number(frac.slice(0, 3).padEnd(3, '0')),
  );
  // A date alone is a calendar day (UTC midnight, as ECMAScript reads it); a time without an offset is a guess.
  const zoneless = zone === undefined && m[4] !== undefined;
  return { raw, ms: utc - offsetMin * 60_000, guessed: zoneless ? 'utc' : null, problem: null };
}

function textOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
