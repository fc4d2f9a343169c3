/**
 * The console's own export folder is private to the operator (issue 17 point 5): created 0700, and
 * narrowed to 0700 when it already existed wider. A folder the operator chose in a dialog is theirs
 * and is left as it is; the files written into it are 0600 either way.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';

export const EXPORT_DIR_MODE = 0o700;

/** Creates `dir` (and parents) and makes it 0700; answers the mode it had when it was wider. */
export async function ensurePrivateExportDir(dir: string): Promise<{ narrowedFrom: number | null }> {
  await mkdir(dir, { recursive: true, mode: EXPORT_DIR_MODE });
  if (process.platform === 'win32') return { narrowedFrom: null };
  const mode = (await stat(dir)).mode & 0o777;
  if (mode === EXPORT_DIR_MODE) return { narrowedFrom: null };
  await chmod(dir, EXPORT_DIR_MODE);
  return { narrowedFrom: mode };
}
