/**
 * The platform client (src/main/platform/client.ts): the base URL, the headers and body it sends,
 * that POST and PATCH go at most once, refusals before anything is sent (cancel, a path that is no
 * URL, the lockout guard), what the request history records, the exact messages of unreadable
 * answers, and retries. Against a local verifying server; backoff is recorded, never waited for.
 * Its other concerns have files of their own: client-errors, client-retry, client-retry-after,
 * client-guard-clock and client-key-guard.
 */
import { describe, expect, it } from 'vitest';
import { LockoutGuard } from '../../../src/main/guard/lockout-guard';
import { PlatformClient } from '../../../src/main/platform/client';
import { TEST_API_KEY, TEST_API_SECRET, referenceSigner } from '../../support/reference-hmac';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

const ok = () => fx.server.setHandler((_req, res) => sendJson(res, 200, { done: true }));

describe('base URL', () => {
  it('refuses a base URL that is not http(s)', () => {
    const make = (baseUrl: string) => () =>
      new PlatformClient({ workspaceId: 'w', baseUrl, signer: async () => null });
    expect(make('ftp://127.0.0.1/platform')).toThrow('baseUrl must be http(s)');
    expect(make('https://127.0.0.1/platform')).not.toThrow();
  });

  it('joins origin, base path without trailing slashes, and the path', () => {
    const client = new PlatformClient({
      workspaceId: 'w',
      baseUrl: 'https://api.example.test:8443/v1/platform//',
      signer: async () => null,
    });
    expect(client.urlOf('/loans?x=1')).toBe('https://api.example.test:8443/v1/platform/loans?x=1');
    expect(client.clockSkewMs).toBeNull();
  });
});

describe('what is sent', () => {
  it('a GET asks for JSON and carries no Content-Type and no body', async () => {
    ok();
    expect((await fx.client().request({ method: 'GET', path: '/portfolios', query: '?limit=5' })).ok).toBe(
      true,
    );
    const hit = fx.server.hits[0];
    expect(hit?.url).toBe('/platform/portfolios?limit=5');
    expect(hit?.headers.accept).toBe('application/json');
    expect(hit?.headers['content-type']).toBeUndefined();
    expect(hit?.body).toBe('');
    expect(hit?.signatureValid).toBe(true);
  });

  it('an object body is sent as JSON once; a string body as it is; both signed', async () => {
    ok();
    const client = fx.client();
    await client.request({ method: 'POST', path: '/orders', body: { amount: '1.50', side: 'buy' } });
    await client.request({ method: 'POST', path: '/orders', body: '{"raw": true}', accept: 'text/csv' });
    const [json, raw] = fx.server.hits;
    expect(json?.body).toBe('{"amount":"1.50","side":"buy"}');
    expect(json?.headers['content-type']).toBe('application/json');
    expect(raw?.body).toBe('{"raw": true}');
    expect(raw?.headers.accept).toBe('text/csv');
    expect(json?.signatureValid && raw?.signatureValid).toBe(true);
  });

  it('a media type is sent even without a body (it selects the loan operation)', async () => {
    ok();
    const contentType = 'application/vnd.approve-loan+json';
    await fx.client().request({ method: 'PATCH', path: '/loans/L1', contentType });
    expect(fx.server.hits[0]?.headers['content-type']).toBe(contentType);
    expect(fx.history.list()[0]).toMatchObject({ method: 'PATCH', contentType, attempt: 1, status: 200 });
  });
});

describe('POST and PATCH are sent at most once', () => {
  it.each(['POST', 'PATCH'] as const)(
    '%s is not repeated after a 503 or a dropped connection',
    async (method) => {
      fx.server.setHandler((_req, res) => sendJson(res, 503, { error: 'x', message: 'busy' }));
      const busy = await fx.client().request({ method, path: '/loans' });
      expect(!busy.ok && busy.error.code).toBe('server-error');
      fx.server.setHandler((_req, res) => void res.socket?.destroy());
      const dropped = await fx.client().request({ method, path: '/loans' });
      expect(!dropped.ok && dropped.error.code).toBe('network');
      expect(fx.server.hits).toHaveLength(2);
      expect(fx.sleeps).toHaveLength(0);
    },
  );

  it('a GET with maxAttempts 0 is still sent once', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 503, { error: 'x', message: 'busy' }));
    await fx.client({ retry: { maxAttempts: 0 } }).request({ method: 'GET', path: '/portfolios' });
    expect(fx.server.hits).toHaveLength(1);
  });
});

