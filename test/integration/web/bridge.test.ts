/**
 * The browser-mode bridge (src/main/web/bridge.ts) over real HTTP on loopback: the token, Host and
 * Origin checks, static files, what reaches the router; malformed percent-escapes (400, no error
 * log line), the Content-Type's media type, bounded header and request times; idle connections
 * that cannot hold the bridge closed, and an oversized body refused with a 413.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/main/events/event-bus';
import type { Logger } from '../../../src/main/log/logger';
import type { Router } from '../../../src/main/router/router';
import { BRIDGE_LIMITS, startWebBridge, type RunningBridge } from '../../../src/main/web/bridge';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * One request on loopback. Without the Host header unless the test gives one; `fresh`: with the
 * Host header node sets and a connection of its own (no keep-alive: a lingering connection would
 * count against the connection cap).
 */
function send(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; fresh?: boolean },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        ...(opts.fresh === true ? { agent: false } : { setHost: false }),
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

const lines: string[] = [];
const log: Logger = {
  info: (s, m) => lines.push(`info ${s} ${m}`),
  warn: (s, m) => lines.push(`warn ${s} ${m}`),
  error: (s, m) => lines.push(`error ${s} ${m}`),
};

/** `send` with node's Host header, on a connection of its own. */
const sendFresh = (port: number, opts: Parameters<typeof send>[1]) => send(port, { ...opts, fresh: true });

describe('web bridge: malformed paths, media types and bounded request times', () => {
  let bridge: RunningBridge;
  let dir: string;
  const calls: string[] = [];
  const router: Router = {
    async dispatch(name) {
      calls.push(name);
      return { ok: true, value: null };
    },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridge17-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    bridge = await startWebBridge({ router, events: new EventBus(), log, staticDir: dir });
  });
  afterAll(async () => {
    await bridge.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 400 to a malformed percent-escape in a static path, without an error log line', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A.js', '/%', '/%zz']) {
      const res = await sendFresh(bridge.port, { path });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    }
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect((await sendFresh(bridge.port, { path: '/' })).status).toBe(200); // still serving
  });

  it('parses the Content-Type: application/jsonx and friends are refused, parameters and case are fine', async () => {
    const rpc = (contentType: string) =>
      sendFresh(bridge.port, {
        method: 'POST',
        path: '/rpc/app.info',
        headers: { 'content-type': contentType, 'x-copper-token': bridge.token },
        body: '{}',
      });
    for (const refused of [
      'application/jsonx',
      'application/json-patch',
      'application/json5',
      'text/plain',
      '',
    ]) {
      expect((await rpc(refused)).status, refused).toBe(415);
    }
    expect(calls).toEqual([]);
    for (const accepted of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON ;charset=UTF-8',
    ]) {
      expect((await rpc(accepted)).status, accepted).toBe(200);
    }
    expect(calls).toHaveLength(3);
  });

  it('bounds header time and request time', () => {
    expect(bridge.server.headersTimeout).toBe(BRIDGE_LIMITS.headersTimeoutMs);
    expect(bridge.server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(bridge.server.requestTimeout).toBeLessThanOrEqual(120_000);
    expect(bridge.server.requestTimeout).toBeGreaterThan(0);
  });
});

/**
 * Issue 26: a local process without the token could deny the console by holding the connection cap
 * with idle sockets, and a body over 1 MB got a TCP reset. Now idle connections are closed after 2 s
 * (5 s between keep-alive requests), the cap is kept by closing the oldest idle connection, never one
 * carrying an accepted call or the event stream, and an oversized body gets a 413 JSON answer.
 */
