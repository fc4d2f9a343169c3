import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CsvFormatError, CsvRecordReader, csvLine } from '../../../src/main/exports/csv-records';
import { createRng } from '../../../src/sandbox/prng';

/** Parses `text` cut into chunks at the given positions. */
function readAll(text: string, cuts: readonly number[] = []): string[][] {
  const records: string[][] = [];
  const reader = new CsvRecordReader((r) => records.push(r));
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    reader.push(text.slice(from, cut));
    from = cut;
  }
  reader.end();
  return records;
}

const library = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: true }) as string[][];

/** The reader gives csv-parse's records, or refuses what csv-parse refuses. */
function expectSameAsLibrary(text: string, cuts: readonly number[] = []): void {
  let expected: string[][];
  try {
    expected = library(text);
  } catch {
    expect(() => readAll(text, cuts), JSON.stringify(text)).toThrow(CsvFormatError);
    return;
  }
  expect(readAll(text, cuts), JSON.stringify(text)).toEqual(expected);
}

/** Cells mixing the characters that matter to CSV with plain and non-ASCII text. */
const ALPHABET = ['a', 'b', ' ', ',', '"', '\n', '\r', '\r\n', '=', '-', "'", '\t', 'é', '日', '🚀', 'xyz'];

function randomCell(rng: ReturnType<typeof createRng>): string {
  let cell = '';
  const length = rng.int(6);
  for (let i = 0; i < length; i++) cell += rng.pick(ALPHABET);
  return cell;
}

describe('csvLine', () => {
  it('writes what csv-stringify writes, byte for byte', () => {
    const rng = createRng(7);
    for (let n = 0; n < 2_000; n++) {
      const row = Array.from({ length: 1 + rng.int(5) }, () => randomCell(rng));
      expect(csvLine(row)).toBe(stringify([row]));
    }
  });
});

describe('CsvRecordReader', () => {
  // csv-stringify with an explicit record delimiter leaves a lone CR or LF in a field unquoted:
  // csv-parse then reads it as text or refuses the quote after it, and so must the reader.
  it('reads what csv-parse reads, whatever the line breaks and chunk boundaries', () => {
    const rng = createRng(11);
    for (let n = 0; n < 400; n++) {
      const rows = Array.from({ length: 1 + rng.int(4) }, () =>
        Array.from({ length: 1 + rng.int(4) }, () => randomCell(rng)),
      );
      const text = stringify(rows, { record_delimiter: rng.chance(0.5) ? 'windows' : 'unix' });
      const cuts = Array.from({ length: rng.int(4) }, () => rng.int(text.length + 1)).sort((a, b) => a - b);
      expectSameAsLibrary(text, cuts);
      // Every single split, the hardest case for a state carried across chunks.
      if (n < 25) for (let c = 0; c <= text.length; c++) expectSameAsLibrary(text, [c]);
    }
  });

  it('agrees with csv-parse on the edge cases of line breaks, empty lines and the BOM', () => {
    const cases = [
      'a,b\n\nc,d\n',
      'a,b\r\n\r\nc,d',
      'a,b\rc,d\r',
      '"a""b",c',
      '"a\nb",c\r\n',
      '\uFEFFa,b\n1,2',
      'a,b\n1\n1,2,3\n',
      'a,b\r\n1,2\r\n\r\n',
      '\n',
      '',
      'a,b\n""\n',
      'a,',
      '"",""',
      '"x"\r',
      '"say ""hi"""',
    ];
    for (const text of cases) expect(readAll(text), JSON.stringify(text)).toEqual(library(text));
    const mixed = [
      'a,b\r\nc\rd,e\r\nf\ng\r\n',
      'a,b\nc\rd\r\ne\n',
      'a,b\rc\nd\r\ne\r',
      'a\r\r\nb\n',
      '\r\n\r\n',
    ];
    for (const text of mixed) expect(readAll(text), JSON.stringify(text)).toEqual(library(text));
  });

  it('refuses what is not CSV with a CSV_ code', () => {
    for (const [text, code] of [
      ['a,"b\n', 'CSV_QUOTE_NOT_CLOSED'],
      ['a,"b"c\n', 'CSV_INVALID_CLOSING_QUOTE'],
      ['a,b"c\n', 'CSV_INVALID_OPENING_QUOTE'],
      [' "a",b', 'CSV_INVALID_OPENING_QUOTE'],
      ['"x"\r\n"y"\n"z"\r', 'CSV_INVALID_CLOSING_QUOTE'],
    ] as const) {
      expect(() => readAll(text), text).toThrow(CsvFormatError);
      try {
        readAll(text);
      } catch (error) {
        expect((error as CsvFormatError).code).toBe(code);
      }
      expect(() => library(text)).toThrow();
    }
  });
});
