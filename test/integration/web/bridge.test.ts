import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { startWebBridge, type RunningBridge } from '../../../src/main/web/bridge';
import { EventBus } from '../../../src/main/events/event-bus';
import type { Router } from '../../../src/main/router/router';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function send(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        setHost: false,
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('web bridge', () => {
  let bridge: RunningBridge;
  let dir: string;
  const calls: Array<{ name: string; input: unknown }> = [];
  const router: Router = {
    async dispatch(name, input) {
      calls.push({ name, input });
      return { ok: true, value: { name } };
    },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridge-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    bridge = await startWebBridge({ router, events: new EventBus(), log: silent, staticDir: dir });
  });
  afterAll(async () => {
    await bridge.close();
    await rm(dir, { recursive: true, force: true });
  });

  const host = () => `127.0.0.1:${bridge.port}`;
  const rpc = (headers: Record<string, string>) =>
    send(bridge.port, {
      method: 'POST',
      path: '/rpc/app.info',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  it('serves the app with the CSP and prints a loopback URL carrying the token in the fragment', async () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    const res = await send(bridge.port, { path: '/', headers: { host: host() } });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a call with the right token', async () => {
    const res = await rpc({ host: host(), 'x-copper-token': bridge.token, origin: bridge.origin });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { name: 'app.info' } });
  });

  it('refuses a call without the token or with a wrong one', async () => {
    const before = calls.length;
    expect((await rpc({ host: host() })).status).toBe(401);
    expect((await rpc({ host: host(), 'x-copper-token': 'f'.repeat(64) })).status).toBe(401);
    expect((await rpc({ host: host(), 'x-copper-token': bridge.token.slice(0, 10) })).status).toBe(401);
    expect(calls.length).toBe(before);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const res = await rpc({ host: `evil.example:${bridge.port}`, 'x-copper-token': bridge.token });
    expect(res.status).toBe(421);
    expect((await send(bridge.port, { path: '/', headers: { host: 'evil.example' } })).status).toBe(421);
  });

  it('refuses a foreign Origin even with the token', async () => {
    const res = await rpc({ host: host(), 'x-copper-token': bridge.token, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses the event stream without the token', async () => {
    expect((await send(bridge.port, { path: '/events', headers: { host: host() } })).status).toBe(401);
  });

  it('does not serve files outside its folder', async () => {
    const res = await send(bridge.port, { path: '/..%2f..%2fetc%2fpasswd', headers: { host: host() } });
    expect(res.body).not.toContain('root:');
  });

  it('refuses every other way in without reaching the router', async () => {
    const before = calls.length;
    const good = { host: host(), 'x-copper-token': bridge.token, 'content-type': 'application/json' };
    const cases: Array<[string, Parameters<typeof send>[1], number]> = [
      [
        'a GET of an RPC (no side effects through links or <img>)',
        { path: '/rpc/app.info', headers: good },
        405,
      ],
      // text/plain is what a page may POST cross-site without a CORS preflight.
      [
        'a text/plain body',
        {
          method: 'POST',
          path: '/rpc/app.info',
          headers: { ...good, 'content-type': 'text/plain' },
          body: '{}',
        },
        415,
      ],
      [
        'the token in the query string instead of the header',
        {
          method: 'POST',
          path: `/rpc/app.info?token=${bridge.token}`,
          headers: { host: host(), 'content-type': 'application/json' },
          body: '{}',
        },
        401,
      ],
      [
        'the "null" Origin of a sandboxed frame or a file:// page',
        { method: 'POST', path: '/rpc/app.info', headers: { ...good, origin: 'null' }, body: '{}' },
        403,
      ],
      [
        'an Origin on the same host but another port',
        {
          method: 'POST',
          path: '/rpc/app.info',
          headers: { ...good, origin: `http://127.0.0.1:${bridge.port + 1}` },
          body: '{}',
        },
        403,
      ],
      [
        'a Host without the port',
        { method: 'POST', path: '/rpc/app.info', headers: { ...good, host: '127.0.0.1' }, body: '{}' },
        421,
      ],
      [
        'the event stream from a foreign Origin',
        { path: '/events', headers: { ...good, origin: 'https://evil.example' } },
        403,
      ],
      [
        'the app page from a foreign Origin',
        { path: '/', headers: { host: host(), origin: 'https://evil.example' } },
        403,
      ],
      [
        'a body that is not JSON',
        { method: 'POST', path: '/rpc/app.info', headers: good, body: '{"a":' },
        400,
      ],
      [
        'a PUT of a static file',
        { method: 'PUT', path: '/index.html', headers: { host: host() }, body: 'x' },
        405,
      ],
    ];
    for (const [what, request, status] of cases) {
      const res = await send(bridge.port, request);
      expect(res.status, what).toBe(status);
      expect(JSON.parse(res.body), what).toMatchObject({ ok: false, error: { code: expect.any(String) } });
    }
    // Over 1 MB the bridge answers 413 and closes the connection.
    const huge = await send(bridge.port, {
      method: 'POST',
      path: '/rpc/app.info',
      headers: good,
      body: `{"a":"${'x'.repeat(1_100_000)}"}`,
    });
    expect(huge.status).toBe(413);
    expect(calls.length).toBe(before);
  });

  it('accepts the localhost spelling of its own address', async () => {
    const res = await rpc({ host: `localhost:${bridge.port}`, 'x-copper-token': bridge.token });
    expect(res.status).toBe(200);
  });

  it('listens on loopback only', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (!external) return; // no non-loopback interface on this machine: nothing to reach
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: external.address, port: bridge.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});
