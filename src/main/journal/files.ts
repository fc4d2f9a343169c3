/**
 * The journal's files on disk: `<dataDir>/journal/<workspaceId>/journal-000001.jsonl`, then
 * `-000002` after rotation, and so on; files are never deleted. A torn tail (bytes after the last
 * newline, left by a crash mid-write) is moved to `<file>.<time>.torn` next to it.
 */
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const FILE_PATTERN = /^journal-(\d{6,})\.jsonl$/;

export function journalRoot(dataDir: string): string {
  return join(dataDir, 'journal');
}

export function workspaceDir(dataDir: string, workspaceId: string): string {
  return join(journalRoot(dataDir), workspaceId);
}

export function fileName(index: number): string {
  return `journal-${String(index).padStart(6, '0')}.jsonl`;
}

export interface JournalFile {
  index: number;
  name: string;
  path: string;
}

/** The workspace's journal files, oldest first; none when the folder does not exist. */
export async function listFiles(dir: string): Promise<JournalFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, match: FILE_PATTERN.exec(name) }))
    .filter((x): x is { name: string; match: RegExpExecArray } => x.match !== null)
    .map((x) => ({ index: Number(x.match[1]), name: x.name, path: join(dir, x.name) }))
    .sort((a, b) => a.index - b.index);
}

/** Workspace folders under the journal root. */
export async function listWorkspaces(dataDir: string): Promise<string[]> {
  try {
    const entries = await readdir(journalRoot(dataDir), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface RawLine {
  /** 1-based line number in its file. */
  lineNo: number;
  /** Byte offset of the line's first byte. */
  offset: number;
  bytes: Buffer;
}

/**
 * Complete lines of a file (those ending in a newline), streamed; `tail` gets the bytes after the
 * last newline, if any. Splits on bytes so offsets are exact and nothing is decoded twice.
 */
export async function* readLines(
  path: string,
  tail?: (bytes: Buffer, offset: number) => void,
): AsyncGenerator<RawLine> {
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0;
  let lineNo = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
      lineNo++;
      yield { lineNo, offset: carryOffset + start, bytes: data.subarray(start, nl) };
      start = nl + 1;
    }
    carryOffset += start;
    data = data.subarray(start);
    carry = Buffer.from(data);
  }
  if (carry.length > 0) tail?.(carry, carryOffset);
}

/**
 * Like `readLines`, with a plain callback per line: no promise per line, for the index, which
 * reads every line of every file at start.
 */
export async function scanLines(
  path: string,
  onLine: (bytes: Buffer, offset: number) => void,
): Promise<void> {
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
      onLine(data.subarray(start, nl), carryOffset + start);
      start = nl + 1;
    }
    carryOffset += start;
    carry = Buffer.from(data.subarray(start));
  }
}

export interface Tail {
  size: number;
  /** The last complete line, or null when the file holds none. */
  lastLine: Buffer | null;
  /** Bytes after the last newline (a torn write), from `tornOffset`. */
  torn: Buffer | null;
  tornOffset: number;
}

/** Reads the end of a file only: opening a journal must not cost a full read of 50 MB. */
export async function readTail(path: string, window = 256 * 1024): Promise<Tail> {
  const size = (await stat(path)).size;
  if (size === 0) return { size, lastLine: null, torn: null, tornOffset: 0 };
  const handle = await open(path, 'r');
  try {
    for (let want = Math.min(size, window); ; want = Math.min(size, want * 4)) {
      const buf = Buffer.alloc(want);
      const { bytesRead } = await handle.read(buf, 0, want, size - want);
      const data = buf.subarray(0, bytesRead);
      const base = size - want;
      const lastNl = data.lastIndexOf(0x0a);
      if (lastNl < 0 && want < size) continue;
      const torn = lastNl === data.length - 1 ? null : data.subarray(lastNl + 1);
      const tornOffset = base + lastNl + 1;
      if (lastNl < 0) return { size, lastLine: null, torn, tornOffset };
      // Not lastIndexOf(…, -1): a negative offset counts from the end and finds `lastNl` again.
      const prevNl = lastNl > 0 ? data.lastIndexOf(0x0a, lastNl - 1) : -1;
      if (prevNl < 0 && want < size) continue;
      return { size, lastLine: data.subarray(prevNl + 1, lastNl), torn, tornOffset };
    }
  } finally {
    await handle.close();
  }
}

/** Reads `length` bytes at `offset`: one entry's line, for the detail pane. */
export async function readAt(path: string, offset: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export { syncFolder } from '../workspaces/atomic-write';
