/**
 * The walk's report on screen (src/renderer/src/components/walk-report.ts) for what issue 25 adds:
 * rows that moved, rows that may have been missed (never a walk shown as whole without that
 * note), null rows and rows without an id.
 */
import { describe, expect, it } from 'vitest';
import { partialWalkText, walkReportParts } from '../../../src/renderer/src/components/walk-report';

const base = {
  rows: 2_499,
  pages: 4,
  truncated: false,
  duplicatesDropped: 0,
  incomplete: false,
  total: null,
};

describe('walkReportParts', () => {
  it('says how many rows may have been missed when a row moved during the read', () => {
    const parts = walkReportParts({ ...base, movedRows: 1, mayHaveMissed: 1, complete: false });
    expect(parts).toContain('1 row changed during the read (the newest copy is shown)');
    expect(parts).toContain('1 row may have been missed: a row moved during the read; read again to check');
  });

  it('never shows a repeat without the note, even from a report that does not count the misses', () => {
    // The export's result before issue 25 carried only duplicatesDropped: a repeat is a shift.
    const parts = walkReportParts({ ...base, duplicatesDropped: 2 });
    expect(parts).toContain('2 duplicates dropped');
    expect(parts).toContain('2 rows may have been missed: a row moved during the read; read again to check');
  });

  it('counts null rows and rows without an id', () => {
    const parts = walkReportParts({ ...base, nullRows: 3, rowsWithoutId: 1 });
    expect(parts).toContain('3 rows came as null and are not shown');
    expect(parts).toContain('1 row has no id (kept; a repeat of it cannot be recognised)');
  });

  it('a whole walk says only its rows', () => {
    expect(walkReportParts({ ...base, rows: 2_500, complete: true, mayHaveMissed: 0, nullRows: 0 })).toEqual([
      '2,500 rows',
    ]);
  });
});

describe('partialWalkText (issue 30: a walk still running)', () => {
  it.each([
    [{ loaded: 1_000, estimate: 20_000, requests: 2 }, '1,000 of about 20,000 loaded · 2 requests'],
    [{ loaded: 1_000, estimate: null, requests: 1 }, '1,000 loaded so far · 1 request'],
    // The list grew past the last read: no estimate rather than "3,000 of about 2,000".
    [{ loaded: 3_000, estimate: 2_000, requests: 3 }, '3,000 loaded so far · 3 requests'],
  ])('%o → %s', (walk, text) => {
    expect(partialWalkText(walk)).toBe(text);
  });
});
