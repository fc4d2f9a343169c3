/** The keychain settings file (src/main/keychain/keychain-settings.ts): the vault's auto-lock time. */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEYCHAIN_SETTINGS_FILE,
  readKeychainSettings,
  writeKeychainSettings,
} from '../../../src/main/keychain/keychain-settings';
import { DEFAULT_AUTO_LOCK_MINUTES } from '../../../src/shared/vault-settings';
import { recordingLog } from '../../support/fixtures/keychain';
import { useTempDir } from '../../support/temp-dir';

const dir = useTempDir('copper-keychain-settings-');

describe('keychain settings file', () => {
  it('means the default auto-lock when missing, silently', async () => {
    const { lines, logger } = recordingLog();
    expect(await readKeychainSettings(dir(), logger)).toEqual({
      version: 1,
      autoLockMinutes: DEFAULT_AUTO_LOCK_MINUTES,
    });
    expect(lines).toEqual([]);
  });

  it('writes pretty JSON with mode 0600 and reads it back', async () => {
    await writeKeychainSettings(dir(), { version: 1, autoLockMinutes: 42 });
    const path = join(dir(), KEYCHAIN_SETTINGS_FILE);
    expect(await readFile(path, 'utf8')).toBe('{\n  "version": 1,\n  "autoLockMinutes": 42\n}\n');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readKeychainSettings(dir(), recordingLog().logger)).toEqual({
      version: 1,
      autoLockMinutes: 42,
    });
  });

  it('falls back to the default, with a warning naming the file, for a bad or unreadable file', async () => {
    const path = join(dir(), KEYCHAIN_SETTINGS_FILE);
    for (const text of [
      'not json',
      '{"version":1,"autoLockMinutes":0}',
      '{"version":2,"autoLockMinutes":5}',
    ]) {
      await writeFile(path, text);
      const { lines, logger } = recordingLog();
      expect((await readKeychainSettings(dir(), logger)).autoLockMinutes).toBe(DEFAULT_AUTO_LOCK_MINUTES);
      expect(lines).toEqual([`warn ${path} is not a valid settings file; using the default auto-lock time`]);
    }
    await rm(path);
    await mkdir(path); // a folder where the file should be: unreadable, not missing
    const { lines, logger } = recordingLog();
    expect((await readKeychainSettings(dir(), logger)).autoLockMinutes).toBe(DEFAULT_AUTO_LOCK_MINUTES);
    expect(lines).toEqual([`warn could not read ${path}; using the default auto-lock time`]);
  });
});
