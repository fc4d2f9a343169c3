/**
 * RFC 4180 CSV in both directions for the export's hot loop, written by hand because csv-parse and
 * csv-stringify were two thirds of the export's CPU time (a profile of 100,000 rows: csv-parse
 * alone ≈ 1.5 s of 2.3 s). Both follow the libraries' behaviour for everything the export sends
 * through them (test/unit/exports/csv-records.test.ts compares them on random input):
 *
 * - reading: `"` quotes a field and `""` inside it is one quote; the first line break outside
 *   quotes (CRLF, LF or CR) is the record delimiter and any other line break is text; a
 *   byte-order mark before the first field is dropped; an empty line is one empty field; a quote inside an unquoted field, text after a closing quote, or a quote left
 *   open at the end are errors (codes `CSV_…`, as csv-parse's, so callers can tell bad CSV apart);
 * - writing: a field is quoted when it holds `,`, `"`, CR or LF, with quotes doubled; records end
 *   with LF (csv-stringify's defaults).
 */

import { csvLine as csvRecordLine } from '../../shared/csv-line';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

const enum State {
  /** At the start of a field (also of a record). */
  FieldStart,
  /** Inside an unquoted field. */
  Unquoted,
  /** Inside a quoted field. */
  Quoted,
  /** After a closing quote: the field's value is complete; a separator must follow. */
  AfterQuote,
}

/** The record delimiter, fixed by the first line break outside quotes (as csv-parse does). */
const enum Break {
  Unknown,
  Lf,
  CrLf,
  Cr,
}

export class CsvFormatError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CsvFormatError';
  }
}

/**
 * Parses text pushed in chunks (decoded already; a record may span chunks) and hands each record
 * to `onRecord` as soon as it is complete. A character whose meaning depends on the next one (a
 * quote, a CR) at the end of a chunk is kept and read with the next chunk.
 */
export class CsvRecordReader {
  private state = State.FieldStart;
  private lineBreak = Break.Unknown;
  private record: string[] = [];
  /** The current field's text read so far (the whole value once its closing quote is read). */
  private field = '';
  /** Text left unread at the end of the last chunk, read before the next one. */
  private carry = '';
  private atStart = true;
  private line = 1;

  constructor(private readonly onRecord: (record: string[]) => void) {}

  push(chunk: string): void {
    this.scan(this.carry === '' ? chunk : this.carry + chunk, false);
  }

  /** The end of the text: the last record may lack its line break; an open quote is an error. */
  end(): void {
    this.scan(this.carry, true);
    const state = this.state;
    this.state = State.FieldStart;
    if (state === State.Quoted) {
      throw new CsvFormatError('CSV_QUOTE_NOT_CLOSED', `a quote opened on line ${this.line} is not closed`);
    }
    if (state === State.Unquoted || state === State.AfterQuote) this.endRecord(this.field);
    else if (this.record.length > 0) this.endRecord('');
  }

  private scan(text: string, final: boolean): void {
    this.carry = '';
    const n = text.length;
    let i = 0;
    if (this.atStart && n > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === BOM) i = 1;
    }
    let start = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case State.FieldStart:
          if (c === QUOTE) {
            this.state = State.Quoted;
            start = i + 1;
            i++;
          } else if (c === COMMA) {
            this.record.push('');
            i++;
          } else {
            const br = c === LF || c === CR ? this.breakAt(text, i, final) : 0;
            if (br < 0) return this.keep(text, i);
            if (br > 0) {
              this.endRecord('');
              i += br;
            } else {
              this.state = State.Unquoted;
              start = i;
              i++;
            }
          }
          continue;
        case State.Unquoted: {
          // The tight loop: most characters of a page are here.
          let d = c;
          while (d !== COMMA && d !== LF && d !== CR && d !== QUOTE) {
            if (++i === n) break;
            d = text.charCodeAt(i);
          }
          if (i === n) continue;
          if (d === QUOTE) {
            throw new CsvFormatError(
              'CSV_INVALID_OPENING_QUOTE',
              `a quote inside an unquoted field on line ${this.line}`,
            );
          }
          if (d === COMMA) {
            this.record.push(this.field + text.slice(start, i));
            this.field = '';
            this.state = State.FieldStart;
            i++;
            continue;
          }
          const br = this.breakAt(text, i, final);
          if (br < 0) {
            this.field += text.slice(start, i);
            return this.keep(text, i);
          }
          if (br === 0) {
            i++; // a line break that is not the record delimiter: part of the field
            continue;
          }
          this.endRecord(this.field + text.slice(start, i));
          this.field = '';
          this.state = State.FieldStart;
          i += br;
          continue;
        }
        case State.Quoted: {
          const q = text.indexOf('"', i);
          if (q < 0) {
            this.field += text.slice(start, n);
            return;
          }
          if (q + 1 === n && !final) {
            this.field += text.slice(start, q);
            return this.keep(text, q);
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            // An escaped quote: keep the text up to and including the first of the two.
            this.field += text.slice(start, q + 1);
            start = i = q + 2;
            continue;
          }
          this.field += text.slice(start, q);
          this.state = State.AfterQuote;
          i = q + 1;
          continue;
        }
        case State.AfterQuote: {
          if (c === COMMA) {
            this.record.push(this.field);
            this.field = '';
            this.state = State.FieldStart;
            i++;
            continue;
          }
          const br = c === LF || c === CR ? this.breakAt(text, i, final) : 0;
          if (br < 0) return this.keep(text, i);
          if (br === 0) {
            throw new CsvFormatError(
              'CSV_INVALID_CLOSING_QUOTE',
              `text after a closing quote on line ${this.line}`,
            );
          }
          this.endRecord(this.field);
          this.field = '';
          this.state = State.FieldStart;
          i += br;
          continue;
        }
      }
    }
    if (this.state === State.Unquoted || this.state === State.Quoted) this.field += text.slice(start, n);
  }

  /** Leaves `text` from `i` on for the next chunk. */
  private keep(text: string, i: number): void {
    this.carry = text.slice(i);
  }

  /**
   * The length of the record delimiter at `i` (a CR or an LF): 0 when that character is text, -1
   * when the next chunk must tell. The first line break read fixes the delimiter.
   */
  private breakAt(text: string, i: number, final: boolean): number {
    const c = text.charCodeAt(i);
    const hasNext = i + 1 < text.length;
    switch (this.lineBreak) {
      case Break.Lf:
        return c === LF ? 1 : 0;
      case Break.Cr:
        return c === CR ? 1 : 0;
      case Break.CrLf:
        if (c !== CR) return 0;
        if (hasNext) return text.charCodeAt(i + 1) === LF ? 2 : 0;
        return final ? 0 : -1;
      case Break.Unknown:
        if (c === LF) {
          this.lineBreak = Break.Lf;
          return 1;
        }
        if (!hasNext && !final) return -1;
        if (hasNext && text.charCodeAt(i + 1) === LF) {
          this.lineBreak = Break.CrLf;
          return 2;
        }
        this.lineBreak = Break.Cr;
        return 1;
    }
  }

  private endRecord(lastField: string): void {
    const record = this.record;
    record.push(lastField);
    this.record = [];
    this.line++;
    this.onRecord(record);
  }
}

/** One record as csv-stringify writes it by default, LF included. */
export function csvLine(row: readonly string[]): string {
  return csvRecordLine(row, '\n');
}
