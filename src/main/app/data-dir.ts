/**
 * Prepares the app's data folder at every start, before any service opens a file in it:
 *
 * - It is created if missing and set to 0700 even if it existed: an older version or the operator
 *   may have left it 0755, which lets every local user read the workspace list and exports. A mode
 *   that was wider is logged, so the operator learns it was exposed.
 * - Every temp file an atomic write left behind (`.<name>.<pid>.<random>.tmp`, e.g. a killed vault
 *   write holding an older ciphertext) is removed. Only that exact shape, at this folder's own
 *   level: in Electron the folder is userData, shared with Chromium's own files, and the exports
 *   folder belongs to the exports code. Nothing is followed through a symlink.
 *
 * Never throws for a sweep failure (it is logged); throws only when the folder cannot be made or
 * locked down, since the app must not keep secrets-adjacent files in a folder others can read.
 */
import { chmod, lstat, mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { ATOMIC_TEMP_FILE } from '../workspaces/atomic-write';

export const DATA_DIR_MODE = 0o700;

export interface PreparedDataDir {
  /** The mode the folder had before, when it was wider than 0700; null when it was fine or new. */
  widenedMode: number | null;
  /** Names of the temp files removed. */
  sweptTempFiles: string[];
}

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

export async function prepareDataDir(dataDir: string, log: Logger): Promise<PreparedDataDir> {
  await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const info = await lstat(dataDir);
  if (!info.isDirectory()) throw new Error(`the data folder ${dataDir} is not a folder`);
  const before = info.mode & 0o777;
  let widenedMode: number | null = null;
  if (before !== DATA_DIR_MODE) {
    await chmod(dataDir, DATA_DIR_MODE);
    if ((before & 0o077) !== 0) {
      widenedMode = before;
      log.warn(
        'app',
        `the data folder ${dataDir} was ${octal(before)}, readable by other users; set it to ${octal(DATA_DIR_MODE)}`,
      );
    }
  }
  return { widenedMode, sweptTempFiles: await sweepTempFiles(dataDir, log) };
}

async function sweepTempFiles(dataDir: string, log: Logger): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch (error) {
    log.warn('app', `could not list the data folder to remove temp files`, error);
    return [];
  }
  const swept: string[] = [];
  for (const name of names.filter((n) => ATOMIC_TEMP_FILE.test(n))) {
    const path = join(dataDir, name);
    try {
      // lstat: a symlink named *.tmp is removed as a link, never followed to its target.
      const entry = await lstat(path);
      if (entry.isDirectory()) continue;
      await unlink(path);
      swept.push(name);
    } catch (error) {
      log.warn('app', `could not remove the temp file ${name}`, error);
    }
  }
  if (swept.length > 0)
    log.info('app', `removed ${swept.length} temp file(s) left by interrupted writes in the data folder`);
  return swept;
}
