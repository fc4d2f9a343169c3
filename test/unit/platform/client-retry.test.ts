import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../src/main/platform/client';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

/** Answers `failures` times with `status` (or a dropped connection for 0), then 200. */
function failThenSucceed(failures: number, status: number) {
  let n = 0;
  fx.server.setHandler((_req, res) => {
    if (n++ < failures) {
      if (status === 0) return void res.socket?.destroy();
      return sendJson(res, status, { error: 'x', message: `failure ${n}` });
    }
    sendJson(res, 200, { portfolios: [] });
  });
}

describe('retries', () => {
  it.each([429, 500, 503, 0])('retries a GET on %i and succeeds within the bounds', async (status) => {
    failThenSucceed(2, status);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(true);
    expect(fx.server.hits.length).toBe(3);
    expect(fx.sleeps).toHaveLength(2);
  });

  it('stops after maxAttempts total tries and returns the last error', async () => {
    failThenSucceed(10, 503);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(!result.ok && result.error.code).toBe('server-error');
    expect(fx.server.hits).toHaveLength(3);
    expect(fx.history.list().map((h) => h.attempt)).toEqual([3, 2, 1]);
  });

  it('backs off exponentially with full jitter, capped', async () => {
    failThenSucceed(10, 500);
    const client = fx.client({
      retry: { maxAttempts: 6, baseDelayMs: 250, maxDelayMs: 4000 },
      random: () => 0.9999,
    });
    await client.request({ method: 'GET', path: '/portfolios' });
    expect(fx.sleeps).toEqual([249, 499, 999, 1999, 3999]);
    fx.sleeps.length = 0;
    await fx
      .client({ retry: { maxAttempts: 3 }, random: () => 0 })
      .request({ method: 'GET', path: '/portfolios' });
    expect(fx.sleeps).toEqual([0, 0]);
  });

  it('honours a Retry-After up to the cap', async () => {
    fx.server.setHandler((_req, res) =>
      sendJson(res, 429, { error: 'too-many-requests', message: 'slow' }, { 'Retry-After': '2' }),
    );
    await fx.client({ random: () => 0 }).request({ method: 'GET', path: '/portfolios' });
    expect(fx.sleeps).toEqual([2000, 2000]);
  });

  it('signs each attempt afresh with a new timestamp', async () => {
    failThenSucceed(2, 500);
    let t = 1_700_000_000_000;
    await fx.client({ now: () => (t += 1000) }).request({ method: 'GET', path: '/portfolios' });
    const stamps = fx.server.hits.map((h) => h.headers['x-timestamp']);
    expect(new Set(stamps).size).toBe(3);
    expect(fx.server.hits.every((h) => h.signatureValid)).toBe(true);
  });

  it('never retries a 401', async () => {
    failThenSucceed(10, 401);
    const result = await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(!result.ok && result.error.code).toBe('auth-failed');
    expect(fx.server.hits).toHaveLength(1);
    expect(fx.sleeps).toHaveLength(0);
  });

  it('never retries a GET on 400, 403, 404 or 409', async () => {
    for (const status of [400, 403, 404, 409]) {
      fx.server.hits.length = 0;
      failThenSucceed(10, status);
      await fx.client().request({ method: 'GET', path: '/portfolios' });
      expect(fx.server.hits).toHaveLength(1);
    }
  });

  it.each(['POST', 'PATCH'] as HttpMethod[])('never repeats a %s, whatever happens', async (method) => {
    for (const status of [429, 500, 502, 503, 401, 0]) {
      fx.server.hits.length = 0;
      failThenSucceed(10, status);
      const result = await fx
        .client({ retry: { maxAttempts: 5 } })
        .request({ method, path: '/exchange', body: { a: 1 } });
      expect(result.ok).toBe(false);
      expect(fx.server.hits).toHaveLength(1);
    }
    // A timeout is not repeated either.
    fx.server.hits.length = 0;
    fx.server.setHandler(() => undefined);
    const result = await fx.client({ timeoutMs: 50 }).request({ method, path: '/exchange', body: { a: 1 } });
    expect(!result.ok && result.error.code).toBe('timeout');
    expect(fx.server.hits).toHaveLength(1);
    expect(fx.sleeps).toHaveLength(0);
  });

  it('cancels during the backoff sleep at once, even with a long delay', async () => {
    failThenSucceed(10, 503);
    const controller = new AbortController();
    let sleepOver = false;
    const client = fx.client({
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
      random: () => 1,
      // Ignores the signal on purpose.
      sleep: (ms) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            sleepOver = true;
            resolve();
          }, ms),
        ),
    });
    // A job's page (bulk) may wait this long; an operator's read would stop at INTERACTIVE_MAX_WAIT_MS.
    const pending = client.request({
      method: 'GET',
      path: '/portfolios',
      signal: controller.signal,
      pace: 'bulk',
    });
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(sleepOver).toBe(false); // settled while the 60 s backoff was still running
    expect(fx.server.hits).toHaveLength(1);
  });

  it('uses the default interruptible sleep when none is injected', async () => {
    failThenSucceed(10, 503);
    const controller = new AbortController();
    const client = fx.client({
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
      random: () => 1,
      sleep: undefined,
    });
    setTimeout(() => controller.abort(), 100);
    const result = await client.request({
      method: 'GET',
      path: '/portfolios',
      signal: controller.signal,
      pace: 'bulk',
    });
    expect(!result.ok && result.error.code).toBe('cancelled');
  });
});
