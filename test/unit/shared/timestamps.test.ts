/**
 * One timestamp reading for every screen and the risk arithmetic (issue 25, finding 10). Before,
 * the tables read 10-digit values as seconds and the risk arithmetic as milliseconds (a false
 * stale-LTV alert), and `Date.parse` read "-1" as 2001-01-01.
 */
import { describe, expect, it } from 'vitest';
import { jsonNumberText } from '../../../src/shared/json-number';
import { ltvAgeMs, isStale, cureTime } from '../../../src/shared/risk';
import type { Loan } from '../../../src/shared/platform/resources';
import { timestampMs as sortTimestampMs } from '../../../src/shared/sort-ranks';
import { readTimestamp, timestampMs } from '../../../src/shared/timestamps';
import { formatTimestamp, parseTimestamp } from '../../../src/renderer/src/lib/time';

const NOW = '1800000000000';

describe('readTimestamp', () => {
  it('reads 12 or more digits as epoch ms, and fewer as seconds, saying it guessed', () => {
    expect(readTimestamp('1700000000000')).toEqual({
      raw: '1700000000000',
      ms: 1_700_000_000_000,
      guessed: null,
      problem: null,
    });
    expect(readTimestamp('1700000000')).toEqual({
      raw: '1700000000',
      ms: 1_700_000_000_000,
      guessed: 'seconds',
      problem: null,
    });
    expect(readTimestamp('99999999999').guessed).toBe('seconds');
    expect(readTimestamp('100000000000')).toMatchObject({ ms: 100_000_000_000, guessed: null });
  });

  it('reads a JSON number, and a number kept with its digits, like the same digits', () => {
    expect(readTimestamp(1_700_000_000)).toMatchObject({ ms: 1_700_000_000_000, guessed: 'seconds' });
    expect(readTimestamp(jsonNumberText('1700000000000'))).toMatchObject({ ms: 1_700_000_000_000 });
    expect(readTimestamp(jsonNumberText('1700000000000.5')).ms).toBeNull();
  });

  it('reads ISO-8601 with a strict pattern, zone-less times as UTC (a marked guess)', () => {
    expect(readTimestamp('2025-03-04T17:05:09.000Z')).toMatchObject({
      ms: Date.UTC(2025, 2, 4, 17, 5, 9),
      guessed: null,
    });
    expect(readTimestamp('2025-03-04T18:05:09+01:00').ms).toBe(Date.UTC(2025, 2, 4, 17, 5, 9));
    expect(readTimestamp('2025-03-04').ms).toBe(Date.UTC(2025, 2, 4));
    expect(readTimestamp('2025-03-04T17:05:09')).toMatchObject({
      ms: Date.UTC(2025, 2, 4, 17, 5, 9),
      guessed: 'utc',
    });
  });

  it('has no Date.parse fallback: "-1" and other text Date.parse accepts are unreadable', () => {
    for (const raw of [
      '-1',
      '1',
      'March 4, 2025',
      'Tue Mar 04 2025',
      '2025-02-30',
      '2025-13-01',
      ' 1700000000000',
      '1.5',
      '0',
      '99999999999999999999',
      '+1700000000000',
    ]) {
      const r = readTimestamp(raw);
      expect(r.ms, raw).toBe(raw === '1' ? 1000 : null);
      if (raw !== '1') expect(r.problem, raw).not.toBeNull();
      expect(r.raw).toBe(raw);
    }
    expect(readTimestamp(-3).ms).toBeNull();
    expect(readTimestamp({ a: 1 })).toMatchObject({ raw: '{"a":1}', ms: null });
    expect(readTimestamp(null)).toEqual({ raw: '', ms: null, guessed: null, problem: null });
  });

  it('refuses a long text without running a pattern over it', () => {
    expect(readTimestamp('2025-03-04T17:05:09Z' + ' '.repeat(1_000_000)).ms).toBeNull();
  });
});

describe('every reader uses it', () => {
  it('the screens and the tables\' sort do not read "-1" as 2001', () => {
    expect(parseTimestamp('-1')).toBeNull();
    expect(sortTimestampMs('-1')).toBeNull();
    expect(formatTimestamp('-1')).toBe('-1');
    expect(timestampMs('1700000000')).toBe(sortTimestampMs('1700000000'));
  });

  it('the risk arithmetic reads seconds as seconds, as the tables do (was: a false stale alert)', () => {
    const tenSecondsAgo = String(1_800_000_000 - 10); // unix seconds
    expect(ltvAgeMs(tenSecondsAgo, NOW)).toBe('10000');
    expect(isStale(tenSecondsAgo, NOW)).toBe(false);
    const loan = {
      loanId: 'L1',
      debtRatioStatus: 'margin-call',
      embedded: { marginCall: { expiresAt: String(1_800_000_000 + 60) } },
    } as unknown as Loan;
    expect(cureTime(loan, NOW)).toMatchObject({ source: 'platform', remainingMs: '60000' });
  });

  it('the risk arithmetic does not read "-1" or ISO nonsense as a time', () => {
    expect(ltvAgeMs('-1', NOW)).toBeNull();
    expect(ltvAgeMs('2025-02-30T00:00:00Z', NOW)).toBeNull();
  });
});
