import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_REQUESTS, RequestLog } from '../../../src/sandbox/faults/request-log';

const entry = (i: number) => ({
  method: i % 2 === 0 ? 'GET' : 'PATCH',
  path: `/r/${i}`,
  contentType: null,
  at: 1_750_000_000_000 + i,
});

describe('RequestLog', () => {
  it('keeps the newest 10,000 entries, newest last, however many arrive', () => {
    const log = new RequestLog();
    const total = MAX_LOGGED_REQUESTS + 2_345;
    for (let i = 0; i < total; i++) log.record(entry(i));
    const all = log.list({});
    expect(all).toHaveLength(MAX_LOGGED_REQUESTS);
    expect(all[0]?.path).toBe(`/r/${total - MAX_LOGGED_REQUESTS}`);
    expect(all[all.length - 1]?.path).toBe(`/r/${total - 1}`);
    expect(all.every((e, k) => e.path === `/r/${total - MAX_LOGGED_REQUESTS + k}`)).toBe(true);
    expect(log.list({ method: 'PATCH' })).toHaveLength(MAX_LOGGED_REQUESTS / 2);
    expect(log.list({ pathPrefix: `/r/${total - 1}` })).toHaveLength(1);
    expect(log.clear()).toBe(MAX_LOGGED_REQUESTS);
    expect(log.list({})).toEqual([]);
  });

  it('lists each entry with its fields, the time as a string, unanswered as null', () => {
    const log = new RequestLog();
    log.record({ method: 'POST', path: '/exchange', contentType: 'application/json', at: 1_750_000_000_123 });
    const id = log.record(entry(2));
    log.answered(id, 404);
    expect(log.list({})).toEqual([
      {
        method: 'POST',
        path: '/exchange',
        contentType: 'application/json',
        status: null,
        at: '1750000000123',
      },
      { method: 'GET', path: '/r/2', contentType: null, status: 404, at: '1750000000002' },
    ]);
  });

  it('sets a status only on the entry it belongs to, never on one that took its place', () => {
    const log = new RequestLog();
    const first = log.record(entry(0));
    for (let i = 1; i <= MAX_LOGGED_REQUESTS; i++) log.record(entry(i));
    log.answered(first, 500); // entry 0 has left the log: its slot now holds entry 10,000
    expect(log.list({}).every((e) => e.status === null)).toBe(true);

    const fresh = new RequestLog();
    const beforeClear = fresh.record(entry(1));
    fresh.clear();
    const after = fresh.record(entry(3));
    fresh.answered(beforeClear, 201); // answered after a clear: that entry is gone
    expect(fresh.list({})[0]?.status).toBeNull();
    fresh.answered(after, 200);
    expect(fresh.list({})[0]).toMatchObject({ path: '/r/3', status: 200 });
  });

  it('answers copies: a caller cannot edit the log', () => {
    const log = new RequestLog();
    log.answered(log.record(entry(1)), 200);
    const [first] = log.list({});
    if (first) first.status = 999;
    expect(log.list({})[0]?.status).toBe(200);
  });
});
