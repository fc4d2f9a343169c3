/**
 * The bridge's static files (src/main/web/bridge.ts): the build is read into memory at start and
 * answered from there, with the same headers as from disk; what is not held (added later, too
 * large, outside the folder) is served from disk or refused exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATIC_MEMORY_LIMITS, startWebBridge, type RunningBridge } from '../../../src/main/web/bridge';
import { EventBus } from '../../../src/main/events/event-bus';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const router = { dispatch: async () => ({ ok: true as const, value: null }) };

function get(
  bridge: RunningBridge,
  path: string,
  method = 'GET',
): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: bridge.port, method, path, headers: { host: `127.0.0.1:${bridge.port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('static files of the built renderer', () => {
  let bridge: RunningBridge;
  let dir: string;
  const big = Buffer.alloc(STATIC_MEMORY_LIMITS.fileBytes + 1, 0x61);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridge-static-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>built</title>');
    await writeFile(join(dir, 'assets', 'app-1234.js'), 'export const built = 1;');
    await writeFile(join(dir, 'assets', 'huge-1234.js'), big);
    bridge = await startWebBridge({ router, events: new EventBus(), log: silent, staticDir: dir });
    // Changed on disk after the start: the held copy is what is served.
    await writeFile(join(dir, 'assets', 'app-1234.js'), 'export const rebuilt = 2;');
    // Added after the start: not held, served from disk.
    await writeFile(join(dir, 'assets', 'late-1234.js'), 'export const late = 3;');
  });
  afterAll(async () => {
    await bridge.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a held file from memory, with its type, length, cache rule and the CSP', async () => {
    const res = await get(bridge, '/assets/app-1234.js');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('export const built = 1;');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['content-length']).toBe(String('export const built = 1;'.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers the page and a client-side route with index.html, never cached', async () => {
    for (const path of ['/', '/index.html', '/loans/some-route']) {
      const res = await get(bridge, path);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe('<!doctype html><title>built</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a HEAD with the headers and no body', async () => {
    const res = await get(bridge, '/assets/app-1234.js', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String('export const built = 1;'.length));
    expect(res.body.length).toBe(0);
  });

  it('serves from disk what it does not hold: a file added later, one past the size bound', async () => {
    expect((await get(bridge, '/assets/late-1234.js')).body.toString()).toBe('export const late = 3;');
    const huge = await get(bridge, '/assets/huge-1234.js');
    expect(huge.status).toBe(200);
    expect(huge.body.equals(big)).toBe(true);
  });

  it('still refuses a way out of its folder and answers 404 for a missing file', async () => {
    const out = await get(bridge, '/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(out.body.toString()).not.toContain('root:');
    expect((await get(bridge, '/assets/missing-1234.js')).status).toBe(404);
  });
});
