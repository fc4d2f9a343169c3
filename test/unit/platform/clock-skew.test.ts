import { describe, expect, it } from 'vitest';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from './client-fixture';

const fx = useClientFixture();

const serverAhead = (ms: number, status = 200) =>
  fx.server.setHandler((_req, res) =>
    sendJson(
      res,
      status,
      status === 200 ? { portfolios: [] } : { error: 'unauthorized', message: 'Invalid timestamp' },
      { Date: new Date(Date.now() + ms).toUTCString() },
    ),
  );

describe('clock skew', () => {
  it('measures skew from the Date header and reports it past 5 s', async () => {
    serverAhead(60_000);
    const reports: number[] = [];
    const client = fx.client({ onClockSkew: (s) => reports.push(s) });
    const result = await client.request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(true);
    expect(client.clockSkewMs).toBeGreaterThan(58_500);
    expect(client.clockSkewMs).toBeLessThan(61_500);
    expect(reports).toHaveLength(1);
  });

  it('stays quiet for a small skew but still stores it', async () => {
    serverAhead(0);
    const reports: number[] = [];
    const client = fx.client({ onClockSkew: (s) => reports.push(s) });
    await client.request({ method: 'GET', path: '/portfolios' });
    expect(Math.abs(client.clockSkewMs ?? 99_999)).toBeLessThan(2000);
    expect(reports).toHaveLength(0);
  });

  it('explains an auth failure with a large skew as a clock problem', async () => {
    serverAhead(-120_000, 401);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('clock-skew');
      expect(result.error.status).toBe(401);
      expect(result.error.message).toMatch(/clock is off by 1(19|20|21) s/);
      expect(result.error.message).toMatch(/likely cause/);
    }
  });

  it('keeps auth-failed when the clocks agree', async () => {
    serverAhead(0, 401);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(!result.ok && result.error.code).toBe('auth-failed');
  });
});

describe('clock skew when Date cannot be read (issue 25.7)', () => {
  it.each([
    ['unreadable', 'not a date'],
    ['numeric', '1'],
    ['missing', null],
  ])('a %s Date resets the skew instead of leaving the last one shown', async (_what, date) => {
    serverAhead(60_000);
    const client = fx.client();
    await client.request({ method: 'GET', path: '/portfolios' });
    expect(client.clockSkewMs).toBeGreaterThan(58_500);
    fx.server.setHandler((_req, res) => {
      if (date === null) res.sendDate = false;
      else res.setHeader('Date', date);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"portfolios":[]}');
    });
    await client.request({ method: 'GET', path: '/portfolios' });
    expect(client.clockSkewMs).toBeNull();
  });
});
