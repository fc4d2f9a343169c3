/**
 * The plain list reads built from one description each (listRead in src/main/platform/operations.ts)
 * and the activities operation's two forms (JSON and CSV), which share one path and query.
 */
import { describe, expect, it } from 'vitest';
import { activitiesCsv, listAccounts, listPortfolios } from '../../../src/main/platform/operations';
import { sendJson, type ReceivedRequest } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

/** Answers every request with `body` and records what was asked. */
function answer(body: unknown, contentType = 'application/json') {
  const seen: ReceivedRequest[] = [];
  fx.server.setHandler((req, res) => {
    seen.push(req);
    if (contentType === 'application/json') return sendJson(res, 200, body);
    res.writeHead(200, { 'content-type': contentType });
    res.end(String(body));
  });
  return seen;
}

describe('list reads', () => {
  it('accepts a bare array of accounts, which an older platform sends', async () => {
    answer([{ accountId: 'a' }]);
    expect(await listAccounts(fx.client())).toEqual({ ok: true, value: [{ accountId: 'a' }] });
  });

  it('refuses a bare array where the specification names the field, saying which field', async () => {
    answer([{ portfolioId: 'p' }]);
    const r = await listPortfolios(fx.client(), {});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('bad-response');
    expect(!r.ok && r.error.message).toContain('"portfolios"');
  });
});

describe('activitiesCsv', () => {
  it('asks the activities path and query for text/csv and streams the body', async () => {
    const seen = answer('a,b\n1,2\n', 'text/csv');
    const r = await activitiesCsv(fx.client(), 'org/1', { activityTypes: ['login'], limit: 5 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    let text = '';
    for await (const chunk of r.value.body) text += String(chunk);
    expect(text).toBe('a,b\n1,2\n');
    expect(seen[0]?.url).toBe('/platform/organizations/org%2F1/activities?limit=5&activityTypes=login');
    expect(seen[0]?.headers.accept).toBe('text/csv');
  });
});
