/**
 * How an export reaches its file (issue 17 point 5, issue 24 point 9): written 0600 under a
 * temporary name beside the target, then published with `link(temp, target)`, which fails if the
 * target exists, so a file created at the target while the export ran is never replaced (a rename
 * would replace it). The caller unlinks the temporary name afterwards. Where the file system has
 * no hard links, `copyFile` with COPYFILE_EXCL keeps the same never-replace rule.
 *
 * Every export (activities, journal) names and publishes its file through here, and the start-up
 * sweep of the data folder (app/data-dir.ts) removes leftovers of exactly `EXPORT_PART_FILE`.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, link, rename, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Export files: readable by the operator only (issue 17 point 5). */
export const EXPORT_FILE_MODE = 0o600;

/** Every temporary file an export writes: `.<target name>.<12 hex>.part`. */
export const EXPORT_PART_FILE = /^\..+\.[0-9a-f]{12}\.part$/;

/** A fresh temporary name beside `target`, of the `EXPORT_PART_FILE` shape. */
export function exportTempPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
}

/** Thrown by `publishFile` when the target appeared while the export ran; it was not replaced. */
export class TargetExistsError extends Error {
  override readonly name = 'TargetExistsError';
  constructor(readonly target: string) {
    super(`${target} appeared while the export ran; it was not replaced`);
  }
}

/** Hard links are not everywhere (FAT, some network shares): these codes mean "no link here". */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** The file's device and inode, or null when there is none. */
export async function inodeOf(path: string): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  return info === null ? null : `${info.dev}:${info.ino}`;
}

/**
 * Publishes `temp` as `target` without replacing an existing `target`, except the very file the
 * operator agreed to replace (`agreedToReplace`, its device and inode when the export started).
 * Throws `TargetExistsError` when another file is there. `temp` is left for the caller to unlink.
 */
export async function publishFile(
  temp: string,
  target: string,
  agreedToReplace: string | null = null,
): Promise<void> {
  try {
    await link(temp, target);
    return;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') {
      if (agreedToReplace !== null && (await inodeOf(target)) === agreedToReplace) {
        await rename(temp, target);
        return;
      }
      throw new TargetExistsError(target);
    }
    if (!NO_HARD_LINKS.has(String(codeOf(error)))) throw error;
  }
  try {
    await copyFile(temp, target, fsConstants.COPYFILE_EXCL);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') throw new TargetExistsError(target);
    throw error;
  }
}
