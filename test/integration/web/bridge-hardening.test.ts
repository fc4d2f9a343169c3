/**
 * Issue 17.6 on the browser-mode bridge: a malformed percent-escape is the client's error (400, no
 * error log line); the Content-Type check parses the media type; header and request time are bounded.
 * Issue 26 below: idle connections cannot hold the bridge closed; an oversized body gets a 413.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/main/events/event-bus';
import type { Logger } from '../../../src/main/log/logger';
import type { Router } from '../../../src/main/router/router';
import { BRIDGE_LIMITS, startWebBridge, type RunningBridge } from '../../../src/main/web/bridge';

const lines: string[] = [];
const log: Logger = {
  info: (s, m) => lines.push(`info ${s} ${m}`),
  warn: (s, m) => lines.push(`warn ${s} ${m}`),
  error: (s, m) => lines.push(`error ${s} ${m}`),
};

function send(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        // No keep-alive: a lingering connection would count against the cap tested below.
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('web bridge hardening (issue 17)', () => {
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
      const res = await send(bridge.port, { path });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    }
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect((await send(bridge.port, { path: '/' })).status).toBe(200); // still serving
  });

  it('parses the Content-Type: application/jsonx and friends are refused, parameters and case are fine', async () => {
    const rpc = (contentType: string) =>
      send(bridge.port, {
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
describe('web bridge: idle connections cannot hold it closed (issue 26)', () => {
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

  it('closes a connection that sends a partial request line, or nothing, within the 2 s rule', async () => {
    await settle();
    const opened = performance.now();
    const partial = connect(bridge.port, '127.0.0.1');
    const silent = connect(bridge.port, '127.0.0.1');
    for (const s of [partial, silent]) s.on('error', () => undefined);
    await Promise.all([once(partial, 'connect'), once(silent, 'connect')]);
    partial.write('GET /rpc/app.info HT');
    const closedWithin = (socket: Socket) =>
      Promise.race([
        once(socket, 'close').then(() => performance.now() - opened),
        new Promise<number>((r) =>
          setTimeout(() => r(Infinity), BRIDGE_LIMITS.firstRequestMs + HANG_GUARD_MS),
        ),
      ]);
    const [partialMs, silentMs] = await Promise.all([closedWithin(partial), closedWithin(silent)]);
    partial.destroy();
    silent.destroy();
    // Closed by the idle rule: not at once (no cap pressure here), and not only by node's 10 s+ checks.
    for (const ms of [partialMs, silentMs]) {
      expect(ms).toBeGreaterThanOrEqual(BRIDGE_LIMITS.firstRequestMs - 50);
      expect(ms).toBeLessThan(BRIDGE_LIMITS.firstRequestMs + HANG_GUARD_MS);
    }
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
    const refused = await send(bridge.port, { path: '/events' });
    expect(refused.status).toBe(401);

    const held = new Set<Socket>();
    try {
      await openIdle(cap - 2, held);
      const oldest = [...held][0];
      expect(oldest).toBeDefined();
      const oldestClosed = once(oldest as Socket, 'close').then(() => true);
      // One more: the oldest idle one goes (at once, not by the 2 s rule), not the stream nor the held call.
      await openIdle(1, held);
      const guard = new Promise<boolean>((r) => setTimeout(() => r(false), BRIDGE_LIMITS.firstRequestMs / 2));
      expect(await Promise.race([oldestClosed, guard])).toBe(true);
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
