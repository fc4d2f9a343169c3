import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import dns from 'node:dns';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src/main/log/logger';
import { UpdateService, type UpdateServiceDeps } from '../../../src/main/updater/update-service';
import type { UpdateEngine } from '../../../src/main/updater/update-engine';
import { parseFeedUrl } from '../../../src/main/updater/feed-url';
import { nodeDebEngineFactory, startLoopbackFeed, type LoopbackFeed } from './loopback-feed';

let dir: string;
let feed: LoopbackFeed | null = null;
const quiet = createLogger({ write: () => undefined });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-updates-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await feed?.close();
  feed = null;
  await rm(dir, { recursive: true, force: true });
});

async function open(overrides: Partial<UpdateServiceDeps> = {}) {
  const { factory, updaters } = await nodeDebEngineFactory(dir, '0.1.0');
  const service = await UpdateService.open({
    dataDir: dir,
    currentVersion: '0.1.0',
    createEngine: factory,
    hasProductionWorkspace: async () => false,
    log: quiet,
    // Automatic checks run once at start here; the 6-hour timer is not started.
    every: () => ({ stop: () => undefined }),
    ...overrides,
  });
  return { service, updaters };
}

/** Counts every outgoing TCP connection and DNS lookup made by anything in this process. */
function watchNetwork() {
  const connect = vi.spyOn(Socket.prototype, 'connect');
  const lookup = vi.spyOn(dns, 'lookup');
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  return () => connect.mock.calls.length + lookup.mock.calls.length + fetchSpy.mock.calls.length;
}

describe('updates with no feed (the default)', () => {
  it('are off, and neither start, status nor check reaches the network or builds an updater', async () => {
    const createEngine = vi.fn();
    const network = watchNetwork();
    const { service } = await open({ createEngine });
    await service.start();
    expect(service.status()).toMatchObject({ state: 'off', feedUrl: '', automatic: false });
    const checked = await service.check();
    expect(checked).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'feedUrl' } });
    expect(await service.installOnRestart(true)).toMatchObject({ ok: false });
    await service.configure({ automatic: true, productionConsent: true });
    expect(createEngine).not.toHaveBeenCalled();
    expect(network()).toBe(0);
  });

  it('the network watch does see an updater that connects (control for the test above)', async () => {
    feed = await startLoopbackFeed({ version: '0.1.0' });
    const network = watchNetwork();
    const { service } = await open();
    await service.configure({ feedUrl: feed.url });
    await service.check();
    expect(network()).toBeGreaterThan(0);
    expect(feed.connections).toBeGreaterThan(0);
  });
});

describe('updates from a feed (electron-updater under Node, loopback feed)', () => {
  it('finds, downloads and verifies a newer version, then it is ready to install on restart', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0' });
    const statuses: string[] = [];
    const { service, updaters } = await open({ onStatus: (s) => statuses.push(s.state) });
    await service.configure({ feedUrl: feed.url });
    expect(feed.connections).toBe(0); // setting a feed does not check it
    const result = await service.check();
    expect(result).toMatchObject({ ok: true, value: { state: 'ready', availableVersion: '0.2.0' } });
    expect(statuses).toEqual(['idle', 'checking', 'downloading', 'ready']);
    expect(feed.requests).toContain('/feed/copper-operator_0.2.0_amd64.deb');
    expect(updaters[0]?.autoInstallOnAppQuit).toBe(false);

    const install = await service.installOnRestart(false);
    expect(install).toMatchObject({ ok: true, value: { installOnQuit: true } });
    expect(updaters[0]?.autoInstallOnAppQuit).toBe(true);
  });

  it('reports up to date when the feed offers the running version', async () => {
    feed = await startLoopbackFeed({ version: '0.1.0' });
    const { service } = await open({ now: () => new Date('2026-11-23T12:00:00.000Z') });
    await service.configure({ feedUrl: feed.url });
    expect(await service.check()).toMatchObject({
      ok: true,
      value: { state: 'up-to-date', availableVersion: null, lastCheckedAt: '2026-11-23T12:00:00.000Z' },
    });
    expect(feed.requests.filter((p) => p.endsWith('.deb'))).toEqual([]);
  });

  it('a failing feed is an error on screen, asked once and not retried', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0', status: 500 });
    const { service } = await open();
    await service.configure({ feedUrl: feed.url });
    const result = await service.check();
    expect(result).toMatchObject({ ok: true, value: { state: 'error', message: /update check failed/ } });
    expect(feed.requests).toHaveLength(1);
  });
});

