/**
 * Prepares the app's data folder at every start, before any service opens a file in it:
 *
 * - It is created if missing and set to 0700 even if it existed: an older version or the operator
 *   may have left it 0755, which lets every local user read the workspace list and exports. A mode
 *   that was wider is logged, so the operator learns it was exposed.
 * - Every temp file the console left behind when killed mid-write is removed, in the folder and in
 *   every folder below it (bounded in depth and count): an atomic write's
 *   (`.<name>.<pid>.<12 hex>.tmp`, e.g. a killed vault write holding an older ciphertext, or a
 *   request-history or journal file) and an export's (`.<name>.<12 hex>.part`). Only those exact
 *   shapes: in Electron the folder is userData, shared with Chromium's own files. Nothing is
 *   followed through a symlink.
 *
 * Never throws for a sweep failure (it is logged); throws only when the folder cannot be made or
 * locked down, since the app must not keep secrets-adjacent files in a folder others can read.
 */
import type { Dirent, Stats } from 'node:fs';
import { chmod, lstat, mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_PART_FILE } from '../exports/publish-file';
import type { Logger } from '../log/logger';
import { ATOMIC_TEMP_FILE } from '../workspaces/atomic-write';

export const DATA_DIR_MODE = 0o700;

export interface PreparedDataDir {
  /** The mode the folder had before, when it was wider than 0700; null when it was fine or new. */
  widenedMode: number | null;
  /** The temp files removed, relative to the data folder (`history/.x.json.1.0123456789ab.tmp`). */
  sweptTempFiles: string[];
}

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

export async function prepareDataDir(
  dataDir: string,
  log: Logger,
  bounds: SweepBounds = SWEEP_BOUNDS,
): Promise<PreparedDataDir> {
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
  return { widenedMode, sweptTempFiles: await sweepTempFiles(dataDir, log, bounds) };
}

/** The bounds of the start-up sweep below the data folder. */
export interface SweepBounds {
  /** How many folders deep it looks (the console's own files are at most 2 deep). */
  maxDepth: number;
  /** How many folders it reads at most: Chromium's caches in userData can be large. */
  maxFolders: number;
  /** How many entries, in all folders together, it looks at most. */
  maxEntries: number;
}

export const SWEEP_BOUNDS: SweepBounds = { maxDepth: 6, maxFolders: 2_000, maxEntries: 200_000 };

/** A temp file the console itself leaves when killed mid-write: an atomic write's or an export's. */
export function isConsoleTempFile(name: string): boolean {
  return ATOMIC_TEMP_FILE.test(name) || EXPORT_PART_FILE.test(name);
}

const sameEntry = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

/**
 * Removes the console's temp files in the data folder and every folder below it, breadth first
 * (the console's own folders, `history/`, `exports/`, `journal/<workspace>/`, are near the top),
 * within `bounds`. Nothing is followed through a symlink: a folder is entered only when lstat says
 * it is a real folder, and its names are used only if it is still the same folder after the read;
 * a symlink named like a temp file is unlinked as a link.
 */
async function sweepTempFiles(dataDir: string, log: Logger, bounds: SweepBounds): Promise<string[]> {
  const swept: string[] = [];
  const queue: { path: string; rel: string; depth: number; info: Stats }[] = [];
  try {
    queue.push({ path: dataDir, rel: '', depth: 0, info: await lstat(dataDir) });
  } catch (error) {
    log.warn('app', `could not list the data folder to remove temp files`, error);
    return [];
  }
  let folders = 0;
  let entries = 0;
  let bounded = false;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (folders >= bounds.maxFolders || entries >= bounds.maxEntries) {
      bounded = true;
      break;
    }
    folders++;
    const { path, rel, depth } = next;
    let names: Dirent[];
    try {
      names = await readdir(path, { withFileTypes: true });
      // Swapped for a link (or another folder) while it was read: its names are not trusted.
      if (!sameEntry(next.info, await lstat(path))) continue;
    } catch (error) {
      log.warn('app', `could not list ${rel || 'the data folder'} to remove temp files`, error);
      continue;
    }
    for (const entry of names) {
      if (++entries > bounds.maxEntries) {
        bounded = true;
        break;
      }
      const child = join(path, entry.name);
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      // The listing's type is the entry's own (a symlink lists as a symlink, never as what it points
      // at): most entries (Chromium's) are passed over without a call.
      if (!entry.isDirectory() && !isConsoleTempFile(entry.name)) continue;
      try {
        // lstat again before acting: the entry may have changed since the listing.
        const info = await lstat(child);
        if (info.isDirectory()) {
          // Deeper folders are Chromium's, not the console's: left unread, not worth a warning.
          if (depth < bounds.maxDepth) queue.push({ path: child, rel: childRel, depth: depth + 1, info });
          continue;
        }
        if (!isConsoleTempFile(entry.name) || !(info.isFile() || info.isSymbolicLink())) continue;
        await unlink(child);
        swept.push(childRel);
      } catch (error) {
        log.warn('app', `could not remove the temp file ${childRel}`, error);
      }
    }
  }
  if (bounded)
    log.warn(
      'app',
      `the temp file sweep of the data folder stopped at its bounds (${bounds.maxFolders} folders, ${bounds.maxEntries} entries); some temp files may remain`,
    );
  if (swept.length > 0)
    log.info('app', `removed ${swept.length} temp file(s) left by interrupted writes in the data folder`);
  return swept;
}
