/**
 * A workspace's reference price sheet (issue 28, item 4): the operator's own prices, because the
 * platform has no price endpoint. One row per (currency, quote): a positive decimal price, the
 * time it was true (`asOf`, ISO-8601 UTC) and where it came from (free text).
 *
 * The rules, shared by the renderer's forms (early feedback) and the main side (the authority):
 *  - prices are decimal strings (shared/amounts.ts's rule); values are computed with decimal.js
 *    (`Exact`), never with a JavaScript number;
 *  - a price older than the sheet's `staleAfterMinutes` is stale: still used, but flagged;
 *  - a currency with no price has no value ("no price"), never 0;
 *  - CSV cells are data: nothing is evaluated, and a formula-looking `source` stays text.
 */
import { z } from 'zod';
import { Exact } from './decimal';
import { amountProblem } from './amounts';

export const MAX_PRICE_ROWS = 5_000;
export const MAX_CURRENCY_LENGTH = 20;
export const MAX_SOURCE_LENGTH = 200;
/** A CSV of 5,000 rows of the longest fields is well under this. */
export const MAX_PRICE_CSV_CHARS = 2_000_000;
/** At most this many line errors are listed; the rest are counted. */
export const MAX_LISTED_ERRORS = 50;
export const DEFAULT_QUOTE = 'USD';
export const DEFAULT_STALE_AFTER_MINUTES = 24 * 60;
export const MIN_STALE_AFTER_MINUTES = 1;
/** One year. */
export const MAX_STALE_AFTER_MINUTES = 365 * 24 * 60;
export const PRICE_CSV_HEADER = ['currency', 'price', 'quote', 'asOf', 'source'] as const;

