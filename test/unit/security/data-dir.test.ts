/**
 * Issue 17.5: the data folder is 0700 at every start and holds no leftover temp file. Issue 24.9:
 * in any folder below it either, within bounds, never through a symlink.
 */
import { chmod, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../../src/main/app/data-dir';
import type { Logger } from '../../../src/main/log/logger';
import { useTempDir } from '../../support/temp-dir';

const root = useTempDir('copper-datadir-');

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
    const dataDir = join(root(), 'data');
    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(prepared.widenedMode).toBeNull();
    expect(log.lines.filter((l) => l.startsWith('warn'))).toEqual([]);
  });

  it('narrows an existing 0755 folder to 0700 and logs what it was', async () => {
    const dataDir = join(root(), 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(prepared.widenedMode).toBe(0o755);
    expect(log.lines.join('\n')).toMatch(/was 0755, readable by other users; set it to 0700/);
  });

  it('removes every temp file of interrupted writes, and nothing else', async () => {
    const dataDir = join(root(), 'data');
    await mkdir(dataDir, { mode: 0o700 });
    const outside = join(root(), 'outside.txt');
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
    await writeFile(join(dataDir, 'exports', 'report.csv.tmp'), 'not a temp file of ours');

    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(prepared.sweptTempFiles.sort()).toEqual([...temps, '.link.json.5.abcdefabcdef.tmp'].sort());
    expect((await readdir(dataDir)).sort()).toEqual([...kept, 'exports'].sort());
    expect(await readdir(join(dataDir, 'exports'))).toEqual(['report.csv.tmp']);
    expect((await stat(outside)).isFile()).toBe(true); // the link was removed, not its target
    expect(log.lines.join('\n')).toMatch(/removed 4 temp file/);
  });

  it('removes the console’s temp and export files in every folder below, and nothing else', async () => {
    const dataDir = join(root(), 'data');
    const ws = '6f1c2a9e-0000-4000-8000-00000000abcd';
    for (const folder of ['history', 'exports', join('journal', ws), join('a', 'b', 'c')])
      await mkdir(join(dataDir, folder), { recursive: true, mode: 0o700 });
    const temps = [
      'history/.requests.jsonl.4242.a1b2c3d4e5f6.tmp',
      'history/.index.json.7.00ff00ff00ff.tmp',
      'exports/.activities 2026-01-01.csv.0123456789ab.part',
      `journal/${ws}/.anchor.json.99.abcdefabcdef.tmp`,
      `journal/${ws}/.journal.csv.fedcba987654.part`,
      'a/b/c/.deep.json.1.111111111111.tmp',
      '.top.csv.222222222222.part',
    ];
    for (const name of temps) await writeFile(join(dataDir, name), 'left by a killed write');

    // A folder outside the data folder, reached through a symlink: never entered.
    const outside = join(root(), 'outside');
    await mkdir(outside);
    const outsideTemps = ['.x.json.5.333333333333.tmp', '.y.csv.444444444444.part'];
    for (const name of outsideTemps) await writeFile(join(outside, name), 'someone else’s');
    await symlink(outside, join(dataDir, 'exports', 'linked'));
    await symlink(outside, join(dataDir, '.linked.json.6.555555555555.tmp'));
    // A symlink named like a temp file: the link goes, its target stays.
    const target = join(root(), 'target.csv');
    await writeFile(target, 'kept');
    await symlink(target, join(dataDir, 'exports', '.link.csv.666666666666.part'));

    // Names that merely look similar, and a folder with a temp file's name: kept.
    const kept = [
      'exports/report.csv.part',
      'exports/.report.csv.part',
      'exports/.report.csv.0123456789AB.part',
      'exports/.report.csv.0123456789a.part',
      'exports/.report.csv.0123456789abc.part',
      'exports/.report.csv.0123456789ab.partial',
      'exports/.report.csv.0123456789ab.part.csv',
      'exports/..0123456789ab.part',
      'history/.index.json.0123456789ab.tmp',
      'history/.index.json.x1.0123456789ab.tmp',
      'history/index.json.7.0123456789ab.tmp',
      `journal/${ws}/journal-000001.jsonl`,
      'a/b/c/.deep.json.1.111111111111.tmp.bak',
    ];
    for (const name of kept) await writeFile(join(dataDir, name), 'not ours to remove');
    await mkdir(join(dataDir, 'exports', '.folder.csv.777777777777.part'));
    await writeFile(
      join(dataDir, 'exports', '.folder.csv.777777777777.part', '.inner.csv.888888888888.part'),
      'x',
    );

    const log = recordingLog();
    const prepared = await prepareDataDir(dataDir, log);
    expect(prepared.sweptTempFiles.sort()).toEqual(
      [
        ...temps,
        '.linked.json.6.555555555555.tmp',
        'exports/.link.csv.666666666666.part',
        'exports/.folder.csv.777777777777.part/.inner.csv.888888888888.part',
      ].sort(),
    );
    for (const name of temps) await expect(lstat(join(dataDir, name))).rejects.toThrow();
    for (const name of kept) expect((await stat(join(dataDir, name))).isFile()).toBe(true);
    expect((await stat(join(dataDir, 'exports', '.folder.csv.777777777777.part'))).isDirectory()).toBe(true);
    expect((await readdir(outside)).sort()).toEqual(outsideTemps.sort());
    expect((await lstat(join(dataDir, 'exports', 'linked'))).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('kept');
    expect(log.lines.join('\n')).toMatch(/removed 10 temp file/);
    expect(log.lines.filter((l) => l.startsWith('warn'))).toEqual([]);
  });

  it('stays within its bounds of depth and count, and says when it stopped', async () => {
    const dataDir = join(root(), 'data');
    const deep = join(dataDir, 'd1', 'd2', 'd3');
    await mkdir(deep, { recursive: true });
    await writeFile(join(dataDir, 'd1', '.a.json.1.0123456789ab.tmp'), 'x');
    await writeFile(join(deep, '.b.json.1.0123456789ab.tmp'), 'x');
    // Two levels deep at most: d1/d2 is read, d1/d2/d3 is not, and no warning is given for it.
    const shallow = await prepareDataDir(dataDir, recordingLog(), {
      maxDepth: 2,
      maxFolders: 100,
      maxEntries: 100,
    });
    expect(shallow.sweptTempFiles).toEqual(['d1/.a.json.1.0123456789ab.tmp']);
    expect((await readdir(deep)).length).toBe(1);

    // Count: the data folder and d1 only, then it stops and says so.
    await writeFile(join(dataDir, 'd1', 'd2', '.c.json.1.0123456789ab.tmp'), 'x');
    const log = recordingLog();
    const counted = await prepareDataDir(dataDir, log, { maxDepth: 10, maxFolders: 2, maxEntries: 100 });
    expect(counted.sweptTempFiles).toEqual([]);
    expect(log.lines.join('\n')).toMatch(/stopped at its bounds/);
    expect((await readdir(join(dataDir, 'd1', 'd2'))).sort()).toEqual(['.c.json.1.0123456789ab.tmp', 'd3']);
  });
});
