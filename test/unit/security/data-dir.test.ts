/** Issue 17.5: the data folder is 0700 at every start and holds no leftover temp file. */
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../../src/main/app/data-dir';
import type { Logger } from '../../../src/main/log/logger';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'copper-datadir-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (service, message) => lines.push(`info ${service} ${message}`),
    warn: (service, message) => lines.push(`warn ${service} ${message}`),
    error: (service, message) => lines.push(`error ${service} ${message}`),
  };
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('prepareDataDir', () => {
  it('creates a missing folder 0700 without a warning', async () => {
    const dataDir = join(root, 'data');
    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(prepared.widenedMode).toBeNull();
    expect(log.lines.filter((l) => l.startsWith('warn'))).toEqual([]);
  });

  it('narrows an existing 0755 folder to 0700 and logs what it was', async () => {
    const dataDir = join(root, 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(prepared.widenedMode).toBe(0o755);
    expect(log.lines.join('\n')).toMatch(/was 0755, readable by other users; set it to 0700/);
  });

  it('removes every temp file of interrupted writes, and nothing else', async () => {
    const dataDir = join(root, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    const outside = join(root, 'outside.txt');
    await writeFile(outside, 'not ours');
    const temps = [
      '.vault.json.4242.a1b2c3d4e5f6.tmp',
      '.workspaces.json.99.00ff00ff00ff.tmp',
      '.keychain-settings.json.7.0123456789ab.tmp',
    ];
    for (const name of temps) await writeFile(join(dataDir, name), 'older ciphertext');
    await symlink(outside, join(dataDir, '.link.json.5.abcdefabcdef.tmp'));
    // Not an atomic write's temp file (in Electron the folder is shared with Chromium): kept.
    const kept = ['vault.json', 'workspaces.json', 'notes.tmpl', 'Chromium state.tmp'];
    for (const name of kept) await writeFile(join(dataDir, name), '{}');
    await mkdir(join(dataDir, 'exports'));
    await writeFile(join(dataDir, 'exports', 'report.csv.tmp'), 'not this level');

    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(prepared.sweptTempFiles.sort()).toEqual([...temps, '.link.json.5.abcdefabcdef.tmp'].sort());
    expect((await readdir(dataDir)).sort()).toEqual([...kept, 'exports'].sort());
    expect(await readdir(join(dataDir, 'exports'))).toEqual(['report.csv.tmp']);
    expect((await stat(outside)).isFile()).toBe(true); // the link was removed, not its target
    expect(log.lines.join('\n')).toMatch(/removed 4 temp file/);
  });
});
