/**
 * A generic update feed on loopback (latest-linux.yml plus a .deb, as electron-builder publishes
 * them), and electron-updater's own DebUpdater run under Node against it: the real provider,
 * metadata parsing, version comparison, download and sha512 check. Only the transport differs:
 * Electron's `net` becomes Node's http (ElectronHttpExecutor.createRequest is the one override).
 */
import { createHash } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { createLogger } from '../../../src/main/log/logger';
import { engineFromAppUpdater, type UpdateEngineFactory } from '../../../src/main/updater/update-engine';

export interface LoopbackFeed {
  url: string;
  /** TCP connections accepted so far. */
  connections: number;
  /** Request paths, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startLoopbackFeed(options: {
  version: string;
  status?: number;
  /** The installer's bytes (latest.yml's sha512 always matches what is served); default a small fake. */
  payload?: Buffer;
  /** Served as `<installer>.sig` beside latest.yml; absent: that path is a 404. */
  signature?: string;
}): Promise<LoopbackFeed> {
  const payload = options.payload ?? fakeInstaller(options.version);
  const fileName = installerName(options.version);
  const sha512 = createHash('sha512').update(payload).digest('base64');
  const latest = [
    `version: ${options.version}`,
    'files:',
    `  - url: ${fileName}`,
    `    sha512: ${sha512}`,
    `    size: ${payload.length}`,
    `path: ${fileName}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-01T00:00:00.000Z'`,
    '',
  ].join('\n');
  const feed: LoopbackFeed = { url: '', connections: 0, requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    feed.requests.push(path);
    if (options.status) return res.writeHead(options.status).end('no');
    if (/^\/feed\/latest-linux(-arm64)?\.yml$/.test(path))
      return res.writeHead(200, { 'Content-Type': 'text/yaml' }).end(latest);
    if (path === `/feed/${fileName}`)
      return res.writeHead(200, { 'Content-Length': payload.length }).end(payload);
    if (path === `/feed/${fileName}.sig` && options.signature !== undefined)
      return res.writeHead(200, { 'Content-Type': 'text/plain' }).end(options.signature);
    res.writeHead(404).end();
  });
  server.on('connection', () => (feed.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  feed.url = `http://127.0.0.1:${address.port}/feed/`;
  feed.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return feed;
}

/** The installer file name electron-builder gives the .deb of `version`. */
export function installerName(version: string): string {
  return `copper-operator_${version}_amd64.deb`;
}

/** The default installer bytes the feed serves for `version`. */
export function fakeInstaller(version: string): Buffer {
  return Buffer.from(`pretend deb package ${version}\n`.repeat(64));
}

class NodeLoopbackExecutor extends ElectronHttpExecutor {
  constructor() {
    super(() => undefined);
  }
  // Node's ClientRequest in place of Electron's net request: the same 'response' callback contract.
  override createRequest(options: unknown, callback: (response: unknown) => void): Electron.ClientRequest {
    return request(options as never, callback as never) as unknown as Electron.ClientRequest;
  }
}

/**
 * An engine factory that builds electron-updater's DebUpdater for a packaged app of `version`.
 * `loopback` (when given) is the URL the updater really fetches from: the policy's feed must be
 * https on a DNS name, so the test's policy names one and the engine is pointed at the loopback feed.
 */
export async function nodeDebEngineFactory(
  dir: string,
  version: string,
  loopback?: () => string,
): Promise<{
  factory: UpdateEngineFactory;
  updaters: DebUpdater[];
  /** The feed URLs the service asked engines for. */
  feeds: string[];
}> {
  const configPath = join(dir, 'app-update.yml');
  await writeFile(
    configPath,
    'provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: copper-operator-updater\n',
  );
  const app: AppAdapter = {
    version,
    name: 'copper-operator',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updaters: DebUpdater[] = [];
  const feeds: string[] = [];
  const log = createLogger({ write: () => undefined });
  return {
    updaters,
    feeds,
    factory: (feedUrl) => {
      feeds.push(feedUrl);
      const updater = new DebUpdater(undefined, app);
      // Set before the feed: electron-updater hands the executor to the provider it creates.
      (updater as unknown as { httpExecutor: unknown }).httpExecutor = new NodeLoopbackExecutor();
      updaters.push(updater);
      return engineFromAppUpdater(updater, loopback?.() ?? feedUrl, log);
    },
  };
}
