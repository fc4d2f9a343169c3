/** The console's own export folder is 0700 (src/main/exports/private-dir.ts). */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_DIR_MODE, ensurePrivateExportDir } from '../../../src/main/exports/private-dir';
import { useTempDir } from '../../support/temp-dir';

const root = useTempDir('copper-private-dir-');
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe.skipIf(process.platform === 'win32')('ensurePrivateExportDir', () => {
  it('creates the folder and its parents, 0700, and says nothing was narrowed', async () => {
    const dir = join(root(), 'a', 'exports');
    expect(await ensurePrivateExportDir(dir)).toEqual({ narrowedFrom: null });
    expect(EXPORT_DIR_MODE).toBe(0o700);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('narrows a wider folder that exists to 0700 and answers the mode it had', async () => {
    const dir = join(root(), 'exports');
    await mkdir(dir);
    await chmod(dir, 0o755);
    expect(await ensurePrivateExportDir(dir)).toEqual({ narrowedFrom: 0o755 });
    expect(await modeOf(dir)).toBe(0o700);
    expect(await ensurePrivateExportDir(dir)).toEqual({ narrowedFrom: null });
  });
});
