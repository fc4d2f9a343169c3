/**
 * Retry-After (issue 18, point 4): honoured as given, up to MAX_RETRY_AFTER_MS, never cut short;
 * an operator's read stops at once with the time it may try again; a job's page waits.
 */
import { describe, expect, it } from 'vitest';
import { INTERACTIVE_MAX_WAIT_MS } from '../../../src/main/platform/client';
import { LockoutGuard } from '../../../src/main/guard/lockout-guard';
import { MAX_RETRY_AFTER_MS } from '../../../src/shared/platform/limits';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

function tooMany(seconds: string, thenOk = Infinity) {
  let n = 0;
  fx.server.setHandler((_req, res) =>
    n++ < thenOk
      ? sendJson(res, 429, { error: 'too-many-requests', message: 'slow down' }, { 'Retry-After': seconds })
      : sendJson(res, 200, { portfolios: [] }),
  );
}

describe('Retry-After', () => {
  it('an operator read told to wait 120 s stops at once and says when it may try again', async () => {
    tooMany('120');
    const now = 1_800_000_000_000;
    const result = await fx.client({ now: () => now }).request({ method: 'GET', path: '/portfolios' });
    expect(!result.ok && result.error.code).toBe('rate-limited');
    expect(!result.ok && result.error.retryAt).toBe(String(now + 120_000));
    expect(fx.server.hits).toHaveLength(1); // not retried 4 s later, as before
    expect(fx.sleeps).toEqual([]);
    expect(120_000).toBeGreaterThan(INTERACTIVE_MAX_WAIT_MS);
  });

  it('a job page waits what Retry-After says, never less', async () => {
    tooMany('120', 1);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios', pace: 'bulk' });
    expect(result.ok).toBe(true);
    expect(fx.sleeps).toHaveLength(1);
    expect(fx.sleeps[0]).toBeGreaterThanOrEqual(120_000);
  });

  it('with a guard, the workspace is held back until Retry-After has passed', async () => {
    tooMany('120');
    let now = 1_800_000_000_000;
    const guard = new LockoutGuard('ws-test', { now: () => now });
    const client = fx.client({ now: () => now, guard });
    await client.request({ method: 'GET', path: '/portfolios' });
    expect(fx.server.hits).toHaveLength(1);
    now += 60_000;
    const held = await client.request({ method: 'GET', path: '/portfolios' });
    expect(!held.ok && held.error.code).toBe('guard-refused');
    expect(!held.ok && held.error.retryAt).toBe(String(1_800_000_000_000 + 120_000));
    expect(fx.server.hits).toHaveLength(1); // nothing was sent meanwhile
    now += 61_000;
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: [] }));
    expect((await client.request({ method: 'GET', path: '/portfolios' })).ok).toBe(true);
  });
});

describe('Retry-After as an HTTP date (issue 25.7)', () => {
  it("is honoured, measured from the answer's own Date header", async () => {
    const serverNow = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    let n = 0;
    fx.server.setHandler((_req, res) =>
      n++ < 1
        ? sendJson(
            res,
            429,
            { error: 'too-many-requests', message: 'slow down' },
            {
              Date: new Date(serverNow).toUTCString(),
              'Retry-After': new Date(serverNow + 90_000).toUTCString(),
            },
          )
        : sendJson(res, 200, { portfolios: [] }),
    );
    // The local clock is an hour off: the wait is still the 90 s the platform asked for.
    const client = fx.client({ now: () => serverNow + 3_600_000 });
    const result = await client.request({ method: 'GET', path: '/portfolios', pace: 'bulk' });
    expect(result.ok).toBe(true);
    expect(fx.sleeps).toHaveLength(1);
    expect(fx.sleeps[0]).toBeGreaterThanOrEqual(90_000);
    expect(fx.sleeps[0]).toBeLessThan(91_000);
  });
});

describe('Retry-After in either form (seconds, or an HTTP date)', () => {
  it.each([
    ['a short one is waited for in full, above the jittered back-off cap', '7', 7_000],
    ['a date already past means now: the usual back-off applies', 'Thu, 01 Jan 2015 00:00:00 GMT', 0],
  ])('%s', async (_what, header, waited) => {
    tooMany(header, 1);
    const result = await fx.client({ random: () => 0 }).request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(true);
    expect(fx.sleeps).toEqual([waited]);
  });

  it.each([
    ['an absurd number of seconds', '999999'],
    ['a date years ahead', 'Fri, 01 Jan 2100 00:00:00 GMT'],
  ])('caps %s at ten minutes', async (_what, header) => {
    tooMany(header, 1);
    await fx.client().request({ method: 'GET', path: '/portfolios', pace: 'bulk' });
    expect(fx.sleeps[0]).toBe(MAX_RETRY_AFTER_MS);
  });
});
