/**
 * The start-up warm-up of the HTTP client (src/main/app/warm-up.ts): it goes through the platform
 * client's own transport and reaches the in-process sandbox outside its API, so the sandbox records no platform request, nothing is signed, and the
 * main side says it is ready; a sandbox that is gone makes it answer null, not throw.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { warmUpHttpClient, warmUpTarget } from '../../../src/main/app/warm-up';
import { undiciSend, type Send } from '../../../src/main/platform/transport';
import type { Logger } from '../../../src/main/log/logger';
import { control } from '../../support/sandbox-http';
import { startTestApp, type TestApp } from '../../support/main-app';

const lines: string[] = [];
const log: Logger = {
  info: (service, message) => lines.push(`info ${service} ${message}`),
  warn: (service, message) => lines.push(`warn ${service} ${message}`),
  error: (service, message) => lines.push(`error ${service} ${message}`),
};

let sandbox: RunningSandbox | null = null;
let app: TestApp | null = null;
afterEach(async () => {
  lines.length = 0;
  await sandbox?.close();
  sandbox = null;
  await app?.close();
  app = null;
});

const origin = (s: RunningSandbox) => new URL(s.baseUrl).origin;
const recorded = async (s: RunningSandbox) =>
  (
    JSON.parse((await control(origin(s), 'GET', '/requests', undefined, s.controlToken)).text) as {
      count: number;
    }
  ).count;

describe('HTTP client warm-up', () => {
  it('asks the sandbox outside its API and its controls', () => {
    expect(warmUpTarget('http://127.0.0.1:4242/platform')).toBe('http://127.0.0.1:4242/');
  });

  it('is answered, and the sandbox records no platform request', async () => {
    sandbox = await startSandbox({ port: 0, size: 'small' });
    const seen: { url: string; method: string; headers: Record<string, string> }[] = [];
    const spy: Send = (href, init) => {
      seen.push({ url: href, method: init.method, headers: { ...init.headers } });
      return undiciSend(href, init);
    };
    const ms = await warmUpHttpClient(sandbox.baseUrl, log, spy);
    expect(ms).toEqual(expect.any(Number));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ url: `${origin(sandbox)}/`, method: 'GET', headers: {} });
    // Nothing signed, no key: no header at all.
    expect(await recorded(sandbox)).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^info app HTTP client ready \(local sandbox answered 404 in \d+ ms\)$/),
    ]);
  });

  it('answers null, without throwing or logging an error, when the sandbox is gone', async () => {
    const gone = await startSandbox({ port: 0, size: 'small' });
    await gone.close();
    await expect(warmUpHttpClient(gone.baseUrl, log)).resolves.toBeNull();
    expect(lines).toEqual([]);
  });

  it('runs when the main side starts', async () => {
    const logged: string[] = [];
    app = await startTestApp('warm-up', {
      log: { info: (s, m) => logged.push(`${s} ${m}`), warn: () => undefined, error: () => undefined },
    });
    await expect
      .poll(() => logged.some((l) => l.startsWith('app HTTP client ready')), { timeout: 5_000 })
      .toBe(true);
  });
});