const CURRENCY = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${MAX_CURRENCY_LENGTH - 1}}$`);
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `text` is not a currency code, or null. */
export function currencyProblem(text: string): string | null {
  if (text === '') return 'is empty: enter a currency code such as BTC';
  if (text.length > MAX_CURRENCY_LENGTH) return `is longer than ${MAX_CURRENCY_LENGTH} characters`;
  if (!CURRENCY.test(text))
    return 'must be a currency code of letters, digits, ".", "_" or "-" (such as BTC or USDC)';
  return null;
}

/** Epoch ms of a strict ISO-8601 UTC time ("2026-01-31T12:00:00Z"), or null. */
export function isoUtcMs(text: string): number | null {
  const m = ISO_UTC.exec(text);
  if (m === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => Number(v ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, Number((m[7] ?? '0').padEnd(3, '0')));
  // Field by field: "2026-02-30" rolls over in Date.UTC and is refused here.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

/** Why `text` is not an as-of time, or null. */
export function asOfProblem(text: string): string | null {
  if (text === '') return 'is empty: enter the time the price was true, such as 2026-01-31T12:00:00Z';
  if (isoUtcMs(text) === null)
    return 'must be an ISO-8601 time in UTC ending in Z, such as 2026-01-31T12:00:00Z';
  return null;
}

/** Why `text` is not a source, or null (free text, one line). */
export function sourceProblem(text: string): string | null {
  if (text.length > MAX_SOURCE_LENGTH) return `is longer than ${MAX_SOURCE_LENGTH} characters`;
  if (CONTROL.test(text)) return 'must be one line of text without control characters';
  return null;
}

const checked = (problem: (text: string) => string | null) =>
  z.string().superRefine((text, ctx) => {
    const message = problem(text);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

export const priceRowSchema = z.strictObject({
  currency: checked(currencyProblem),
  price: checked(amountProblem),
  quote: checked(currencyProblem),
  asOf: checked(asOfProblem),
  source: checked(sourceProblem),
});
export type PriceRow = z.infer<typeof priceRowSchema>;

const pairKey = (row: Pick<PriceRow, 'currency' | 'quote'>): string =>
  `${row.currency.toUpperCase()}/${row.quote.toUpperCase()}`;

/** At most MAX_PRICE_ROWS rows, and one price per (currency, quote), compared case-insensitively. */
export const priceRowsSchema = z
  .array(priceRowSchema)
  .max(MAX_PRICE_ROWS, `a price sheet holds at most ${MAX_PRICE_ROWS} rows`)
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const key = pairKey(row);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: [i, 'currency'],
          message: `${row.currency} in ${row.quote} is priced twice (rows ${first + 1} and ${i + 1}): keep one`,
        });
    });
  });

export const staleAfterMinutesSchema = z
  .number()
  .int('must be a whole number of minutes')
  .min(MIN_STALE_AFTER_MINUTES, `must be at least ${MIN_STALE_AFTER_MINUTES} minute`)
  .max(MAX_STALE_AFTER_MINUTES, `must be at most ${MAX_STALE_AFTER_MINUTES} minutes (a year)`);

/** A workspace's sheet as stored and as the renderer reads it. */
export interface PriceSheet {
  rows: PriceRow[];
  /** A price older than this is flagged stale. */
  staleAfterMinutes: number;
  /** When the rows were last replaced (ISO UTC), or null for a sheet never set. */
  updatedAt: string | null;
  /** `sandbox`: filled from the embedded sandbox's prices (the built-in workspace until the operator sets its own). */
  origin: 'operator' | 'sandbox';
}

export const emptyPriceSheet = (): PriceSheet => ({
  rows: [],
  staleAfterMinutes: DEFAULT_STALE_AFTER_MINUTES,
  updatedAt: null,
  origin: 'operator',
});

// ---------------------------------------------------------------------------------------------
// CSV

export interface PriceLineError {
  /** 1-based line of the CSV text where the record starts (the header is line 1). */
  line: number;
  message: string;
}

export type PriceCsvRead =
  | { ok: true; rows: PriceRow[] }
  | { ok: false; errors: PriceLineError[]; /** errors beyond MAX_LISTED_ERRORS */ more: number };

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records with the line each starts on; a quote left open is reported, not guessed. */
function csvRecords(text: string): { records: CsvRecord[]; openQuoteAt: number | null } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) records.push({ line: start, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) return { records, openQuoteAt: start };
  endRecord();
  return { records, openQuoteAt: null };
}

const FIELD_PROBLEMS: Record<(typeof PRICE_CSV_HEADER)[number], (text: string) => string | null> = {
  currency: currencyProblem,
  price: amountProblem,
  quote: currencyProblem,
  asOf: asOfProblem,
  source: sourceProblem,
};

/**
 * Reads a price CSV: a header naming the five columns `currency,price,quote,asOf,source` (any
 * order, case-insensitive), then one row per price. Blank lines are skipped; cells are trimmed.
 * Every problem is answered with its line and what to write instead; no row is taken from a CSV
 * with any error.
 */
export function readPriceCsv(text: string): PriceCsvRead {
  const errors: PriceLineError[] = [];
  const fail = (): PriceCsvRead => ({
    ok: false,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    more: Math.max(0, errors.length - MAX_LISTED_ERRORS),
  });
  if (text.length > MAX_PRICE_CSV_CHARS) {
    errors.push({ line: 1, message: `The CSV is longer than ${MAX_PRICE_CSV_CHARS} characters.` });
    return fail();
  }
  const { records, openQuoteAt } = csvRecords(text.replace(/^\uFEFF/, ''));
  if (openQuoteAt !== null)
    errors.push({ line: openQuoteAt, message: 'A quote opened here is never closed: close it with "' });
  const [header, ...body] = records;
  if (header === undefined) {
    errors.push({
      line: 1,
      message: `The CSV is empty: start with the header ${PRICE_CSV_HEADER.join(',')}`,
    });
    return fail();
  }
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const columns = PRICE_CSV_HEADER.map((name) => names.indexOf(name.toLowerCase()));
  const absent = PRICE_CSV_HEADER.filter((_, i) => columns[i] === -1);
  if (absent.length > 0 || names.length !== PRICE_CSV_HEADER.length) {
    errors.push({
      line: header.line,
      message: `The header must name the columns ${PRICE_CSV_HEADER.join(',')}${absent.length > 0 ? ` (missing: ${absent.join(', ')})` : ''}; it reads "${header.fields.join(',').slice(0, 200)}"`,
    });
    return fail();
  }
  if (body.length > MAX_PRICE_ROWS) {
    errors.push({
      line: body[MAX_PRICE_ROWS]!.line,
      message: `A price sheet holds at most ${MAX_PRICE_ROWS} rows; this CSV has ${body.length}.`,
    });
    return fail();
  }
  const rows: PriceRow[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    if (record.fields.every((f) => f.trim() === '')) continue;
    if (record.fields.length !== PRICE_CSV_HEADER.length) {
      errors.push({
        line: record.line,
        message: `has ${record.fields.length} cells; write ${PRICE_CSV_HEADER.length}: ${PRICE_CSV_HEADER.join(',')}`,
      });
      continue;
    }
    const cell = (i: number) => (record.fields[columns[i]!] ?? '').trim();
    const row = {
      currency: cell(0),
      price: cell(1),
      quote: cell(2) === '' ? DEFAULT_QUOTE : cell(2),
      asOf: cell(3),
      source: cell(4),
    };
    const problems = PRICE_CSV_HEADER.flatMap((name) => {
      const problem = FIELD_PROBLEMS[name](row[name]);
      return problem === null ? [] : [`${name} "${row[name].slice(0, 40)}" ${problem}`];
    });
    const first = seen.get(pairKey(row));
    if (problems.length === 0 && first !== undefined)
      problems.push(`${row.currency} in ${row.quote} is priced already on line ${first}: keep one`);
    if (problems.length > 0) errors.push({ line: record.line, message: problems.join('; ') });
    else {
      seen.set(pairKey(row), record.line);
      rows.push(row);
    }
  }
  return errors.length > 0 ? fail() : { ok: true, rows };
}

/** The sheet's rows as CSV (the import's format), for copying out. Cells are quoted where needed. */
export function priceCsvText(rows: readonly PriceRow[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [PRICE_CSV_HEADER.join(','), ...rows.map((r) => PRICE_CSV_HEADER.map((k) => cell(r[k])).join(','))]
    .map((l) => l + '\n')
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Values

/** Whether a price as of `asOf` is older than the sheet allows at `nowMs`. */
export function isStale(asOf: string, staleAfterMinutes: number, nowMs: number): boolean {
  const at = isoUtcMs(asOf);
  return at === null || nowMs - at > staleAfterMinutes * 60_000;
}

/** Each sheet's rows by (currency, quote), built once per sheet object: a table of 10,000 loans looks up without scanning. */
const indexes = new WeakMap<PriceSheet, Map<string, PriceRow>>();

function indexOf(sheet: PriceSheet): Map<string, PriceRow> {
  let index = indexes.get(sheet);
  if (index === undefined) {
    index = new Map();
    // The first row of a pair wins, as the sheet's rules allow only one.
    for (const row of sheet.rows) if (!index.has(pairKey(row))) index.set(pairKey(row), row);
    indexes.set(sheet, index);
  }
  return index;
}

/** The row pricing `currency` in `quote` (case-insensitive), or null. */
export function priceOf(
  sheet: PriceSheet | null | undefined,
  currency: string,
  quote = DEFAULT_QUOTE,
): PriceRow | null {
  if (!sheet) return null;
  return indexOf(sheet).get(pairKey({ currency, quote })) ?? null;
}

export interface ReferenceValue {
  /** amount × price, exact (a decimal string, not rounded). */
  value: string;
  quote: string;
  price: string;
  asOf: string;
  source: string;
  stale: boolean;
}

const PLAIN_DECIMAL = /^-?\d{1,60}(\.\d{1,60})?$/;

/**
 * `amount` of `currency` at the sheet's price in `quote`, exactly; null when there is no price or
 * the amount is not a plain decimal string (a JSON number or text is never valued).
 */
export function referenceValue(
  amount: unknown,
  currency: string,
  sheet: PriceSheet | null | undefined,
  quote = DEFAULT_QUOTE,
  nowMs: number = Date.now(),
): ReferenceValue | null {
  if (typeof amount !== 'string' || !PLAIN_DECIMAL.test(amount)) return null;
  const row = priceOf(sheet, currency, quote);
  if (row === null || !sheet) return null;
  return {
    value: new Exact(amount).mul(new Exact(row.price)).toFixed(),
    quote: row.quote,
    price: row.price,
    asOf: row.asOf,
    source: row.source,
    stale: isStale(row.asOf, sheet.staleAfterMinutes, nowMs),
  };
}

export interface ReferenceTotal {
  /** The sum of the rows that had a value (a decimal string), "0" when none had. */
  total: string;
  /** Rows with a value. */
  priced: number;
  /** Rows with no price (or an amount that cannot be valued): not in `total`. */
  unpriced: number;
  /** Priced rows whose price is stale. */
  stale: number;
  /** The oldest as-of time of the prices used, or null when none was. */
  oldestAsOf: string | null;
}

/** Totals the reference values of `items`; rows without a price are counted, never taken as 0. */
export function referenceTotal(
  items: Iterable<{ amount: unknown; currency: string }>,
  sheet: PriceSheet | null | undefined,
  quote = DEFAULT_QUOTE,
  nowMs: number = Date.now(),
): ReferenceTotal {
  let total = new Exact(0);
  let priced = 0;
  let unpriced = 0;
  let stale = 0;
  let oldest: { ms: number; asOf: string } | null = null;
  for (const item of items) {
    const v = referenceValue(item.amount, item.currency, sheet, quote, nowMs);
    if (v === null) {
      unpriced++;
      continue;
    }
    priced++;
    total = total.plus(v.value);
    if (v.stale) stale++;
    const ms = isoUtcMs(v.asOf) ?? 0;
    if (oldest === null || ms < oldest.ms) oldest = { ms, asOf: v.asOf };
  }
  return { total: total.toFixed(), priced, unpriced, stale, oldestAsOf: oldest?.asOf ?? null };
}

// ---------------------------------------------------------------------------------------------
// Contract inputs (src/shared/contract.ts, domain `prices`)

/** What `prices.importCsv` answers: the sheet when every line was read, else the line errors. */
export type PriceImport =
  { imported: true; sheet: PriceSheet } | { imported: false; errors: PriceLineError[]; more: number };

export const priceCsvInput = z
  .string()
  .max(MAX_PRICE_CSV_CHARS, `The CSV is longer than ${MAX_PRICE_CSV_CHARS} characters.`);
