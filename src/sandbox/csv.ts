/**
 * RFC 4180 CSV: CRLF records, a header row, and a field quoted (quotes doubled) when it holds a
 * comma, a quote, CR or LF. Answers are assembled from each record's line, encoded once and
 * cached by the store (like JSON records), so a 1,000-row page costs a concatenation.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** One record's line, CRLF included (RFC 4180's record separator). */
export function csvRecord(values: readonly string[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    if (i > 0) out += ',';
    out += NEEDS_QUOTES.test(v) ? `"${v.replace(QUOTES, '""')}"` : v;
  }
  return out + '\r\n';
}

/** The header row, then each record's line as `line` gives it (cached by the caller). */
export function csvAnswer<T extends object>(
  rows: readonly T[],
  columns: readonly (keyof T & string)[],
  line: (row: T) => Buffer,
): Buffer {
  const parts: Buffer[] = [Buffer.from(csvRecord(columns))];
  for (const row of rows) parts.push(line(row));
  return Buffer.concat(parts);
}

/** A record's values in column order; absent values are empty fields. */
export function csvValues<T extends object>(row: T, columns: readonly (keyof T & string)[]): string[] {
  return columns.map((c) => {
    const v = row[c];
    return v === undefined || v === null ? '' : String(v);
  });
}
