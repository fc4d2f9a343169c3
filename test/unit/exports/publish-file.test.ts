/**
 * Publishing an export (src/main/exports/publish-file.ts): never over a file that appeared while
 * it ran, except the very file the operator agreed to replace; a copy where there are no hard links.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXPORT_PART_FILE,
  TargetExistsError,
  exportTempPath,
  inodeOf,
  publishFile,
} from '../../../src/main/exports/publish-file';

const linkFails = vi.hoisted(() => ({ code: null as string | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    link: (from: string, to: string) =>
      linkFails.code === null
        ? original.link(from, to)
        : Promise.reject(Object.assign(new Error(`link: ${linkFails.code}`), { code: linkFails.code })),
  };
});

let dir: string;
let temp: string;
let target: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-publish-'));
  target = join(dir, 'activities.csv');
  temp = exportTempPath(target);
  await writeFile(temp, 'new');
  linkFails.code = null;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('exportTempPath', () => {
  it('names a hidden part file beside the target, fresh each time', () => {
    const name = temp.slice(dir.length + 1);
    expect(name).toMatch(/^\.activities\.csv\.[0-9a-f]{12}\.part$/);
    expect(EXPORT_PART_FILE.test(name)).toBe(true);
    expect(exportTempPath(target)).not.toBe(temp);
  });
});

describe('publishFile', () => {
  it('links the part file as the target; the part file stays for the caller', async () => {
    await publishFile(temp, target);
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await inodeOf(target)).toBe(await inodeOf(temp));
  });

  it('never replaces a file that appeared, and says which', async () => {
    await writeFile(target, 'theirs');
    const error = await publishFile(temp, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetExistsError);
    expect(error).toMatchObject({
      name: 'TargetExistsError',
      target,
      message: `${target} appeared while the export ran; it was not replaced`,
    });
    expect(await readFile(target, 'utf8')).toBe('theirs');
  });

  it('replaces the very file the operator agreed to replace, and no other', async () => {
    await writeFile(target, 'old');
    const agreed = await inodeOf(target);
    await publishFile(temp, target, agreed);
    expect(await readFile(target, 'utf8')).toBe('new');
    await writeFile(join(dir, 'other'), 'x');
    const next = exportTempPath(target);
    await writeFile(next, 'newer');
    await expect(publishFile(next, target, await inodeOf(join(dir, 'other')))).rejects.toBeInstanceOf(
      TargetExistsError,
    );
    expect(await readFile(target, 'utf8')).toBe('new');
  });

  it.each(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])(
    'without hard links (%s) it copies, still never over a file that is there',
    async (code) => {
      linkFails.code = code;
      await publishFile(temp, target);
      expect(await readFile(target, 'utf8')).toBe('new');
      expect(await inodeOf(target)).not.toBe(await inodeOf(temp));
      await expect(publishFile(temp, target)).rejects.toBeInstanceOf(TargetExistsError);
    },
  );

  it('any other failure of the link is the caller’s', async () => {
    linkFails.code = 'EACCES';
    await expect(publishFile(temp, target)).rejects.toMatchObject({ code: 'EACCES' });
    await expect(readFile(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a copy that fails otherwise is the caller’s too', async () => {
    linkFails.code = 'EXDEV';
    await expect(publishFile(join(dir, 'missing.part'), target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('inodeOf: device and inode, or null without a file', async () => {
    expect(await inodeOf(join(dir, 'none'))).toBeNull();
    expect(await inodeOf(temp)).toMatch(/^\d+:\d+$/);
  });
});
