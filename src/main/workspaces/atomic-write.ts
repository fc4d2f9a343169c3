/**
 * Atomic replacement of a small file: the new content goes to a temp file in the same folder, is
 * fsynced, then renamed over the target. rename(2) within one folder is atomic, so a crash or a kill
 * at any point leaves either the previous file or the new one, never a torn mix.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_SUFFIX = '.tmp';

/** Every temp file `writeFileAtomic` makes: `.<target name>.<pid>.<12 hex>.tmp`. */
export const ATOMIC_TEMP_FILE = /^\..+\.\d+\.[0-9a-f]{12}\.tmp$/;

/** The temp file name for `target`; unique per write so concurrent processes never share one. */
function tempPathFor(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
}

export async function writeFileAtomic(
  target: string,
  data: string | Buffer,
  options: { mode?: number } = {},
): Promise<void> {
  const mode = options.mode ?? 0o600;
  const temp = tempPathFor(target);
  // 'wx' refuses to follow or reuse an existing path, so a planted symlink cannot redirect the write.
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      // The mode given to open() is filtered by the umask; set it explicitly so 0600 really holds.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(target));
}

/**
 * Makes a rename or a new file's name durable. Best effort: some platforms cannot open a folder for
 * fsync. Also used by the action journal for each new file.
 */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const dir = await open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Windows and some file systems refuse; the rename has still happened.
  }
}

/** Removes temp files a killed writer left behind for `target`. They never hold the live data. */
export async function removeStaleTempFiles(target: string): Promise<string[]> {
  const folder = dirname(target);
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const stale = names.filter((n) => n.startsWith(prefix) && n.endsWith(TEMP_SUFFIX));
  await Promise.all(stale.map((n) => unlink(join(folder, n)).catch(() => undefined)));
  return stale;
}