describe('automatic updates and consent', () => {
  it('never check on their own unless turned on', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0' });
    const { service } = await open();
    await service.configure({ feedUrl: feed.url });
    await service.start();
    expect(feed.connections).toBe(0);
    await service.configure({ automatic: true });
    expect(service.status().state).toBe('ready');
  });

  it('wait for consent while a production workspace exists', async () => {
    feed = await startLoopbackFeed({ version: '0.2.0' });
    await writeFile(join(dir, 'updates.json'), JSON.stringify({ feedUrl: feed.url, automatic: true }));
    const { service } = await open({ hasProductionWorkspace: async () => true });
    await service.start();
    expect(feed.connections).toBe(0);
    expect(service.status()).toMatchObject({ state: 'idle', automaticPaused: /production workspace/ });

    await service.configure({ productionConsent: true });
    expect(service.status()).toMatchObject({ state: 'ready', automaticPaused: null });
  });

  it("an operator's own check is consent for that check, even with production", async () => {
    feed = await startLoopbackFeed({ version: '0.2.0' });
    const { service } = await open({ hasProductionWorkspace: async () => true });
    await service.configure({ feedUrl: feed.url });
    expect((await service.check()).ok).toBe(true);
    expect(service.status().state).toBe('ready');
  });
});

describe('installing and settings', () => {
  const fakeEngine = (): UpdateEngine & { installs: number } => {
    const engine = {
      installs: 0,
      check: async () => ({ version: '0.3.0', available: true }),
      download: async () => undefined,
      setInstallOnQuit: vi.fn(),
      quitAndInstall: () => {
        engine.installs += 1;
      },
    };
    return engine;
  };

  it('installs only when asked: "restart now" quits and installs', async () => {
    const engine = fakeEngine();
    const { service } = await open({ createEngine: () => engine });
    await service.configure({ feedUrl: 'https://updates.example.com/copper' });
    await service.check();
    expect(engine.installs).toBe(0);
    await service.installOnRestart(true);
    expect(engine.installs).toBe(1);
  });

  it('persist in updates.json; a corrupt file means off', async () => {
    const { service } = await open();
    await service.configure({ feedUrl: 'https://updates.example.com/copper', automatic: true });
    const saved = JSON.parse(await readFile(join(dir, 'updates.json'), 'utf8'));
    expect(saved).toEqual({
      feedUrl: 'https://updates.example.com/copper/',
      automatic: true,
      productionConsent: false,
    });
    const again = (await open()).service;
    expect(again.status()).toMatchObject({ feedUrl: 'https://updates.example.com/copper/', automatic: true });
    await writeFile(join(dir, 'updates.json'), '{ not json');
    expect((await open()).service.status()).toMatchObject({ state: 'off', feedUrl: '' });
  });

  it('are unsupported in browser mode', async () => {
    const { service } = await open({ createEngine: null });
    expect(service.status().state).toBe('unsupported');
    await service.configure({ feedUrl: 'https://updates.example.com/copper' });
    expect(await service.check()).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('refuse a feed URL that is not https (except on loopback) or carries credentials', async () => {
    expect(parseFeedUrl('')).toEqual({ ok: true, value: '' });
    expect(parseFeedUrl('https://updates.example.com/x')).toEqual({
      ok: true,
      value: 'https://updates.example.com/x/',
    });
    expect(parseFeedUrl('http://127.0.0.1:8080/feed/')).toMatchObject({ ok: true });
    for (const bad of [
      'http://updates.example.com/',
      'ftp://updates.example.com/',
      'file:///tmp/feed/',
      'https://user:pw@updates.example.com/',
      'https://updates.example.com/?token=x',
      'not a url',
    ])
      expect(parseFeedUrl(bad), bad).toMatchObject({
        ok: false,
        error: { code: 'bad-input', field: 'feedUrl' },
      });
    const { service } = await open();
    expect(await service.configure({ feedUrl: 'http://updates.example.com/' })).toMatchObject({ ok: false });
    expect(service.status().feedUrl).toBe('');
  });
});