describe('web bridge: idle connections cannot hold it closed', () => {
  let bridge: RunningBridge;
  let dir: string;
  const cap = BRIDGE_LIMITS.maxConnections;
  /** A hang guard, not a timing claim: a call that is not refused answers at once; 2 s is the idle rule. */
  const HANG_GUARD_MS = 4_000;
  const releases: (() => void)[] = [];
  const router: Router = {
    async dispatch(name) {
      if (name === 'test.slow') await new Promise<void>((release) => releases.push(release));
      return { ok: true, value: name };
    },
  };
  /** The most connections the server held at once, read after each admission (the bridge's own listener runs first). */
  let most = 0;
  const admitted: Socket[] = [];
  const onConnection = (socket: Socket): void => {
    admitted.push(socket);
    bridge.server.getConnections((_, count) => (most = Math.max(most, count)));
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridge26-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    bridge = await startWebBridge({ router, events: new EventBus(), log, staticDir: dir });
    bridge.server.on('connection', onConnection);
  });
  afterAll(async () => {
    for (const release of releases) release();
    await bridge.close();
    await rm(dir, { recursive: true, force: true });
  });

  const openCount = () => new Promise<number>((done) => bridge.server.getConnections((_, n) => done(n)));
  async function settle(): Promise<void> {
    for (let i = 0; i < 400 && (await openCount()) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await openCount()).toBe(0);
    most = 0;
    admitted.length = 0;
  }

  /** A token-bearing RPC on its own connection; rejects on a reset, a close or the hang guard. */
  function call(
    name: string,
    opts: { body?: string | Buffer[]; signal?: AbortSignal } = {},
  ): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          method: 'POST',
          path: `/rpc/${name}`,
          headers: { 'content-type': 'application/json', 'x-copper-token': bridge.token },
          agent: false,
          signal: opts.signal ?? AbortSignal.timeout(HANG_GUARD_MS),
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (Array.isArray(opts.body)) {
        // Chunked: no declared length, so the server must count what it reads.
        for (const chunk of opts.body) req.write(chunk);
        req.end();
      } else req.end(opts.body ?? '{}');
    });
  }

  /** Opens `count` sockets that send nothing (or, with `partial`, every other one half a request line); answers how many connected. */
  async function openIdle(count: number, held: Set<Socket>, partial = false): Promise<number> {
    const opened: Promise<boolean>[] = [];
    for (let i = 0; i < count; i++) {
      const socket = connect(bridge.port, '127.0.0.1');
      socket.on('error', () => undefined);
      held.add(socket);
      socket.once('close', () => held.delete(socket));
      opened.push(
        once(socket, 'connect').then(
          () => {
            if (partial && i % 2 === 1) socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1');
            return true;
          },
          () => false,
        ),
      );
    }
    return (await Promise.all(opened)).filter(Boolean).length;
  }

  it('answers a token-bearing call while a local process holds 300 idle sockets, and the cap still bounds them', async () => {
    await settle();
    const held = new Set<Socket>();
    const HELD = 300;
    try {
      // Three rounds of the attack: top up to 300 open sockets (silent or with a partial request
      // line), as an attacker reopening what the bridge closed would, then make a real call.
      for (let round = 0; round < 3; round++) {
        const missing = HELD - held.size;
        expect(await openIdle(missing, held, true)).toBe(missing); // all 300 held at this point
        const res = await call('app.info');
        expect(res.status, `round ${round}`).toBe(200);
        expect(JSON.parse(res.body)).toEqual({ ok: true, value: 'app.info' });
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(admitted.length).toBeGreaterThan(HELD); // every attempt reached the server…
      expect(most).toBeLessThanOrEqual(cap); // …and it never held more than the cap
      expect(await openCount()).toBeLessThanOrEqual(cap);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('closes a connection that sends a partial request line, or nothing, by its own idle rule', async () => {
    await settle();
    const partial = connect(bridge.port, '127.0.0.1');
    const silent = connect(bridge.port, '127.0.0.1');
    const heard: Buffer[] = [];
    const closed = { partial: false, silent: false };
    for (const [name, s] of [
      ['partial', partial],
      ['silent', silent],
    ] as const) {
      s.on('error', () => undefined);
      s.on('data', (chunk: Buffer) => heard.push(chunk));
      s.once('close', () => (closed[name] = true));
    }
    await Promise.all([once(partial, 'connect'), once(silent, 'connect')]);
    partial.write('GET /rpc/app.info HT');
    // Not at once: with no cap pressure, a call on another connection is answered while both stay open.
    expect((await call('app.info')).status).toBe(200);
    expect(closed).toEqual({ partial: false, silent: false });
    await Promise.all([closed.partial || once(partial, 'close'), closed.silent || once(silent, 'close')]);
    // Dropped by the bridge's idle rule, without a word: node's own request timeout (10 s and
    // more) would have answered the partial request with a 408 first.
    expect(Buffer.concat(heard).toString()).toBe('');
    partial.destroy();
    silent.destroy();
  });

  it('at the cap closes the oldest idle connection, never an accepted call in flight or the event stream', async () => {
    await settle();
    // The event stream first, then a call the router holds: the two oldest connections.
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path: '/events',
          headers: { 'x-copper-token': bridge.token },
          agent: false,
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    expect(stream.statusCode).toBe(200);
    stream.resume();
    let streamClosed = false;
    stream.socket.once('close', () => (streamClosed = true));
    const slow = call('test.slow', { signal: AbortSignal.timeout(20_000) }).catch((e: Error) => e);
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 5));
    // A tokenless event stream is refused at once: its socket is then merely idle.
    const refused = await sendFresh(bridge.port, { path: '/events' });
    expect(refused.status).toBe(401);

    const held = new Set<Socket>();
    try {
      await openIdle(cap - 2, held);
      const oldest = [...held][0];
      expect(oldest).toBeDefined();
      const oldestClosed = once(oldest as Socket, 'close').then(() => true);
      // One more: the oldest idle one goes, not the stream nor the held call.
      await openIdle(1, held);
      expect(await oldestClosed).toBe(true);
      // Many more, and past the 5 s keep-alive rule: still neither.
      await openIdle(3 * cap, held);
      await new Promise((r) => setTimeout(r, BRIDGE_LIMITS.keepAliveIdleMs + 3 * BRIDGE_LIMITS.sweepMs));
      expect(streamClosed).toBe(false);
      expect(most).toBeLessThanOrEqual(cap);
      // Meanwhile the idle attackers were swept: a real call gets in at once.
      expect(held.size).toBe(0);
      expect((await call('app.info')).status).toBe(200);
      for (const release of releases.splice(0)) release();
      const answered = await slow;
      expect(answered).toMatchObject({ status: 200, body: JSON.stringify({ ok: true, value: 'test.slow' }) });
    } finally {
      for (const socket of held) socket.destroy();
      stream.destroy();
    }
  });

  it('when every connection carries an accepted call, a newcomer is the one closed', async () => {
    await settle();
    const calls = Array.from({ length: cap }, () =>
      call('test.slow', { signal: AbortSignal.timeout(20_000) }).catch((e: Error) => e),
    );
    while (releases.length < cap) await new Promise((r) => setTimeout(r, 5));
    const extra = connect(bridge.port, '127.0.0.1');
    extra.on('error', () => undefined);
    await once(extra, 'close');
    expect(most).toBeLessThanOrEqual(cap);
    for (const release of releases.splice(0)) release();
    for (const result of await Promise.all(calls)) expect(result).toMatchObject({ status: 200 });
  });

  it('answers a body over 1 MB with a 413 JSON error after reading no more than the limit, then closes', async () => {
    const MB = 1024 * 1024;
    const chunk = Buffer.alloc(16 * 1024, 'x');
    for (let attempt = 0; attempt < 5; attempt++) {
      await settle();
      // Declared length and chunked, each twice the limit.
      for (const body of [`"${'x'.repeat(2 * MB)}"`, Array.from({ length: 128 }, () => chunk)]) {
        const what = Array.isArray(body) ? 'chunked' : 'declared';
        const res = await call('app.info', { body });
        expect(res.status, what).toBe(413);
        expect(res.headers.connection, what).toBe('close');
        expect(JSON.parse(res.body), what).toEqual({
          ok: false,
          error: { code: 'bad-input', message: 'The request body is larger than 1 MB.' },
        });
        const server = admitted.at(-1);
        // The limit plus node's read-ahead: the socket read in hand (64 KiB) and the one the
        // parser had already handed to the request stream (at most 64 KiB more), and the head.
        expect(server?.bytesRead, what).toBeLessThanOrEqual(MB + 2 * 64 * 1024 + 4096);
      }
    }
  });
});
