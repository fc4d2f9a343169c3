/**
 * The request history's bounds at record time (src/main/history/request-history.ts, `prune`): the
 * count bound drops the oldest entry per record, the age bound drops every entry past it, however
 * many at once, and the two work together. In memory, with a movable clock. `length` counts what
 * is kept (`list` also hides what is past the age bound, so it alone would not tell).
 */
import { describe, expect, it } from 'vitest';
import { RequestHistory, type HistoryRecord } from '../../../src/main/history/request-history';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 5, 1);

const at = (ms: number, path: string): HistoryRecord => ({
  time: new Date(ms).toISOString(),
  workspaceId: 'ws-a',
  method: 'GET',
  path,
  status: 200,
  latencyMs: 1,
  errorCode: null,
  attempt: 1,
});

describe('RequestHistory bounds at record time', () => {
  it('drops every entry past the age bound at once, and then the oldest past the count bound', () => {
    let now = START;
    const history = new RequestHistory({ maxEntries: 3, maxAgeDays: 1, now: () => now });
    history.record(at(START, '/a'));
    history.record(at(START + HOUR, '/b'));
    history.record(at(START + 2 * HOUR, '/c'));
    now = START + DAY + 90 * 60_000; // /a and /b are now past the bound, /c is not
    history.record(at(now, '/d'));
    expect(history.list().map((e) => e.path)).toEqual(['/d', '/c']);
    expect(history.length).toBe(2); // dropped, not only hidden from the list
    history.record(at(now, '/e'));
    history.record(at(now, '/f'));
    expect(history.list().map((e) => e.path)).toEqual(['/f', '/e', '/d']);
    expect(history.length).toBe(3);
  });

  it('keeps an entry exactly at the age bound and drops it one millisecond later', () => {
    let now = START + DAY;
    const history = new RequestHistory({ maxAgeDays: 1, now: () => now });
    history.record(at(START, '/edge'));
    history.record(at(now, '/new'));
    expect(history.list().map((e) => e.path)).toEqual(['/new', '/edge']);
    expect(history.length).toBe(2);
    now += 1;
    history.record(at(now, '/newer'));
    expect(history.list().map((e) => e.path)).toEqual(['/newer', '/new']);
    expect(history.length).toBe(2);
  });

  it('a full history drops exactly its oldest entry per record, keeping the newest in order', () => {
    const history = new RequestHistory({ maxEntries: 1000 });
    for (let i = 0; i < 2500; i++) history.record(at(Date.now(), `/p${i}`));
    const paths = history.list().map((e) => e.path);
    expect(paths).toHaveLength(1000);
    expect(paths[0]).toBe('/p2499');
    expect(paths[999]).toBe('/p1500');
  });
});
