/**
 * What the update service needs from an updater, and the adapter that gives it from
 * electron-updater's AppUpdater. The service never touches electron-updater directly, so its rules
 * (off by default, consent on production) are tested with any engine, and this adapter is tested
 * with electron-updater's real logic under Node against a loopback feed.
 */
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
  /** Downloads the update found by the last check and verifies its sha512. */
  download(): Promise<void>;
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
      await updater.downloadUpdate();
    },
    setInstallOnQuit(install) {
      updater.autoInstallOnAppQuit = install;
    },
    quitAndInstall() {
      updater.quitAndInstall(false, true);
    },
  };
}
