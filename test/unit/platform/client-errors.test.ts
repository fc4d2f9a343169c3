import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PlatformStreamError } from '../../../src/main/platform/body-stream';
import { TRANSPORT_UNAVAILABLE, type Send } from '../../../src/main/platform/transport';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

const get = (overrides = {}) => fx.client(overrides).request<unknown>({ method: 'GET', path: '/portfolios' });
/** The server answers 200 promising 1000 bytes, sends only `start`, then drops the connection. */
const cutOffAfter = (contentType: string, start: string) =>
  fx.server.setHandler((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': '1000' });
    res.write(start);
    setTimeout(() => res.socket?.destroy(), 20);
  });

describe('error mapping', () => {
  it.each([
    [400, 'bad-request', 'bad-request'],
    [403, 'forbidden', 'forbidden'],
    [409, 'conflict', 'conflict'],
  ] as const)(
    'maps the %i envelope to %s with the platform message and status',
    async (status, error, code) => {
      fx.server.setHandler((_req, res) =>
        sendJson(res, status, { error, message: `platform says ${status}` }),
      );
      const result = await fx.client().request({ method: 'POST', path: '/exchange', body: { a: 1 } });
      expect(result).toEqual({
        ok: false,
        error: { code, message: `platform says ${status}`, status, platformError: error },
      });
    },
  );

  it.each([
    [404, 'not-found'],
    [401, 'auth-failed'],
    [429, 'rate-limited'],
    [500, 'server-error'],
    [502, 'server-error'],
    [503, 'server-error'],
    [418, 'http-error'],
    [302, 'http-error'],
  ] as const)('maps status %i to %s', async (status, code) => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(status, status === 302 ? { Location: 'http://elsewhere/' } : {});
      res.end();
    });
    const result = await fx
      .client({ retry: { maxAttempts: 1 } })
      .request({ method: 'GET', path: '/portfolios' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.status).toBe(status);
    }
  });

  it('keeps requestId and the other string fields of an error envelope in details, cleaned and bounded (issue 18)', async () => {
    fx.server.setHandler((_req, res) =>
      sendJson(res, 409, {
        error: 'conflict',
        message: 'Loan is not in a state that allows this',
        requestId: 'req-7f3a',
        details: `line one\nline two ${'x'.repeat(2_000)}`,
        retryable: 0,
        nested: { ignored: true },
        'bad key!': 'dropped',
      }),
    );
    const result = await fx.client().request({ method: 'POST', path: '/exchange', body: { a: 1 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const details = result.error.details ?? {};
    expect(details.requestId).toBe('req-7f3a');
    expect(details.retryable).toBe('0');
    expect(details.details).toMatch(/^line one line two x+…$/);
    expect(details.details?.length).toBeLessThanOrEqual(501);
    expect(Object.keys(details).sort()).toEqual(['details', 'requestId', 'retryable']);
  });

  it('classes a signature refusal sent as 403 as an auth failure', async () => {
    fx.server.setHandler((_req, res) =>
      sendJson(res, 403, { error: 'invalid-signature', message: 'Signature mismatch' }),
    );
    const result = await get();
    expect(!result.ok && result.error.code).toBe('auth-failed');
  });

  it('refuses HTML, empty and invalid JSON answers as bad-response with the status', async () => {
    const cases: [string, (res: import('node:http').ServerResponse) => void][] = [
      ['text/html', (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>')],
      ['empty', (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end()],
      [
        'not valid JSON',
        (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"portfolios": ['),
      ],
    ];
    for (const [words, answer] of cases) {
      fx.server.setHandler((_req, res) => answer(res));
      const result = await get();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('bad-response');
        expect(result.error.message).toContain(words);
        expect(result.error.message).toContain('200');
        expect(result.error.message).not.toContain('login');
      }
    }
  });

  it('reports a truncated answer as bad-response', async () => {
    cutOffAfter('application/json', '{"portfolios": [');
    const result = await get();
    expect(!result.ok && result.error.code).toBe('bad-response');
    expect(!result.ok && result.error.message).toMatch(/cut off/);
  });

  it('refuses oversized answers without reading them whole', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"portfolios": ["${'x'.repeat(5000)}"]}`);
    });
    const result = await get({ maxResponseBytes: 1000 });
    expect(!result.ok && result.error.code).toBe('bad-response');
    expect(!result.ok && result.error.message).toMatch(/too large/);
    expect((!result.ok && result.error.message.length) || 0).toBeLessThan(300);
  });

  it('checks the envelope shape it was told to expect', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { portfolios: 'nope' }));
    const result = await fx.client().request({
      method: 'GET',
      path: '/portfolios',
      expect: (v) => (Array.isArray((v as { portfolios?: unknown }).portfolios) ? null : 'not a list'),
    });
    expect(!result.ok && result.error.code).toBe('bad-response');
  });

  it('maps an unreachable server to network', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const result = await get({ baseUrl: `http://127.0.0.1:${port}/platform`, retry: { maxAttempts: 1 } });
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toContain('ECONNREFUSED');
    expect(!result.ok && result.error.delivery).toBe('not-sent');
  });

  it('a POST whose HTTP client cannot be loaded is not-sent, recorded, and not repeated', async () => {
    const sent: string[] = [];
    const send: Send = (href) => {
      sent.push(href);
      return Promise.reject(
        Object.assign(new Error('The HTTP client could not be loaded: x'), { code: TRANSPORT_UNAVAILABLE }),
      );
    };
    const result = await fx.client({ send }).request({ method: 'POST', path: '/orders', body: { a: '1' } });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'network',
        message: `Could not reach the platform at ${new URL(fx.server.baseUrl).host} (${TRANSPORT_UNAVAILABLE}: The HTTP client could not be loaded: x)`,
        delivery: 'not-sent',
      },
    });
    expect(sent).toEqual([`${fx.server.baseUrl}/orders`]);
    expect(fx.history.list()[0]).toMatchObject({ method: 'POST', status: null, errorCode: 'network' });
    expect(fx.server.hits).toHaveLength(0);
  });

  it('a connection dropped after the POST arrived may have been sent', async () => {
    fx.server.setHandler((_req, res) => void res.socket?.destroy());
    const result = await fx.client().request({ method: 'POST', path: '/orders', body: { a: '1' } });
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.delivery).toBe('maybe-sent');
    expect(fx.server.hits).toHaveLength(1);
  });

  it('times out', async () => {
    fx.server.setHandler(() => undefined); // never answers: any answer at all is the timeout's
    const result = await get({ timeoutMs: 100 });
    expect(!result.ok && result.error.code).toBe('timeout');
    expect(fx.server.hits).toHaveLength(1); // a timeout is not retried
  });

  it('defaults the timeout to 30 s', async () => {
    fx.server.setHandler(() => undefined);
    const timers: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = ((fn: () => void, ms?: number) => {
      timers.push(ms ?? 0);
      return realSetTimeout(fn, ms === 30_000 ? 50 : ms);
    }) as typeof setTimeout;
    globalThis.setTimeout = spy;
    try {
      const result = await get();
      expect(!result.ok && result.error.code).toBe('timeout');
      expect(timers).toContain(30_000);
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
  });

  it('maps the caller cancelling to cancelled', async () => {
    fx.server.setHandler(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await fx
      .client()
      .request({ method: 'GET', path: '/portfolios', signal: controller.signal });
    expect(!result.ok && result.error.code).toBe('cancelled');
  });

  it('returns no-key without sending anything when the workspace has no key', async () => {
    const result = await get({ signer: async () => null });
    expect(!result.ok && result.error.code).toBe('no-key');
    expect(fx.server.hits).toHaveLength(0);
  });

  it('passes a key store failure on with its own code', async () => {
    const locked = Object.assign(new Error('The vault is locked'), { code: 'vault-locked' });
    const result = await get({
      signer: async () => {
        throw locked;
      },
    });
    expect(!result.ok && result.error.code).toBe('vault-locked');
  });

  it('redacts the API key should the platform echo it in a message', async () => {
    fx.server.setHandler((req, res) =>
      sendJson(res, 400, {
        error: 'bad-request',
        message: `key ${String(req.headers.authorization)} is odd`,
      }),
    );
    const result = await get();
    expect(!result.ok && result.error.message).toBe('key ApiKey [api key] is odd');
  });

  describe('streamed answers', () => {
    const stream = (overrides = {}) =>
      fx.client(overrides).requestStream({ method: 'GET', path: '/x', accept: 'text/csv' });
    const drain = async (body: NodeJS.ReadableStream) => {
      try {
        for await (const _ of body) void _;
        return null;
      } catch (error) {
        return error as PlatformStreamError;
      }
    };

    it('hands over the body', async () => {
      fx.server.setHandler((_req, res) => res.writeHead(200, { 'Content-Type': 'text/csv' }).end('a,b\r\n'));
      const result = await stream();
      expect(result.ok && (await drain(result.value.body))).toBeNull();
    });

    it('refuses an HTML answer', async () => {
      fx.server.setHandler((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>'));
      const result = await stream();
      expect(!result.ok && result.error.code).toBe('bad-response');
    });

    it('reports a body cut off mid-way as a PlatformStreamError', async () => {
      cutOffAfter('text/csv', 'a,b\r\n');
      const result = await stream();
      const error = result.ok ? await drain(result.value.body) : null;
      expect(error).toBeInstanceOf(PlatformStreamError);
      expect(error?.code).toBe('bad-response');
    });

    it('stops a body past the size limit', async () => {
      fx.server.setHandler((_req, res) =>
        res.writeHead(200, { 'Content-Type': 'text/csv' }).end('x'.repeat(5000)),
      );
      const result = await stream({ maxResponseBytes: 1000 });
      const error = result.ok ? await drain(result.value.body) : null;
      expect(error?.code).toBe('bad-response');
      expect(error?.message).toMatch(/larger than 1000 bytes/);
    });
  });
});

describe('a 2xx answer that is an error envelope, or starts with a BOM (issue 25.7)', () => {
  /** The platform answers 200 with its error envelope instead of what was asked for. */
  const answerEnvelope = (error: string, message: string) =>
    fx.server.setHandler((_req, res) => sendJson(res, 200, { error, message }));

  it("shows the platform's message for a read, not a shape error", async () => {
    answerEnvelope('organization-suspended', 'Organization is suspended');
    const result = await fx.client().request({
      method: 'GET',
      path: '/portfolios',
      expect: (v) => (Array.isArray(v) ? null : 'not a list'),
    });
    expect(!result.ok && result.error).toMatchObject({
      code: 'bad-response',
      status: 200,
      platformError: 'organization-suspended',
    });
    expect(!result.ok && result.error.message).toMatch(/Organization is suspended/);
    expect(!result.ok && result.error.message).not.toMatch(/expected shape/);
    expect(fx.server.hits).toHaveLength(1); // a final answer: not retried
  });

  it('for an action, keeps the outcome open (bad-response, never a refusal code) and says so', async () => {
    answerEnvelope('internal', 'Try again later');
    const result = await fx.client().request({
      method: 'PATCH',
      path: '/organizations/o/loans/L1',
      body: {},
      expect: (v) => (typeof (v as { loanId?: unknown }).loanId === 'string' ? null : 'no loanId'),
    });
    expect(!result.ok && result.error.code).toBe('bad-response');
    expect(!result.ok && result.error.message).toMatch(
      /Try again later.*not clear whether the action took effect/,
    );
  });

  it('an answer whose object merely lacks the expected data is still a shape error', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { nothing: true }));
    const result = await fx.client().request({ method: 'GET', path: '/x', expect: () => 'no rows' });
    expect(!result.ok && result.error.message).toBe(
      "The platform's answer is not the expected shape: no rows",
    );
  });

  it('reads an answer that starts with a UTF-8 BOM', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"portfolios":[]}')]));
    });
    expect(await get()).toEqual({ ok: true, value: { portfolios: [] } });
  });
});
