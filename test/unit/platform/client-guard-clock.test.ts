/**
 * The platform client (src/main/platform/client.ts) with its lockout guard and the server clock,
 * and the timing of an attempt: a bulk job waits for the guard's budget (bounded, cancellable) and
 * an operator's read does not, the guard's pause after a 429 is a lower bound on the backoff, the
 * clock-skew explanation and its boundary, a stalled body times out (JSON, error and stream
 * bodies), and what the history records. Found by mutation testing; nothing here waits for real.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LockoutGuard } from '../../../src/main/guard/lockout-guard';
import { TEST_API_KEY, TEST_API_SECRET, referenceSigner } from '../../support/reference-hmac';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

const ok = () => fx.server.setHandler((_req, res) => sendJson(res, 200, { done: true }));
/** A budget of 2 requests a minute, 1 of them for bulk work. */
const SMALL = {
  authFailures: { limit: 30, windowMs: 3_600_000 },
  businessFailures: { limit: 60, windowMs: 60_000 },
  requests: { limit: 2, windowMs: 60_000 },
};

/**
 * A client and its lockout guard on one clock that only its sleeps move forward; `waits` holds
 * each sleep asked for.
 */
function guardedOnMovingClock(options: Omit<ConstructorParameters<typeof LockoutGuard>[1], 'now'>) {
  let now = Date.now();
  const waits: number[] = [];
  const guard = new LockoutGuard('ws-test', { now: () => now, ...options });
  const client = fx.client({
    now: () => now,
    guard,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  return { client, waits };
}

describe('the guard and bulk work', () => {
  it('a bulk page waits for its share of the budget, then goes', async () => {
    const { client, waits } = guardedOnMovingClock({ limits: SMALL, bulkShare: 0.5 });
    ok();
    expect((await client.request({ method: 'GET', path: '/a', pace: 'bulk' })).ok).toBe(true);
    expect((await client.request({ method: 'GET', path: '/b', pace: 'bulk' })).ok).toBe(true);
    expect(waits).toEqual([60_000]);
    expect(fx.server.hits).toHaveLength(2);
  });

  it('an operator read is refused instead of waiting, and may use the rest of the budget', async () => {
    const now = Date.now();
    const guard = new LockoutGuard('ws-test', { now: () => now, limits: SMALL, bulkShare: 0.5 });
    const client = fx.client({ now: () => now, guard });
    ok();
    await client.request({ method: 'GET', path: '/a', pace: 'bulk' });
    expect((await client.request({ method: 'GET', path: '/b' })).ok).toBe(true);
    const refused = await client.request({ method: 'GET', path: '/c' });
    expect(!refused.ok && refused.error).toMatchObject({
      code: 'guard-refused',
      retryAt: String(now + 60_000),
    });
    expect(fx.sleeps).toEqual([]);
  });

  it('a bulk page stops waiting after 100 turns, and a cancel during the wait says so', async () => {
    const now = Date.now();
    const guard = new LockoutGuard('ws-test', { now: () => now, limits: SMALL, bulkShare: 0.5 });
    ok();
    const stuck = fx.client({ now: () => now, guard });
    await stuck.request({ method: 'GET', path: '/a', pace: 'bulk' });
    const refused = await stuck.request({ method: 'GET', path: '/b', pace: 'bulk' });
    expect(!refused.ok && refused.error.code).toBe('guard-refused');
    expect(fx.sleeps).toHaveLength(100);
    expect(fx.sleeps[0]).toBe(60_000);

    const controller = new AbortController();
    const cancelled = await fx
      .client({ now: () => now, guard, sleep: async () => controller.abort() })
      .request({ method: 'GET', path: '/c', pace: 'bulk', signal: controller.signal });
    expect(!cancelled.ok && cancelled.error).toMatchObject({
      code: 'cancelled',
      message: 'Cancelled while waiting for the request budget',
    });
  });

  it('after a 429 without Retry-After, the retry waits at least the guard’s pause', async () => {
    const { client, waits } = guardedOnMovingClock({});
    let n = 0;
    fx.server.setHandler((_req, res) =>
      n++ === 0 ? sendJson(res, 429, { error: 'rate', message: 'slow' }) : sendJson(res, 200, {}),
    );
    expect((await client.request({ method: 'GET', path: '/a' })).ok).toBe(true);
    expect(waits).toEqual([1000]);
  });

  it('a cancel that arrives while the key is read stops before sending', async () => {
    const controller = new AbortController();
    const client = fx.client({
      signer: async () => {
        controller.abort();
        return referenceSigner(TEST_API_KEY, TEST_API_SECRET);
      },
    });
    ok();
    const r = await client.request({ method: 'GET', path: '/a', signal: controller.signal });
    expect(!r.ok && r.error).toMatchObject({ code: 'cancelled', message: 'Cancelled' });
    expect(fx.server.hits).toHaveLength(0);
  });
});

describe('the server clock', () => {
  /** Answers 401 (or 200) with a Date header `offsetMs` from `base`. */
  function dated(base: number, offsetMs: number, status = 401) {
    fx.server.setHandler((_req, res) =>
      sendJson(
        res,
        status,
        { error: 'unauthorized', message: 'bad signature', requestId: 'req-9' },
        {
          Date: new Date(base + offsetMs).toUTCString(),
        },
      ),
    );
  }

  it('measures the skew from the Date header’s midpoint, plus half a second', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    dated(now, 60_000, 200);
    const client = fx.client({ now: () => now });
    await client.request({ method: 'GET', path: '/a' });
    expect(client.clockSkewMs).toBe(60_500);
  });

  it('ignores a Date header it cannot read', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, {}, { Date: 'not a date' }));
    const client = fx.client();
    await client.request({ method: 'GET', path: '/a' });
    expect(client.clockSkewMs).toBeNull();
  });

  it('explains a refused signature by a clock behind or ahead, keeping the platform details', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    dated(now, 59_500);
    const behind = await fx.client({ now: () => now }).request({ method: 'GET', path: '/a' });
    expect(!behind.ok && behind.error).toMatchObject({ code: 'clock-skew', status: 401 });
    expect(!behind.ok && behind.error.message).toContain("off by 60 s (behind the platform's)");
    expect(!behind.ok && behind.error.details).toMatchObject({ requestId: 'req-9' });
    dated(now, -59_000);
    const ahead = await fx.client({ now: () => now }).request({ method: 'GET', path: '/a' });
    expect(!ahead.ok && ahead.error.message).toContain("off by 59 s (ahead of the platform's)");
  });

  it('a skew of exactly 5 s is neither reported nor blamed', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000 + 500;
    dated(now - 500, 5_000);
    const seen: number[] = [];
    const client = fx.client({ now: () => now, onClockSkew: (s) => seen.push(s) });
    const r = await client.request({ method: 'GET', path: '/a' });
    expect(client.clockSkewMs).toBe(5_000);
    expect(seen).toEqual([]);
    expect(!r.ok && r.error.code).toBe('auth-failed');
  });
});

