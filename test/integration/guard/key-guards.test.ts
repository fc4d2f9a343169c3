/**
 * The lockout guard counts what the platform counts (issue 24, point 4), end to end: the real main
 * side, the OS keychain, and a standalone sandbox whose real lockout (src/sandbox/auth.ts) locks a
 * key after 30 failed authentications an hour. Two workspaces hold the same key id on it, one with
 * the right secret and one with a mistyped one. The mistyped one is hammered with reads, the main
 * side is restarted on the same data folder in the middle, and then both go on: the key is never
 * locked, the right secret still opens the sandbox at the end, and both workspaces' meters show
 * the key's one count. Run under scripts/with-keyring.sh.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { FAILURES_BEFORE_LOCK } from '../../../src/sandbox/auth';
import type { GuardStatus } from '../../../src/shared/platform/limits';
import { startTestApp, type TestApp } from '../../support/main-app';
import { originOf, signed } from '../../support/sandbox-http';

let sandbox: RunningSandbox;
let test: TestApp | null = null;
let dataDir = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});

afterAll(async () => {
  await test?.close();
  await sandbox.close();
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

const start = async (): Promise<TestApp> =>
  startTestApp('guard', {}, { keepDataDir: true, ...(dataDir !== '' ? { dataDir } : {}) });

async function workspace(app: TestApp, name: string, apiSecret: string): Promise<string> {
  const { id } = await app.value<{ id: string }>('workspaces.create', {
    name,
    environment: 'sandbox',
    organizationId: sandbox.organizationId,
    baseUrl: sandbox.baseUrl,
  });
  await app.value('keychain.setKey', { workspaceId: id, apiKey: sandbox.apiKey, apiSecret });
  return id;
}

/** One read; the code of its failure, or 'ok'. */
async function read(app: TestApp, workspaceId: string): Promise<string> {
  const answer = await app.call('portfolios.list', { workspaceId });
  return answer.ok ? 'ok' : answer.error.code;
}

const status = (app: TestApp, workspaceId: string) => app.value<GuardStatus>('guard.status', { workspaceId });

describe('lockout guard per API key, across workspaces and a restart', () => {
  it('never lets two workspaces holding one key, and a restart, lock the key out', async () => {
    test = await start();
    dataDir = test.dataDir;
    const right = await workspace(test, 'Right secret', sandbox.apiSecret);
    const wrong = await workspace(test, 'Mistyped secret', `${sandbox.apiSecret.slice(0, -1)}x`);
    expect(await read(test, right)).toBe('ok');

    // What the platform saw: every answer the console got back as a failed authentication.
    let failures = 0;
    const codes = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const code = await read(test, wrong);
      codes.add(code);
      if (code === 'auth-failed') failures++;
    }
    expect(failures).toBe(15);
    expect((await status(test, right)).authFailures.count).toBe(15); // the key's count, not the workspace's

    // Restart on the same data folder, in the middle of it.
    await test.close();
    test = await start();
    expect((await status(test, wrong)).authFailures.count).toBeGreaterThanOrEqual(15);

    // The other workspace's meter (shown: it has asked for its status) is told when the mistyped
    // one's failures change the key's count.
    expect((await status(test, right)).authFailures.count).toBeGreaterThanOrEqual(15);
    const changed = new Set<string>();
    test.app.events.subscribe((event, payload) => {
      if (event === 'guard-changed') changed.add((payload as { workspaceId: string }).workspaceId);
    });
    expect(await read(test, wrong)).toBe('auth-failed');
    failures++;
    for (let i = 0; i < 100 && !changed.has(right); i++) await new Promise((r) => setTimeout(r, 20));
    expect([...changed].sort()).toEqual([right, wrong].sort());

    // Hammer on until the guard refuses, then keep trying from both workspaces.
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const code = await read(test, i % 4 === 3 ? right : wrong);
      codes.add(code);
      if (code === 'auth-failed') failures++;
      if (code === 'guard-refused') refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(codes.has('rate-limited')).toBe(false); // the sandbox never locked the key
    expect(failures).toBeLessThan(FAILURES_BEFORE_LOCK);

    // Both meters show the key's one count: at least what the platform saw, short of its limit.
    const [ofRight, ofWrong] = [await status(test, right), await status(test, wrong)];
    expect(ofRight.authFailures.count).toBe(ofWrong.authFailures.count);
    expect(ofRight.authFailures.count).toBeGreaterThanOrEqual(failures);
    expect(ofRight.authFailures.count).toBeLessThan(FAILURES_BEFORE_LOCK);
    expect(ofRight.workspaceId).toBe(right);
    expect(ofRight.refusing).not.toBeNull();

    // The right secret still opens the sandbox: the key is not locked.
    const target = {
      origin: originOf(sandbox.baseUrl),
      apiKey: sandbox.apiKey,
      apiSecret: sandbox.apiSecret,
    };
    expect((await signed(target, 'GET', '/platform/portfolios?limit=1')).status).toBe(200);

    // The state file holds host, fingerprint and times: never the key id or the secret.
    const path = join(dataDir, 'guard-state.json');
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain(sandbox.apiKey);
    expect(text).not.toContain(sandbox.apiSecret);
    expect(text).toContain(originOf(sandbox.baseUrl));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('a workspace whose key cannot be read shows empty counts instead of failing', async () => {
    if (test === null) throw new Error('needs the first test');
    const { id } = await test.value<{ id: string }>('workspaces.create', {
      name: 'No key yet',
      environment: 'sandbox',
      organizationId: sandbox.organizationId,
      baseUrl: sandbox.baseUrl,
    });
    const empty = await status(test, id);
    expect(empty.authFailures.count).toBe(0);
    expect(empty.refusing).toBeNull();
  });
});
