import { describe, expect, it } from 'vitest';
import { rawRequest, signed } from '../../support/sandbox-http';
import { platformHeaders, signPlatformRequest } from '../../support/sandbox-signing';
import { newKey, startHarness, useHarness } from './harness';

const h = useHarness();

const envelope = (json: unknown): { error: string; message: string } =>
  json as { error: string; message: string };

describe('sandbox authentication', () => {
  it('accepts a correctly signed GET and POST', async () => {
    expect((await h.req('GET', '/platform/portfolios?limit=1')).status).toBe(200);
    const body = JSON.stringify({ loanAmount: '1000', loanCurrency: 'USDC', targetLtv: '0.5' });
    const res = await h.req('PATCH', `/platform/organizations/${h.org}/loans`, {
      body,
      headers: { 'Content-Type': 'application/vnd.calculate-ltv-dry-run+json' },
    });
    expect(res.status).toBe(200);
  });

  interface Tamper {
    timestamp?: boolean;
    method?: string;
    path?: string;
    body?: string;
  }
  const tampers: [string, Tamper][] = [
    ['timestamp', { timestamp: true }],
    ['method', { method: 'POST' }],
    ['path', { path: '/platform/organizations/x/loans?a=1' }],
    ['query', { path: 'QUERY' }],
    ['body', { body: '{"loanAmount":"1001","loanCurrency":"USDC","targetLtv":"0.5"}' }],
  ];
  it.each(tampers)('refuses a request whose signed %s was tampered with', async (_part, tamper) => {
    const method = 'PATCH';
    const signedPath = `/platform/organizations/${h.org}/loans?a=1`;
    const body = '{"loanAmount":"1000","loanCurrency":"USDC","targetLtv":"0.5"}';
    const ts = String(Date.now());
    const headers = platformHeaders(h.target.apiKey, h.target.apiSecret, method, signedPath, body, ts);
    if (tamper.timestamp === true) headers['X-Timestamp'] = String(Number(ts) - 1);
    // The signature covers the original parts; send something else.
    const sendPath = tamper.path === 'QUERY' ? signedPath.replace('a=1', 'a=2') : (tamper.path ?? signedPath);
    const res = await rawRequest(
      h.target.origin,
      tamper.method ?? method,
      sendPath,
      { ...headers, 'Content-Type': 'application/vnd.calculate-ltv-dry-run+json' },
      tamper.body ?? body,
    );
    expect(res.status).toBe(401);
    expect(envelope(res.json)).toEqual({ error: 'unauthorized', message: 'signature mismatch' });
  });

  it('refuses a query string that differs only in order', async () => {
    const ts = String(Date.now());
    const sig = signPlatformRequest(h.target.apiSecret, ts, 'GET', '/platform/wallets?limit=1&offset=0');
    const res = await rawRequest(h.target.origin, 'GET', '/platform/wallets?offset=0&limit=1', {
      Authorization: `ApiKey ${h.target.apiKey}`,
      'X-Timestamp': ts,
      'X-Signature': sig,
    });
    expect(res.status).toBe(401);
  });

  it('refuses missing headers, naming each', async () => {
    const full = platformHeaders(h.target.apiKey, h.target.apiSecret, 'GET', '/platform/wallets');
    for (const name of ['Authorization', 'X-Timestamp', 'X-Signature']) {
      const headers = { ...full };
      delete headers[name as keyof typeof headers];
      const res = await rawRequest(h.target.origin, 'GET', '/platform/wallets', headers);
      expect(res.status).toBe(401);
      expect(envelope(res.json).message).toBe(`missing header ${name}`);
    }
  });

  it('refuses an unknown key', async () => {
    const res = await signed({ ...h.target, apiKey: 'sbx_nope' }, 'GET', '/platform/wallets');
    expect(res.status).toBe(401);
    expect(envelope(res.json).message).toBe('unknown key');
  });

  it('refuses a stale or future timestamp (beyond 30 s)', async () => {
    for (const delta of [-31_000, 31_000]) {
      const res = await h.req('GET', '/platform/wallets', { timestamp: String(Date.now() + delta) });
      expect(res.status).toBe(401);
      expect(envelope(res.json).message).toMatch(/^stale timestamp/);
    }
    expect((await h.req('GET', '/platform/wallets', { timestamp: String(Date.now() - 20_000) })).status).toBe(
      200,
    );
  });

  it('refuses a replayed request', async () => {
    const headers = platformHeaders(h.target.apiKey, h.target.apiSecret, 'GET', '/platform/portfolios');
    expect((await rawRequest(h.target.origin, 'GET', '/platform/portfolios', headers)).status).toBe(200);
    const again = await rawRequest(h.target.origin, 'GET', '/platform/portfolios', headers);
    expect(again.status).toBe(401);
    expect(envelope(again.json).message).toMatch(/^replay/);
  });

  it('refuses upper-case hex signatures (the specification says lower case)', async () => {
    const headers = platformHeaders(h.target.apiKey, h.target.apiSecret, 'GET', '/platform/accounts');
    headers['X-Signature'] = headers['X-Signature']?.toUpperCase() ?? '';
    expect((await rawRequest(h.target.origin, 'GET', '/platform/accounts', headers)).status).toBe(401);
  });

  it('locks a key out for 15 minutes after 30 failed authentications', async () => {
    const key = await newKey(h);
    for (let i = 0; i < 30; i++) {
      const res = await signed({ ...key, apiSecret: 'wrong' }, 'GET', '/platform/wallets');
      expect(res.status).toBe(401);
    }
    const locked = await signed(key, 'GET', '/platform/wallets');
    expect(locked.status).toBe(429);
    expect(envelope(locked.json).error).toBe('too-many-requests');
    expect(locked.headers['retry-after']).toBeDefined();
    // Other keys are unaffected.
    expect((await h.req('GET', '/platform/wallets')).status).toBe(200);
  });
});

describe('sandbox rate limit', () => {
  it('answers 429 past the configured limit, per key', async () => {
    const limited = await startHarness({ rateLimit: { requests: 5, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 5; i++) expect((await limited.req('GET', '/platform/accounts')).status).toBe(200);
      const res = await limited.req('GET', '/platform/accounts');
      expect(res.status).toBe(429);
      expect(envelope(res.json).error).toBe('too-many-requests');
      const other = await newKey(limited);
      expect((await signed(other, 'GET', '/platform/accounts')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
