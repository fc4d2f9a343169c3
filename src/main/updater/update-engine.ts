/**
 * What the update service needs from an updater, and the adapter that gives it from
 * electron-updater's AppUpdater. The service never touches electron-updater directly, so its rules
 * (off by default, consent on production) are tested with any engine, and this adapter is tested
 * with electron-updater's real logic under Node against a loopback feed.
 */
import { basename } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { Logger } from '../log/logger';

export interface UpdateCheck {
  /** The version the feed offers. */
  version: string;
  /** Newer than the running app. */
  available: boolean;
}

export interface UpdateEngine {
  /** Reads the feed's metadata (latest.yml). */
  check(): Promise<UpdateCheck>;
  /**
   * Downloads the update found by the last check, verifies its sha512 against latest.yml and
   * returns the downloaded installer's path. That check only proves the download is what the feed
   * described: the service then checks the Ed25519 signature (update-signature.ts).
   */
  download(): Promise<string>;
  /** The text of `<installer file name>.sig` beside latest.yml; null when the feed has none (404). */
  fetchSignature(installerPath: string): Promise<string | null>;
  /** Whether a downloaded update is installed when the app quits. */
  setInstallOnQuit(install: boolean): void;
  /** Quits, installs and starts the new version. */
  quitAndInstall(): void;
}

/** Builds an engine for a feed URL; called only once a feed is set (never for the default ''). */
export type UpdateEngineFactory = (feedUrl: string) => UpdateEngine;

export class UpdaterInactiveError extends Error {
  constructor() {
    super('Updates apply only to the installed app (this one runs unpackaged).');
  }
}

/** Wraps an AppUpdater: no automatic download or install; the service decides both. */
export function engineFromAppUpdater(updater: AppUpdater, feedUrl: string, log: Logger): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.logger = {
    info: (message?: unknown) => log.info('updater', String(message)),
    warn: (message?: unknown) => log.warn('updater', String(message)),
    error: (message?: unknown) => log.error('updater', String(message)),
  };
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  return {
    async check() {
      const result = await updater.checkForUpdates();
      if (result === null) throw new UpdaterInactiveError();
      return { version: result.updateInfo.version, available: result.isUpdateAvailable };
    },
    async download() {
      const files = await updater.downloadUpdate();
      const file = files[0];
      if (file === undefined) throw new Error('the updater downloaded no file');
      return file;
    },
    async fetchSignature(installerPath) {
      const url = new URL(`${encodeURIComponent(basename(installerPath))}.sig`, feedUrl);
      // electron-updater's own HTTP client: the same transport (Electron's net, proxies) as the feed.
      const executor = (updater as unknown as { httpExecutor: SignatureFetcher }).httpExecutor;
      try {
        const text = await executor.request({
          protocol: url.protocol,
          hostname: url.hostname,
          ...(url.port ? { port: url.port } : {}),
          path: url.pathname,
          headers: { 'Cache-Control': 'no-cache' },
        });
        return text ?? '';
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    setInstallOnQuit(install) {
      updater.autoInstallOnAppQuit = install;
    },
    quitAndInstall() {
      updater.quitAndInstall(false, true);
    },
  };
}

interface SignatureFetcher {
  request(options: Record<string, unknown>): Promise<string | null>;
}