describe('refused before sending', () => {
  it('a cancelled call asks no key and sends nothing', async () => {
    let asked = 0;
    const controller = new AbortController();
    controller.abort();
    const result = await fx
      .client({
        signer: async () => {
          asked++;
          return referenceSigner(TEST_API_KEY, TEST_API_SECRET);
        },
      })
      .request({ method: 'GET', path: '/portfolios', signal: controller.signal });
    expect(!result.ok && result.error).toMatchObject({ code: 'cancelled', message: 'Cancelled' });
    expect(asked).toBe(0);
    expect(fx.server.hits).toHaveLength(0);
  });

  it('a path that makes no URL is bad input', async () => {
    const origin = new URL(fx.server.baseUrl).origin;
    const result = await fx.client({ baseUrl: origin }).request({ method: 'GET', path: ':not-a-port' });
    expect(!result.ok && result.error).toMatchObject({
      code: 'bad-input',
      message: 'The request path is not a valid URL',
    });
    expect(fx.server.hits).toHaveLength(0);
  });

  it('no key is recorded in the history although nothing was sent', async () => {
    const result = await fx.client({ signer: async () => null }).request({
      method: 'GET',
      path: '/portfolios',
      operation: 'portfolios.list',
    });
    expect(!result.ok && result.error.message).toBe(
      'No API key is configured for this workspace: add one in the workspace settings',
    );
    expect(fx.history.list()).toEqual([
      expect.objectContaining({
        workspaceId: 'ws-test',
        method: 'GET',
        path: '/platform/portfolios',
        status: null,
        errorCode: 'no-key',
        attempt: 1,
        operation: 'portfolios.list',
      }),
    ]);
  });

  it('a guard refusal is not-sent, says until when, and is recorded', async () => {
    let now = Date.now();
    const guard = new LockoutGuard('ws-test', { now: () => now });
    fx.server.setHandler((_req, res) =>
      sendJson(res, 429, { error: 'rate', message: 'slow down' }, { 'Retry-After': '120' }),
    );
    const client = fx.client({ now: () => now, guard });
    await client.request({ method: 'GET', path: '/portfolios' });
    const sent = fx.server.hits.length;
    const held = await client.request({ method: 'GET', path: '/portfolios' });
    expect(fx.server.hits.length).toBe(sent);
    expect(!held.ok && held.error).toMatchObject({
      code: 'guard-refused',
      delivery: 'not-sent',
      retryAt: String(now + 120_000),
    });
    expect(fx.history.list()[0]).toMatchObject({ errorCode: 'guard-refused', status: null });
    now += 120_000;
    ok();
    expect((await client.request({ method: 'GET', path: '/portfolios' })).ok).toBe(true);
  });
});

describe('unreadable answers', () => {
  it('an expect check that throws is an internal error, not the platform’s fault', async () => {
    ok();
    const result = await fx.client().request({
      method: 'GET',
      path: '/portfolios',
      expect: () => {
        throw new Error('checker bug');
      },
    });
    expect(!result.ok && result.error).toMatchObject({
      code: 'internal',
      message: "Reading the platform's answer failed: checker bug",
    });
  });

  it('an answer of the wrong shape says what is wrong, with the status', async () => {
    ok();
    const result = await fx.client().request({ method: 'GET', path: '/portfolios', expect: () => 'no list' });
    expect(!result.ok && result.error).toMatchObject({
      code: 'bad-response',
      message: "The platform's answer is not the expected shape: no list",
      status: 200,
    });
  });

  it('too large and cut off answers name the status', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: ['x'.repeat(5000)] }));
    const big = await fx.client({ maxResponseBytes: 1000 }).request({ method: 'GET', path: '/portfolios' });
    expect(!big.ok && big.error.message).toMatch(
      /^The platform's answer is too large \(HTTP 200, .+\); narrow the filters$/,
    );
    expect(!big.ok && big.error.status).toBe(200);
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"portfolios": [');
      res.socket?.end();
    });
    const cut = await fx
      .client({ retry: { maxAttempts: 1 } })
      .request({ method: 'GET', path: '/portfolios' });
    expect(!cut.ok && cut.error.message).toMatch(/^The platform's answer was cut off \(HTTP 200, .+\)$/);
    expect(!cut.ok && cut.error.status).toBe(200);
  });

  it('a stream answered as HTML names the type and the status', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/HTML; charset=utf-8' });
      res.end('<html>login</html>');
    });
    const result = await fx.client().requestStream({ method: 'GET', path: '/activities' });
    expect(!result.ok && result.error).toMatchObject({
      code: 'bad-response',
      message: 'The platform answered text/HTML; charset=utf-8 instead of data (HTTP 200)',
      status: 200,
    });
  });
});

describe('retries', () => {
  it('a rate-limited read says when it may try again, and a cancel during the wait says so', async () => {
    const now = Date.now();
    fx.server.setHandler((_req, res) =>
      sendJson(res, 429, { error: 'rate', message: 'slow down' }, { 'Retry-After': '2' }),
    );
    const controller = new AbortController();
    const client = fx.client({
      now: () => now,
      sleep: async () => {
        controller.abort();
      },
    });
    const result = await client.request({ method: 'GET', path: '/portfolios', signal: controller.signal });
    expect(!result.ok && result.error).toMatchObject({
      code: 'cancelled',
      message: 'Cancelled while waiting to retry',
    });
    const limited = await fx.client({ now: () => now, retry: { maxAttempts: 1 } }).request({
      method: 'GET',
      path: '/portfolios',
    });
    expect(!limited.ok && limited.error).toMatchObject({ code: 'rate-limited', retryAt: String(now + 2000) });
  });

  it('records each attempt with its number', async () => {
    let n = 0;
    fx.server.setHandler((_req, res) =>
      n++ === 0 ? sendJson(res, 503, { error: 'x', message: 'busy' }) : sendJson(res, 200, {}),
    );
    await fx.client().request({ method: 'GET', path: '/portfolios' });
    expect(
      fx.history
        .list()
        .map((e) => [e.attempt, e.status, e.errorCode])
        .reverse(),
    ).toEqual([
      [1, 503, 'server-error'],
      [2, 200, null],
    ]);
  });
});
