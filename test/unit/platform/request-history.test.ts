import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestHistory, type HistoryRecord } from '../../../src/main/history/request-history';
import { approveLoan, listActivities, submitExchange } from '../../../src/main/platform';
import { TEST_API_KEY, TEST_API_SECRET } from '../../support/reference-hmac';
import { sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from './client-fixture';

const entry = (over: Partial<HistoryRecord> = {}): HistoryRecord => ({
  time: new Date(0).toISOString(),
  workspaceId: 'ws-a',
  method: 'GET',
  path: '/platform/portfolios',
  status: 200,
  latencyMs: 3,
  errorCode: null,
  attempt: 1,
  ...over,
});

describe('RequestHistory', () => {
  it('is a bounded ring that lists newest first', () => {
    const history = new RequestHistory(3);
    for (let i = 1; i <= 5; i++) history.record(entry({ path: `/platform/p${i}` }));
    expect(history.length).toBe(3);
    expect(history.list().map((e) => e.path)).toEqual(['/platform/p5', '/platform/p4', '/platform/p3']);
    expect(history.list().map((e) => e.seq)).toEqual([5, 4, 3]);
  });

  it('defaults to 2,000 entries', () => {
    const history = new RequestHistory();
    for (let i = 0; i < 2_100; i++) history.record(entry());
    expect(history.list()).toHaveLength(2_000);
  });

  it('filters by workspace, errors only, search and limit', () => {
    const history = new RequestHistory();
    history.record(entry({ workspaceId: 'ws-a', path: '/platform/wallets' }));
    history.record(entry({ workspaceId: 'ws-b', status: 429, errorCode: 'rate-limited' }));
    history.record(
      entry({ workspaceId: 'ws-a', method: 'PATCH', path: '/platform/organizations/o/loans/l1' }),
    );
    history.record(entry({ workspaceId: 'ws-a', status: null, errorCode: 'network' }));
    expect(history.list({ workspaceId: 'ws-b' })).toHaveLength(1);
    expect(history.list({ errorsOnly: true }).map((e) => e.errorCode)).toEqual(['network', 'rate-limited']);
    expect(history.list({ search: 'LOANS' })).toHaveLength(1);
    expect(history.list({ search: 'patch' })).toHaveLength(1);
    expect(history.list({ search: '429' })).toHaveLength(1);
    expect(history.list({ limit: 2 })).toHaveLength(2);
  });

  it('stores only the known fields and hands out copies', () => {
    const history = new RequestHistory();
    history.record({ ...entry(), headers: { Authorization: 'x' } } as HistoryRecord);
    const [listed] = history.list();
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      ['attempt', 'errorCode', 'latencyMs', 'method', 'path', 'seq', 'status', 'time', 'workspaceId'].sort(),
    );
    if (listed) listed.path = 'changed';
    expect(history.list()[0]?.path).toBe('/platform/portfolios');
  });

  it('clears', () => {
    const history = new RequestHistory();
    history.record(entry());
    history.clear();
    expect(history.list()).toEqual([]);
  });
});

describe('history recorded by the client', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.server.close());

  it('records every attempt with no secret, signature, key or body', async () => {
    const client = fx.client();
    await listActivities(client, fx.server.organizationId, { search: 'hello', limit: 5 });
    await submitExchange(client, {
      portfolioId: 'pf-1',
      action: { type: 'order', secretish: 'BODY-MARKER' },
      nonce: 1,
    });
    await approveLoan(client, fx.server.organizationId, 'loan-1');
    let n = 0;
    fx.server.setHandler((_req, res) =>
      n++ < 1 ? sendJson(res, 503, {}) : sendJson(res, 200, { portfolios: [] }),
    );
    await client.request({ method: 'GET', path: '/portfolios' });
    fx.server.setHandler(null);

    const listed = fx.history.list();
    expect(listed).toHaveLength(5);
    expect(listed[0]).toMatchObject({ method: 'GET', path: '/platform/portfolios', status: 200, attempt: 2 });
    expect(listed[1]).toMatchObject({ status: 503, errorCode: 'server-error', attempt: 1 });
    expect(listed[4]).toMatchObject({
      workspaceId: 'ws-test',
      method: 'GET',
      path: `/platform/organizations/${fx.server.organizationId}/activities?limit=5&search=hello`,
      status: 200,
      errorCode: null,
    });
    expect(listed[4]?.time).toMatch(/^\d{4}-\d\d-\d\dT/);

    const dump = JSON.stringify(listed);
    const signatures = fx.server.hits.map((h) => String(h.headers['x-signature']));
    expect(dump).not.toContain(TEST_API_SECRET);
    expect(dump).not.toContain(TEST_API_KEY);
    expect(dump).not.toContain('ApiKey');
    expect(dump).not.toContain('BODY-MARKER');
    for (const signature of signatures) expect(dump).not.toContain(signature);
  });
});
