/**
 * Issue 17.6 on the browser-mode bridge: a malformed percent-escape is the client's error (400, no
 * error log line); the Content-Type check parses the media type; connections and header time are
 * capped so a local slowloris cannot starve the operator's browser.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
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

  it('drops connections past its cap instead of letting them pile up', async () => {
    expect(bridge.server.maxConnections).toBe(BRIDGE_LIMITS.maxConnections);
    // Earlier tests' connections may still be closing on the server side: let them go first.
    const open = () => new Promise<number>((done) => bridge.server.getConnections((_, count) => done(count)));
    for (let i = 0; i < 200 && (await open()) > 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(await open()).toBe(0);
    const held: Socket[] = [];
    let accepted = 0;
    const counted = () => accepted++;
    bridge.server.on('connection', counted);
    try {
      for (let i = 0; i < BRIDGE_LIMITS.maxConnections; i++) {
        const socket = connect(bridge.port, '127.0.0.1');
        await once(socket, 'connect');
        held.push(socket);
      }
      const dropped = once(bridge.server, 'drop');
      const extra = connect(bridge.port, '127.0.0.1');
      extra.on('error', () => undefined);
      held.push(extra);
      await dropped;
      await once(extra, 'close');
      expect(accepted).toBe(BRIDGE_LIMITS.maxConnections);
    } finally {
      bridge.server.off('connection', counted);
      for (const socket of held) socket.destroy();
    }
  });
});
