/**
 * files.ts promises where a workspace's journal lives on disk and how it is read: files named
 * `journal-000001.jsonl`, `-000002` after rotation and so on, listed oldest first (by number, not by
 * name); no files (not an error) when the folder is missing; complete lines with their exact byte
 * offsets, and the bytes after the last newline (a torn tail) handed over apart; the end of a file
 * read without reading the whole of it; and one line read back at its offset.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fileName,
  journalRoot,
  listFiles,
  listWorkspaces,
  readAt,
  readLines,
  readTail,
  scanLines,
  workspaceDir,
  type RawLine,
} from '../../../src/main/journal/files';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-files-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dataDir, name);
  await writeFile(path, content);
  return path;
}

async function linesOf(
  path: string,
): Promise<{ lines: [number, number, string][]; tail: [string, number][] }> {
  const lines: [number, number, string][] = [];
  const tail: [string, number][] = [];
  for await (const line of readLines(path, (bytes, offset) => tail.push([bytes.toString('utf8'), offset])))
    lines.push([line.lineNo, line.offset, line.bytes.toString('utf8')]);
  return { lines, tail };
}

describe('journal paths and file names', () => {
  it('puts each workspace in its own folder under <dataDir>/journal', () => {
    expect(journalRoot('/data')).toBe(join('/data', 'journal'));
    expect(workspaceDir('/data', 'w1')).toBe(join('/data', 'journal', 'w1'));
  });

  it('names rotated files with at least six digits', () => {
    expect(fileName(1)).toBe('journal-000001.jsonl');
    expect(fileName(42)).toBe('journal-000042.jsonl');
    expect(fileName(1234567)).toBe('journal-1234567.jsonl');
  });
});

describe('listFiles', () => {
  it('lists the journal files oldest first by number, ignoring anything else in the folder', async () => {
    for (const name of [
      'journal-000010.jsonl',
      'journal-000002.jsonl',
      'journal-1000000.jsonl',
      'journal-999999.jsonl',
      'journal-000001.jsonl',
      'journal-000001.jsonl.2026-11-27T10-00-00Z.torn',
      'journal-1.jsonl',
      'journal-000003.jsonl.tmp',
      'xjournal-000004.jsonl',
      'journal-00000a.jsonl',
      'notes.txt',
    ])
      await file(name, '');
    expect(await listFiles(dataDir)).toEqual([
      { index: 1, name: 'journal-000001.jsonl', path: join(dataDir, 'journal-000001.jsonl') },
      { index: 2, name: 'journal-000002.jsonl', path: join(dataDir, 'journal-000002.jsonl') },
      { index: 10, name: 'journal-000010.jsonl', path: join(dataDir, 'journal-000010.jsonl') },
      { index: 999999, name: 'journal-999999.jsonl', path: join(dataDir, 'journal-999999.jsonl') },
      { index: 1000000, name: 'journal-1000000.jsonl', path: join(dataDir, 'journal-1000000.jsonl') },
    ]);
  });

  it('gives no files when the folder does not exist', async () => {
    expect(await listFiles(join(dataDir, 'missing'))).toEqual([]);
  });

  it('throws when the folder cannot be read for another reason', async () => {
    const notADir = await file('plain', 'x');
    await expect(listFiles(notADir)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('listWorkspaces', () => {
  it('lists the workspace folders under the journal root, sorted, and no plain files', async () => {
    for (const id of ['w2', 'desk-1', 'w10'])
      await mkdir(join(journalRoot(dataDir), id), { recursive: true });
    await writeFile(join(journalRoot(dataDir), 'stray.jsonl'), '');
    expect(await listWorkspaces(dataDir)).toEqual(['desk-1', 'w10', 'w2']);
  });

  it('gives none when there is no journal yet, and throws when the root cannot be read', async () => {
    expect(await listWorkspaces(dataDir)).toEqual([]);
    await writeFile(journalRoot(dataDir), 'not a folder');
    await expect(listWorkspaces(dataDir)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('readLines', () => {
  it('gives each complete line with its number and byte offset, and no tail after a final newline', async () => {
    const path = await file('j', 'one\n\nthree é\nfour\n');
    expect(await linesOf(path)).toEqual({
      lines: [
        [1, 0, 'one'],
        [2, 4, ''],
        [3, 5, 'three é'],
        [4, 14, 'four'],
      ],
      tail: [],
    });
  });

  it('gives an empty first line as a line', async () => {
    expect(await linesOf(await file('j', '\none\n'))).toEqual({
      lines: [
        [1, 0, ''],
        [2, 1, 'one'],
      ],
      tail: [],
    });
  });

  it('hands the bytes after the last newline to the tail callback, with their offset', async () => {
    const path = await file('j', 'one\ntwo\n{"seq":3,"ti');
    expect(await linesOf(path)).toEqual({
      lines: [
        [1, 0, 'one'],
        [2, 4, 'two'],
      ],
      tail: [['{"seq":3,"ti', 8]],
    });
    // A file without any newline is all tail; an empty file has neither.
    expect(await linesOf(await file('k', 'torn'))).toEqual({ lines: [], tail: [['torn', 0]] });
    expect(await linesOf(await file('e', ''))).toEqual({ lines: [], tail: [] });
    // Without a callback the tail is dropped.
    const seen: RawLine[] = [];
    for await (const line of readLines(path)) seen.push(line);
    expect(seen.map((l) => l.lineNo)).toEqual([1, 2]);
  });

  it('keeps lines and offsets exact across the 1 MiB reads of a large file', async () => {
    const line = (i: number) => `${String(i).padStart(5, '0')}:${'x'.repeat(1000 + (i % 7))}`;
    const texts = Array.from({ length: 2200 }, (_, i) => line(i));
    const content = texts.map((t) => `${t}\n`).join('') + 'tail';
    const path = await file('big', content);
    const { lines, tail } = await linesOf(path);
    expect(lines).toHaveLength(2200);
    let offset = 0;
    lines.forEach(([no, at, text], i) => {
      expect([no, at, text]).toEqual([i + 1, offset, texts[i]]);
      offset += Buffer.byteLength(texts[i] as string) + 1;
    });
    expect(tail).toEqual([['tail', offset]]);
    expect(Buffer.byteLength(content)).toBeGreaterThan(2 << 20);

    const scanned: [number, string][] = [];
    await scanLines(path, (bytes, at) => scanned.push([at, bytes.toString('utf8')]));
    expect(scanned).toEqual(lines.map(([, at, text]) => [at, text]));
  });
});

describe('scanLines', () => {
  it('calls back with each complete line and its offset, and leaves a torn tail out', async () => {
    const path = await file('j', '\none\n\ntwo\ntorn');
    const seen: [number, string][] = [];
    await scanLines(path, (bytes, offset) => seen.push([offset, bytes.toString('utf8')]));
    expect(seen).toEqual([
      [0, ''],
      [1, 'one'],
      [5, ''],
      [6, 'two'],
    ]);
  });
});

describe('readTail', () => {
  const text = (tail: Awaited<ReturnType<typeof readTail>>) => ({
    size: tail.size,
    lastLine: tail.lastLine?.toString('utf8') ?? null,
    torn: tail.torn?.toString('utf8') ?? null,
    tornOffset: tail.tornOffset,
  });

  it('gives the last complete line of a file that ends in a newline', async () => {
    const path = await file('j', 'one\ntwo\nthree\n');
    expect(text(await readTail(path))).toEqual({ size: 14, lastLine: 'three', torn: null, tornOffset: 14 });
  });

  it('gives the torn bytes after the last newline and where they start', async () => {
    const path = await file('j', 'one\ntwo\n{"seq"');
    expect(text(await readTail(path))).toEqual({ size: 14, lastLine: 'two', torn: '{"seq"', tornOffset: 8 });
  });

  it('gives nothing for an empty file, and all tail for a file without a newline', async () => {
    expect(text(await readTail(await file('e', '')))).toEqual({
      size: 0,
      lastLine: null,
      torn: null,
      tornOffset: 0,
    });
    expect(text(await readTail(await file('t', 'torn')))).toEqual({
      size: 4,
      lastLine: null,
      torn: 'torn',
      tornOffset: 0,
    });
  });

  it('gives an empty last line as a line', async () => {
    expect(text(await readTail(await file('j', '\ntorn')))).toEqual({
      size: 5,
      lastLine: '',
      torn: 'torn',
      tornOffset: 1,
    });
  });

  it('reads further back when the window starts at the last newline', async () => {
    expect(text(await readTail(await file('j', 'abcdefgh\nzzzz'), 5))).toEqual({
      size: 13,
      lastLine: 'abcdefgh',
      torn: 'zzzz',
      tornOffset: 9,
    });
    expect(text(await readTail(await file('k', 'one\nabcdefgh\n'), 1))).toEqual({
      size: 13,
      lastLine: 'abcdefgh',
      torn: null,
      tornOffset: 13,
    });
  });

  it('gives the only line of a one-line file', async () => {
    expect(text(await readTail(await file('j', 'only\n')))).toEqual({
      size: 5,
      lastLine: 'only',
      torn: null,
      tornOffset: 5,
    });
  });

  it('reads further back when the window holds no whole last line', async () => {
    const long = 'y'.repeat(40);
    const path = await file('j', `one\n${long}\n${'z'.repeat(30)}`);
    expect(text(await readTail(path, 8))).toEqual({
      size: 75,
      lastLine: long,
      torn: 'z'.repeat(30),
      tornOffset: 45,
    });
    expect(text(await readTail(await file('k', `${long}\n`), 4))).toEqual({
      size: 41,
      lastLine: long,
      torn: null,
      tornOffset: 41,
    });
    // A larger window than is left reads the whole file, never before its start.
    expect(text(await readTail(await file('s', `one\n${'z'.repeat(20)}`), 8))).toEqual({
      size: 24,
      lastLine: 'one',
      torn: 'z'.repeat(20),
      tornOffset: 4,
    });
    expect(text(await readTail(await file('n', 'x'.repeat(50)), 4))).toEqual({
      size: 50,
      lastLine: null,
      torn: 'x'.repeat(50),
      tornOffset: 0,
    });
  });
});

describe('readAt', () => {
  it('reads the bytes of one line at its offset, and fewer at the end of the file', async () => {
    const path = await file('j', 'one\ntwo\nthree\n');
    expect((await readAt(path, 4, 3)).toString('utf8')).toBe('two');
    expect((await readAt(path, 8, 100)).toString('utf8')).toBe('three\n');
    expect(await readAt(path, 100, 4)).toHaveLength(0);
  });
});
