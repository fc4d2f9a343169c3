/** RFC 4180 CSV (CRLF records, fields with commas, quotes or line breaks quoted) with a header row. */
import { stringify } from 'csv-stringify/sync';

export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  return stringify(rows as T[], { header: true, columns: [...columns], record_delimiter: 'windows' });
}
