/** File system failures told in the operator's words (src/main/exports/io-errors.ts). */
import { describe, expect, it } from 'vitest';
import { describeIoError } from '../../../src/main/exports/io-errors';

const err = (code: unknown, message = 'raw') => Object.assign(new Error(message), { code });

describe('describeIoError', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk quota is exhausted'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'the operation is not permitted'],
    ['EROFS', 'the folder is on a read-only file system'],
    ['ENOENT', 'the folder does not exist'],
    ['ENOTDIR', 'part of the path is not a folder'],
    ['EISDIR', 'the path is a folder'],
    ['EEXIST', 'a file with the temporary name already exists'],
    ['EMFILE', 'too many files are open'],
    ['EIO', 'an input/output error occurred'],
  ])('%s: names the folder, the reason and the code', (code, reason) => {
    expect(describeIoError(err(code), '/home/op/exports/.a.csv.part')).toBe(
      `Could not write the export to /home/op/exports: ${reason} (${code})`,
    );
  });

  it('an unknown code keeps the error’s own message and the code', () => {
    expect(describeIoError(err('EWEIRD', 'strange'), '/d/f')).toBe(
      'Could not write the export to /d: strange (EWEIRD)',
    );
  });

  it('without a code: the message, or "unknown error" for what is no Error', () => {
    expect(describeIoError(err(42, 'odd'), '/d/f')).toBe('Could not write the export to /d: odd');
    expect(describeIoError(new Error('plain'), '/d/f')).toBe('Could not write the export to /d: plain');
    expect(describeIoError(null, '/d/f')).toBe('Could not write the export to /d: unknown error');
    expect(describeIoError({ code: 'ENOSPC' }, '/d/f')).toBe(
      'Could not write the export to /d: the disk is full (ENOSPC)',
    );
  });
});
