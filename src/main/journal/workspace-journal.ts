/**
 * One workspace's journal on disk: its chain (the last seq and seal, the newest file and its
 * size), the anchor check when it is opened, the writer, and the index the view reads. Journals
 * (journals.ts) serialises every operation on it through `serial`.
 */
import { mkdir, open, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { fileName, listFiles, readAt, readLines, readTail, scanLines, syncFolder } from './files';
import { JournalIndex, type IndexFields, type Located } from './journal-index';
import type { Anchor, JournalKeyringLike } from './journal-keyring';
import { decodeLine, GENESIS_HASH, sha256Hex } from './line-format';
import type { JournalEntry } from './types';

export interface Chain {
  lastHash: string;
  lastSeq: number;
  fileIndex: number;
  size: number;
  handle: FileHandle | null;
  /** The newest file's inode (0 until it is opened for writing). */
  ino: number;
  /** Set when the journal failed its anchor check at open: appends are refused. */
  damaged: string | null;
  /** Unkeyed entries found past the anchor at open, taken on without proof (recorded in the anchor). */
  acceptedUnkeyed: [number, number][];
}

export class WorkspaceJournal {
  private chain: Chain | null = null;
  private index: JournalIndex | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly dir: string,
    private readonly log: Logger | undefined,
    private readonly keyring: JournalKeyringLike | undefined,
  ) {}

  /** Runs `op` after every earlier operation on this workspace, whatever their outcome. */
  serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async ensureChain(): Promise<Chain> {
    if (this.chain) return this.chain;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const files = await listFiles(this.dir);
    const key = this.keyring ? (await this.keyring.key()).key : null;
    let chain: Chain = {
      lastHash: GENESIS_HASH,
      lastSeq: 0,
      fileIndex: 1,
      size: 0,
      handle: null,
      ino: 0,
      damaged: null,
      acceptedUnkeyed: [],
    };
    for (let i = files.length - 1; i >= 0; i--) {
      const file = files[i]!;
      let tail = await readTail(file.path);
      if (tail.torn !== null) {
        // A complete entry that only lacks its newline is an entry: the newline is added. Anything
        // else after the last newline is a torn write, set aside with its bytes kept.
        if (decodeLine(tail.torn, key).ok) await appendNewline(file.path);
        else await this.setAsideTorn(file.path, tail.torn, tail.tornOffset);
        tail = await readTail(file.path);
      }
      if (i === files.length - 1) chain = { ...chain, fileIndex: file.index, size: tail.size };
      if (tail.lastLine === null) continue;
      const decoded = decodeLine(tail.lastLine);
      if (decoded.ok) {
        chain = { ...chain, lastHash: decoded.entry.hash, lastSeq: decoded.entry.seq };
      } else {
        // Keep appending (blocking every action would be worse) but chained to the damaged
        // line's bytes; `verify` reports the damage at that line.
        this.log?.error('journal', `the last entry of ${file.path} is damaged (${decoded.reason})`);
        chain = { ...chain, lastHash: sha256Hex(tail.lastLine), lastSeq: await countLines(files) };
      }
      break;
    }
    this.chain = await this.checkAnchor(chain, files.length, key);
    return this.chain;
  }

  /**
   * Compares the journal as found with its anchor: behind it, or another entry at the anchored
   * seq, marks it damaged; unkeyed entries past it are taken on but named in the next anchor.
   */
  private async checkAnchor(chain: Chain, fileCount: number, key: Buffer | null): Promise<Chain> {
    if (!this.keyring) return chain;
    const state = await this.keyring.anchors();
    const anchor = state.anchors?.workspaces[this.id];
    if (!anchor) return chain;
    const accepted = [...(anchor.acceptedUnkeyed ?? [])];
    if (chain.lastSeq < anchor.seq) {
      const damaged =
        `The journal of this workspace ends at entry ${chain.lastSeq}, but its anchor (${anchor.time}) says ${anchor.seq}: ` +
        `entries ${chain.lastSeq + 1}–${anchor.seq} were removed${fileCount === 0 ? ' (its files are gone)' : ''}. An action among them may have been ` +
        'sent without the console knowing its outcome, so nothing more is sent from this workspace. Run `npm run journal -- verify`, ' +
        'check the platform, then `npm run journal -- accept` for this workspace.';
      this.log?.error('journal', `workspace ${this.id}: ${damaged}`);
      return { ...chain, damaged, acceptedUnkeyed: accepted };
    }
    // Read what lies past the anchor (normally nothing, or the entry a crash left un-anchored).
    const past: { seq: number; hash: string; keyed: boolean }[] = [];
    let atAnchor: string | null = null;
    if (chain.lastSeq === anchor.seq) atAnchor = chain.lastHash;
    else {
      for (const file of (await listFiles(this.dir)).filter((f) => f.index >= anchor.file)) {
        await scanLines(file.path, (bytes) => {
          const d = decodeLine(bytes, key);
          if (!d.ok) return;
          if (d.entry.seq === anchor.seq) atAnchor = d.entry.hash;
          else if (d.entry.seq > anchor.seq)
            past.push({ seq: d.entry.seq, hash: d.entry.hash, keyed: d.entry.keyed });
        });
      }
    }
    if (atAnchor !== anchor.mac) {
      const damaged =
        `Entry ${anchor.seq} of this workspace's journal is not the one anchored at ${anchor.time}: the journal was replaced by another copy. ` +
        'Nothing more is sent from this workspace. Run `npm run journal -- verify`, check the platform, then `npm run journal -- accept`.';
      this.log?.error('journal', `workspace ${this.id}: ${damaged}`);
      return { ...chain, damaged, acceptedUnkeyed: accepted };
    }
    const unkeyed = past.filter((p) => !p.keyed).map((p) => p.seq);
    if (unkeyed.length > 0 && key !== null) {
      accepted.push([unkeyed[0]!, unkeyed[unkeyed.length - 1]!]);
      this.log?.warn(
        'journal',
        `workspace ${this.id}: ${unkeyed.length} entries past the anchor have no MAC (written while the journal key was unavailable, or forged); verify will name them`,
      );
    }
    return { ...chain, acceptedUnkeyed: accepted };
  }

  /** The anchor that describes the chain as it is now. */
  anchorOf(chain: Chain, now: number): Anchor {
    return {
      seq: chain.lastSeq,
      mac: chain.lastHash,
      file: chain.fileIndex,
      bytes: chain.size,
      ...(chain.ino > 0 ? { ino: chain.ino } : {}),
      time: new Date(now).toISOString(),
      ...(chain.acceptedUnkeyed.length > 0 ? { acceptedUnkeyed: chain.acceptedUnkeyed } : {}),
    };
  }

  /** Forgets the damage mark and anchors the journal as it is: the operator's explicit decision. */
  async accept(now: number): Promise<Anchor> {
    this.chain = null;
    const chain = await this.ensureChain();
    chain.damaged = null;
    const anchor = this.anchorOf(chain, now);
    await this.keyring?.writeAnchor(this.id, anchor);
    return anchor;
  }

  private async setAsideTorn(path: string, torn: Buffer, offset: number): Promise<void> {
    const aside = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.torn`;
    // Saved and synced before the original is cut, so a crash in between loses nothing.
    const handle = await open(aside, 'wx', 0o600);
    try {
      await handle.writeFile(torn);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await truncate(path, offset);
    const fh = await open(path, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    this.log?.warn('journal', `incomplete last line (${torn.length} bytes) of ${path} set aside in ${aside}`);
  }

  async write(line: Buffer, seq: number, hash: string, maxFileBytes: number): Promise<Located> {
    const chain = await this.ensureChain();
    try {
      // The size is the newest file's as found at start too: the first write after a restart
      // rotates as any other would.
      if (chain.size > 0 && chain.size + line.length + 1 > maxFileBytes) {
        await chain.handle?.close();
        chain.handle = null;
        chain.fileIndex++;
        chain.size = 0;
      }
      if (chain.handle === null) {
        chain.handle = await open(join(this.dir, fileName(chain.fileIndex)), 'a', 0o600);
        const info = await chain.handle.stat();
        chain.size = info.size;
        chain.ino = info.ino;
        await syncFolder(this.dir);
      }
      const offset = chain.size;
      const bytes = Buffer.concat([line, Buffer.from('\n')]);
      for (let done = 0; done < bytes.length;) {
        const { bytesWritten } = await chain.handle.write(bytes, done, bytes.length - done);
        done += bytesWritten;
      }
      await chain.handle.sync();
      chain.size += bytes.length;
      chain.lastHash = hash;
      chain.lastSeq = seq;
      return { file: chain.fileIndex, offset, length: line.length };
    } catch (error) {
      // The file may now end in part of this line: start over from disk, which sets it aside.
      await chain.handle?.close().catch(() => undefined);
      this.chain = null;
      throw error;
    }
  }

  async ensureIndex(): Promise<JournalIndex> {
    if (this.index) return this.index;
    await this.ensureChain();
    const index = new JournalIndex();
    for (const file of await listFiles(this.dir)) {
      await scanLines(file.path, (bytes, offset) => {
        const e = indexFields(bytes);
        // An unreadable line is left out here; `verify` reports it, the view shows the rest.
        if (e) index.add(e, { file: file.index, offset, length: bytes.length });
      });
    }
    this.index = index;
    return index;
  }

  get loadedIndex(): JournalIndex | null {
    return this.index;
  }

  get damage(): string | null {
    return this.chain?.damaged ?? null;
  }

  async readEntry(at: Located): Promise<JournalEntry | null> {
    const decoded = decodeLine(await readAt(join(this.dir, fileName(at.file)), at.offset, at.length));
    return decoded.ok ? decoded.entry : null;
  }

  async close(): Promise<void> {
    await this.chain?.handle?.close().catch(() => undefined);
    this.chain = null;
  }
}

const DETAIL_KEY = Buffer.from(',"detail":');
const PREV_KEY = Buffer.from(',"prevHash":');

/**
 * The index needs the fields before the detail only. The writer puts them first (line-format.ts)
 * and their values are plain strings and numbers, so the first `,"detail":` (or `,"prevHash":`)
 * is the top-level key and parsing the prefix skips the bulk of each line.
 */
function indexFields(bytes: Buffer): IndexFields | null {
  let end = bytes.indexOf(DETAIL_KEY);
  if (end < 0) end = bytes.indexOf(PREV_KEY);
  try {
    const parsed: unknown = JSON.parse(
      end < 0 ? bytes.toString('utf8') : bytes.toString('utf8', 0, end) + '}',
    );
    return typeof parsed === 'object' && parsed !== null ? (parsed as IndexFields) : null;
  } catch {
    return null;
  }
}

async function appendNewline(path: string): Promise<void> {
  const handle = await open(path, 'a');
  try {
    await handle.write('\n');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function countLines(files: readonly { path: string }[]): Promise<number> {
  let n = 0;
  for (const file of files) for await (const _ of readLines(file.path)) n++;
  return n;
}
