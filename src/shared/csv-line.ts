/**
 * One CSV record (RFC 4180): fields joined by commas, a field quoted (quotes doubled) when it holds
 * a comma, a quote, CR or LF. The platform's CSV answers end records with CRLF (the sandbox writes
 * them so); the console's exports end them with LF, as csv-stringify does by default.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

export function csvLine(values: readonly string[], eol: '\n' | '\r\n'): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    if (i > 0) out += ',';
    out += NEEDS_QUOTES.test(v) ? `"${v.replace(QUOTES, '""')}"` : v;
  }
  return out + eol;
}
