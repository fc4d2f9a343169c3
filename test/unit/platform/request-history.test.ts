import { mkdtemp, readdir, readFile, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestHistory, type HistoryRecord } from '../../../src/main/history/request-history';
import { listActivities } from '../../../src/main/platform';
import { TEST_API_KEY, TEST_API_SECRET } from '../../support/reference-hmac';
import { sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from '../../support/fixtures/platform-client';

const entry = (over: Partial<HistoryRecord> = {}): HistoryRecord => ({
  time: new Date().toISOString(),
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

  it('defaults to 10,000 entries per workspace', () => {
    const history = new RequestHistory({ now: () => 0 });
    for (let i = 0; i < 10_100; i++) history.record(entry());
    expect(history.list()).toHaveLength(10_000);
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

  it('clears', async () => {
    const history = new RequestHistory();
    history.record(entry());
    await history.clear();
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
    await client.request({
      method: 'POST',
      path: '/exchange',
      body: { portfolioId: 'pf-1', action: { type: 'order', secretish: 'BODY-MARKER' }, nonce: 1 },
      operation: 'exchange.submit',
    });
    await client.request({
      method: 'PATCH',
      path: `/organizations/${fx.server.organizationId}/loans/loan-1`,
      contentType: 'application/vnd.approve-loan+json',
      operation: 'loans.approve',
    });
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

describe('filters by operation and status', () => {
  it('tells approve from cancel and picks statuses by code, class or none', () => {
    const history = new RequestHistory();
    const loan = '/platform/organizations/o/loans/l1';
    history.record(entry({ method: 'PATCH', path: loan, operation: 'loans.approve', status: 200 }));
    history.record(
      entry({
        method: 'PATCH',
        path: loan,
        operation: 'loans.cancelInterestPayment',
        status: 409,
        errorCode: 'conflict',
      }),
    );
    history.record(entry({ operation: 'portfolios.list', status: null, errorCode: 'network' }));
    expect(history.list({ operation: 'loans.approve' }).map((e) => e.status)).toEqual([200]);
    expect(history.list({ operation: 'loans.' })).toHaveLength(2);
    expect(history.list({ status: '4xx' }).map((e) => e.operation)).toEqual(['loans.cancelInterestPayment']);
    expect(history.list({ status: '200' }).map((e) => e.operation)).toEqual(['loans.approve']);
    expect(history.list({ status: 'none' }).map((e) => e.operation)).toEqual(['portfolios.list']);
    expect(history.operations()).toEqual(['loans.approve', 'loans.cancelInterestPayment', 'portfolios.list']);
  });
});

describe('on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'history-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const fresh = async (name: string) => join(dir, name);

  it('survives a restart with every field, and numbering continues', async () => {
    const folder = await fresh('restart');
    const first = await RequestHistory.open({ dir: folder });
    first.record(entry({ operation: 'loans.approve', contentType: 'application/vnd.approve-loan+json' }));
    first.record(entry({ workspaceId: 'ws-b', status: 409, errorCode: 'conflict' }));
    await first.flush();

    const second = await RequestHistory.open({ dir: folder });
    expect(second.list().map((e) => [e.seq, e.workspaceId])).toEqual([
      [2, 'ws-b'],
      [1, 'ws-a'],
    ]);
    expect(second.list({ workspaceId: 'ws-a' })[0]).toMatchObject({
      operation: 'loans.approve',
      contentType: 'application/vnd.approve-loan+json',
      method: 'GET',
      status: 200,
      latencyMs: 3,
    });
    expect(second.record(entry()).seq).toBe(3);
    await second.clear('ws-a');
    expect((await readdir(folder)).sort()).toEqual(['ws-b.jsonl']);
  });

  it('keeps the last N per workspace, rewriting the file when it grows past the bound', async () => {
    const folder = await fresh('count');
    const history = await RequestHistory.open({ dir: folder, maxEntries: 8 });
    for (let i = 0; i < 40; i++) {
      history.record(entry({ path: `/p${i}` }));
      await history.flush();
    }
    const lines = (await readFile(join(folder, 'ws-a.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    const again = await RequestHistory.open({ dir: folder, maxEntries: 8 });
    expect(again.list().map((e) => e.path)).toEqual(Array.from({ length: 8 }, (_, i) => `/p${39 - i}`));
  });

  it('drops entries older than the age bound, and skips a torn line', async () => {
    const folder = await fresh('age');
    const day = 86_400_000;
    let now = Date.UTC(2026, 0, 31);
    const history = await RequestHistory.open({ dir: folder, maxAgeDays: 30, now: () => now });
    history.record(entry({ time: new Date(now - 40 * day).toISOString(), path: '/old' }));
    history.record(entry({ time: new Date(now - 1 * day).toISOString(), path: '/recent' }));
    await history.flush();
    await appendFile(join(folder, 'ws-a.jsonl'), '{"seq":3,"time":"2026');
    now += 0;
    const again = await RequestHistory.open({ dir: folder, maxAgeDays: 30, now: () => now });
    expect(again.list().map((e) => e.path)).toEqual(['/recent']);
    // Compacted at open: the old entry and the torn line are gone from the file too.
    expect((await readFile(join(folder, 'ws-a.jsonl'), 'utf8')).trimEnd().split('\n')).toHaveLength(1);
  });

  it('never writes the secret, the signature or a body to its files', async () => {
    const folder = await fresh('secret');
    const fx = await startFixture();
    try {
      const history = await RequestHistory.open({ dir: folder });
      const client = fx.client({ history });
      await listActivities(client, fx.server.organizationId, { limit: 5 });
      await client.request({
        method: 'POST',
        path: '/exchange',
        body: { action: { type: 'order', note: 'BODY-MARKER' }, nonce: 1 },
        operation: 'exchange.submit',
      });
      await history.flush();
      const text = (
        await Promise.all((await readdir(folder)).map((f) => readFile(join(folder, f), 'utf8')))
      ).join('');
      expect(text).toContain('/activities?limit=5');
      expect(text).not.toContain(TEST_API_SECRET);
      expect(text).not.toContain('BODY-MARKER');
      for (const hit of fx.server.hits) expect(text).not.toContain(String(hit.headers['x-signature']));
    } finally {
      fx.server.close();
    }
  });
});
