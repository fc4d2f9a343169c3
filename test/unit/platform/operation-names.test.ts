/**
 * The read operations (src/main/platform/operations.ts) name themselves in the request history
 * (what an operator reads to see what the console did), pass pacing only when asked, refuse an
 * organization id that would leave the path before sending, and sort loans only when a direction
 * is asked. Found unpinned by mutation testing.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  activitiesCsv,
  getLoan,
  listActivities,
  listAgentWallets,
  listClearLoopActions,
  listLoans,
} from '../../../src/main/platform/operations';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

describe('operation names in the request history', () => {
  it('each read records its contract operation', async () => {
    fx.server.setHandler((req, res) => {
      if (req.pathname.endsWith('/activities') && req.headers.accept === 'text/csv') {
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        return void res.end('a\r\n');
      }
      sendJson(res, 200, {
        agentWallets: [],
        actions: [],
        activities: [],
        loans: [],
        loanId: 'L1',
        pagination: { offset: 0, limit: 10 },
      });
    });
    const client = fx.client();
    await listAgentWallets(client, {});
    await listClearLoopActions(client, {});
    await listActivities(client, 'org-1', {});
    const csv = await activitiesCsv(client, 'org-1', {});
    if (csv.ok) csv.value.body.resume();
    await listLoans(client, 'org-1', {});
    await getLoan(client, 'org-1', 'L1');
    expect(
      fx.history
        .list()
        .map((e) => e.operation)
        .reverse(),
    ).toEqual([
      'agentWallets.list',
      'clearloop.list',
      'activities.list',
      'exports.activitiesCsv',
      'loans.list',
      'loans.get',
    ]);
  });

  it('passes pacing only when the caller gives it', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { loans: [] }));
    const client = fx.client();
    const request = vi.spyOn(client, 'request');
    await listLoans(client, 'org-1', {});
    await listLoans(client, 'org-1', {}, { pace: 'bulk' });
    expect('pace' in (request.mock.calls[0]?.[0] ?? {})).toBe(false);
    expect(request.mock.calls[1]?.[0].pace).toBe('bulk');
  });
});

describe('paths and queries', () => {
  it('refuses an organization or loan id that would leave the path, sending nothing', async () => {
    const client = fx.client();
    for (const r of [
      await listActivities(client, '..', {}),
      await activitiesCsv(client, '..', {}),
      await listLoans(client, '..', {}),
      await getLoan(client, 'org-1', '..'),
    ]) {
      expect(!r.ok && r.error.code).toBe('bad-input');
    }
    expect(fx.server.hits).toHaveLength(0);
  });

  it('sorts loans by updatedAt only when a direction is asked', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { loans: [] }));
    await listLoans(fx.client(), 'org-1', {});
    await listLoans(fx.client(), 'org-1', { sortDirection: 'ASC' });
    expect(fx.server.hits[0]?.query.get('sortBy')).toBeNull();
    expect(fx.server.hits[1]?.query.get('sortBy')).toBe('updatedAt');
    expect(fx.server.hits[1]?.query.get('sortDirection')).toBe('ASC');
  });
});
