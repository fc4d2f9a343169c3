/**
 * `<dataDir>/keychain-settings.json`: the keychain's non-secret settings, today only the vault's
 * auto-lock time: `{ "version": 1, "autoLockMinutes": 15 }`. A missing or unreadable file means
 * the defaults (never a longer auto-lock than the default); writes are atomic, mode 0600.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_AUTO_LOCK_MINUTES,
  MAX_AUTO_LOCK_MINUTES,
  MIN_AUTO_LOCK_MINUTES,
} from '../../shared/vault-settings';
import { writeFileAtomic } from '../workspaces/atomic-write';
import type { KeychainLogger } from './key-store';

export const KEYCHAIN_SETTINGS_FILE = 'keychain-settings.json';

const settingsSchema = z.object({
  version: z.literal(1),
  autoLockMinutes: z.number().int().min(MIN_AUTO_LOCK_MINUTES).max(MAX_AUTO_LOCK_MINUTES),
});
export type KeychainSettings = z.infer<typeof settingsSchema>;

export const defaultKeychainSettings = (): KeychainSettings => ({
  version: 1,
  autoLockMinutes: DEFAULT_AUTO_LOCK_MINUTES,
});

export async function readKeychainSettings(dataDir: string, log: KeychainLogger): Promise<KeychainSettings> {
  const path = join(dataDir, KEYCHAIN_SETTINGS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn(`could not read ${path}; using the default auto-lock time`);
    return defaultKeychainSettings();
  }
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: not JSON
  }
  log.warn(`${path} is not a valid settings file; using the default auto-lock time`);
  return defaultKeychainSettings();
}

export async function writeKeychainSettings(dataDir: string, settings: KeychainSettings): Promise<void> {
  await writeFileAtomic(join(dataDir, KEYCHAIN_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`, {
    mode: 0o600,
  });
}