describe('an attempt in time', () => {
  const stall = (status: number) =>
    fx.server.setHandler((_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.write('{"partial": ');
    });

  it('a body that stalls after the headers times out, for answers and for refusals', async () => {
    for (const status of [200, 503]) {
      stall(status);
      const r = await fx
        .client({ timeoutMs: 200, retry: { maxAttempts: 1 } })
        .request({ method: 'GET', path: '/a' });
      expect(!r.ok && r.error.code).toBe('timeout');
    }
  });

  it('a stream keeps the attempt’s timeout until its body ends', async () => {
    stall(200);
    const r = await fx.client({ timeoutMs: 200 }).requestStream({ method: 'GET', path: '/a' });
    expect(r.ok).toBe(true);
    const error = await new Promise<unknown>((resolve) => {
      if (!r.ok) return resolve(null);
      r.value.body.on('error', resolve);
      r.value.body.resume();
    });
    expect((error as { code?: string }).code).toBe('timeout');
  });

  it('hands over a stream whatever its non-HTML type, or none', async () => {
    for (const type of ['text/csv', null]) {
      fx.server.setHandler((_req, res) => {
        res.writeHead(200, type === null ? {} : { 'Content-Type': type });
        res.end('a,b\r\n');
      });
      const r = await fx.client().requestStream({ method: 'GET', path: '/a' });
      expect(r.ok && r.value.status).toBe(200);
      if (r.ok) r.value.body.resume();
    }
  });

  it('an answer of 299 is a success', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 299, { fine: true }));
    expect(await fx.client().request({ method: 'GET', path: '/a' })).toEqual({
      ok: true,
      value: { fine: true },
    });
  });

  it('an unreachable platform is a network error that was not sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await fx
      .client({ baseUrl: `http://127.0.0.1:${port}/platform`, retry: { maxAttempts: 1 } })
      .request({ method: 'POST', path: '/a' });
    expect(!r.ok && r.error).toMatchObject({ code: 'network', delivery: 'not-sent' });
  });

  it('the history gets a latency and no operation or media type it was not given', async () => {
    ok();
    await fx.client().request({ method: 'GET', path: '/a' });
    const [entry] = fx.history.list();
    expect(entry?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(entry?.latencyMs)).toBe(true);
    expect(entry && 'operation' in entry).toBe(false);
    expect(entry && 'contentType' in entry).toBe(false);
  });

  it('a refusal names the method and path it refused', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(418);
      res.end();
    });
    const r = await fx.client().request({ method: 'GET', path: '/teapots/t-1' });
    expect(!r.ok && r.error.message).toContain('GET /platform/teapots/t-1');
  });
});
