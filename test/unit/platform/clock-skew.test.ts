import { describe, expect, it } from 'vitest';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

/**
 * The client's clock, on a whole second so that the Date header (whole seconds) is exact; the
 * client adds half a second for the header's truncation, so a server 60 s ahead reads 60.5 s.
 */
const NOW = Math.floor(Date.now() / 1000) * 1000;
const client = (over: Parameters<typeof fx.client>[0] = {}) => fx.client({ now: () => NOW, ...over });

const serverAhead = (ms: number, status = 200) =>
  fx.server.setHandler((_req, res) =>
    sendJson(
      res,
      status,
      status === 200 ? { portfolios: [] } : { error: 'unauthorized', message: 'Invalid timestamp' },
      { Date: new Date(NOW + ms).toUTCString() },
    ),
  );

describe('clock skew', () => {
  it('measures skew from the Date header and reports it past 5 s', async () => {
    serverAhead(60_000);
    const reports: number[] = [];
    const c = client({ onClockSkew: (s) => reports.push(s) });
    const result = await c.request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(true);
    expect(c.clockSkewMs).toBe(60_500);
    expect(reports).toEqual([60_500]);
  });

  it('stays quiet for a small skew but still stores it', async () => {
    serverAhead(0);
    const reports: number[] = [];
    const c = client({ onClockSkew: (s) => reports.push(s) });
    await c.request({ method: 'GET', path: '/portfolios' });
    expect(c.clockSkewMs).toBe(500);
    expect(reports).toHaveLength(0);
  });

  it('explains an auth failure with a large skew as a clock problem', async () => {
    serverAhead(-120_000, 401);
    const result = await client().request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('clock-skew');
      expect(result.error.status).toBe(401);
      expect(result.error.message).toMatch(/clock is off by 120 s/);
      expect(result.error.message).toMatch(/likely cause/);
    }
  });

  it('keeps auth-failed when the clocks agree', async () => {
    serverAhead(0, 401);
    const result = await client().request({ method: 'GET', path: '/portfolios' });
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
    const c = client();
    await c.request({ method: 'GET', path: '/portfolios' });
    expect(c.clockSkewMs).toBe(60_500);
    fx.server.setHandler((_req, res) => {
      if (date === null) res.sendDate = false;
      else res.setHeader('Date', date);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"portfolios":[]}');
    });
    await c.request({ method: 'GET', path: '/portfolios' });
    expect(c.clockSkewMs).toBeNull();
  });
});
