/**
 * Issue 17 point 3: `/sandbox/...` controls are refused to what a DNS-rebinding page can send
 * (foreign Host, an Origin, text/plain) and to anyone without the control token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../support/sandbox-http';
import { startHarness, useHarness } from './harness';

const h = useHarness({ controlToken: 'test-control-token-0123456789' });
let port: string;
beforeAll(() => {
  port = new URL(h.target.origin).port;
});

const JSON_TYPE = { 'Content-Type': 'application/json' };
const post = (headers: Record<string, string>, body = '{}') =>
  rawRequest(h.target.origin, 'POST', '/sandbox/keys', headers, body);
const messageOf = (res: { json: unknown }) => (res.json as { message: string }).message;

describe('sandbox control guard', () => {
  it('uses the token it was given and answers with it', async () => {
    expect(h.sb.controlToken).toBe('test-control-token-0123456789');
    const res = await post({ ...JSON_TYPE, 'X-Sandbox-Token': h.sb.controlToken });
    expect(res.status).toBe(201);
    expect((res.json as { apiSecret: string }).apiSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the DNS-rebinding request of issue 17 and mints no key', async () => {
    const res = await post({
      Host: 'rebind.attacker.example',
      Origin: 'http://rebind.attacker.example',
      'Content-Type': 'text/plain',
      'X-Sandbox-Token': h.sb.controlToken,
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toMatch(/apiSecret/);
  });

  it('requires a loopback Host with the server port', async () => {
    const token = { ...JSON_TYPE, 'X-Sandbox-Token': h.sb.controlToken };
    for (const host of ['rebind.attacker.example', `127.0.0.1.nip.io:${port}`, '127.0.0.1:1', 'localhost']) {
      const res = await post({ ...token, Host: host });
      expect(res.status, host).toBe(403);
      expect(messageOf(res)).toMatch(/loopback Host/);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      expect((await post({ ...token, Host: host })).status, host).toBe(201);
  });

  it('refuses any Origin header, even a loopback one', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port}`, 'null']) {
      const res = await rawRequest(h.target.origin, 'POST', '/sandbox/reset', {
        Origin: origin,
        'X-Sandbox-Token': h.sb.controlToken,
      });
      expect(res.status, origin).toBe(403);
      expect(messageOf(res)).toMatch(/Origin/);
    }
  });

  it('requires the control token, compared exactly', async () => {
    const missing = await post(JSON_TYPE);
    expect(missing.status).toBe(403);
    expect(messageOf(missing)).toMatch(/X-Sandbox-Token/);
    for (const token of ['wrong', `${h.sb.controlToken}x`, h.sb.controlToken.slice(0, -1)]) {
      const res = await post({ ...JSON_TYPE, 'X-Sandbox-Token': token });
      expect(res.status, token).toBe(403);
      expect(res.text).not.toContain(h.sb.controlToken);
    }
    const info = await rawRequest(h.target.origin, 'GET', '/sandbox/info');
    expect(info.status).toBe(403);
  });

  it('parses the media type of a body instead of testing a prefix', async () => {
    const token = { 'X-Sandbox-Token': h.sb.controlToken };
    for (const type of ['text/plain', 'application/jsonx', 'application/json-patch+json', ''])
      expect((await post({ ...token, 'Content-Type': type })).status, type).toBe(415);
    expect((await post(token)).status).toBe(415);
    expect((await post({ ...token, 'Content-Type': 'Application/JSON; charset=utf-8' })).status).toBe(201);
    // No body: no media type needed.
    expect((await rawRequest(h.target.origin, 'POST', '/sandbox/reset', token)).status).toBe(200);
  });

  it('generates a different 32-byte hex token for each sandbox by default', async () => {
    const a = await startHarness();
    const b = await startHarness();
    try {
      expect(a.sb.controlToken).toMatch(/^[0-9a-f]{64}$/);
      expect(a.sb.controlToken).not.toBe(b.sb.controlToken);
      expect((await a.control('GET', '/info')).status).toBe(200);
      const crossed = await rawRequest(a.target.origin, 'GET', '/sandbox/info', {
        'X-Sandbox-Token': b.sb.controlToken,
      });
      expect(crossed.status).toBe(403);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
