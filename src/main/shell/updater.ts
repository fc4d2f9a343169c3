/** electron-updater's platform updater (NSIS, DMG/zip, AppImage or deb) as the update service's engine. */
import electronUpdater from 'electron-updater';
import type { Logger } from '../log/logger';
import { engineFromAppUpdater, type UpdateEngineFactory } from '../updater/update-engine';

export function electronUpdateEngine(log: Logger): UpdateEngineFactory {
  // Read lazily: the updater object is built on first access, for the platform it runs on.
  return (feedUrl) => engineFromAppUpdater(electronUpdater.autoUpdater, feedUrl, log);
}
