import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_REQUESTS, RequestLog } from '../../../src/sandbox/faults/request-log';

const entry = (i: number) => ({
  method: i % 2 === 0 ? 'GET' : 'PATCH',
  path: `/r/${i}`,
  contentType: null,
  status: 200,
  at: String(i),
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
    expect(log.list({ method: 'PATCH' })).toHaveLength(MAX_LOGGED_REQUESTS / 2);
    expect(log.clear()).toBe(MAX_LOGGED_REQUESTS);
    expect(log.list({})).toEqual([]);
  });

  it('answers copies: a caller cannot edit the log', () => {
    const log = new RequestLog();
    log.record(entry(1));
    const [first] = log.list({});
    if (first) first.status = 999;
    expect(log.list({})[0]?.status).toBe(200);
  });
});
