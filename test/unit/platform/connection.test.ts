/** "Test connection" (src/main/platform/connection.ts): one signed read of the portfolios. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../src/main/platform/connection';
import { sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from '../../support/fixtures/platform-client';

describe('testConnection', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.server.close());

  it('passes the platform refusal on as it is, and asks for portfolios with no filter', async () => {
    fx.server.setHandler((req, res) => {
      sendJson(res, req.url === '/platform/portfolios' ? 403 : 500, {
        error: 'forbidden',
        message: 'not allowed',
      });
    });
    const r = await testConnection(fx.client());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('stops when cancelled', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: [] }));
    const cancel = new AbortController();
    cancel.abort();
    const r = await testConnection(fx.client(), cancel.signal);
    expect(!r.ok && r.error.code).toBe('cancelled');
  });

  it('reports the portfolios counted and a latency in whole, non-negative milliseconds', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: [{}, {}, {}] }));
    const r = await testConnection(fx.client());
    expect(r.ok && Number.isInteger(r.value.latencyMs) && r.value.latencyMs >= 0).toBe(true);
    expect(r.ok && r.value.portfolios).toBe(3);
  });
});
