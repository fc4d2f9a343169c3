/**
 * Operator-readable reasons for file system failures, naming the folder the operator chose rather
 * than the temporary file, with the OS code kept for support.
 */
import { dirname } from 'node:path';

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exhausted',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the folder is on a read-only file system',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'part of the path is not a folder',
  EISDIR: 'the path is a folder',
  EEXIST: 'a file with the temporary name already exists',
  EMFILE: 'too many files are open',
  EIO: 'an input/output error occurred',
};

export function describeIoError(error: unknown, filePath: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? REASONS[code] : undefined;
  const reason = known ?? (error instanceof Error ? error.message : 'unknown error');
  return `Could not write the export to ${dirname(filePath)}: ${reason}${typeof code === 'string' ? ` (${code})` : ''}`;
}
