/**
 * The action journal: per workspace, append-only JSON Lines in `<dataDir>/journal/<workspaceId>/`,
 * each entry fsync'd before `append` resolves (so "sent" is on disk before the request leaves and
 * an outcome before it is shown), hash-chained (see line-format.ts), rotated past `maxFileBytes`
 * and never deleted. Appends to one workspace are serialised, so lines never interleave. One
 * process writes a workspace's journal at a time (the app is single-instance).
 */
import { mkdir, open, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import {
  fileName,
  listFiles,
  listWorkspaces,
  readAt,
  readLines,
  readTail,
  scanLines,
  syncFolder,
  workspaceDir,
} from './files';
import {
  JournalIndex,
  type IndexFields,
  type JournalFilter,
  type JournalPage,
  type JournalRow,
  type Located,
} from './journal-index';
import { decodeLine, encodeEntry, GENESIS_HASH, sha256Hex } from './line-format';
import {
  checkRecord,
  JournalInputError,
  JournalSecretError,
  WORKSPACE_ID_PATTERN,
  type JournalEntry,
  type JournalRecord,
} from './types';
import { verifyJournal, type VerifyResult } from './verify';

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface JournalsOptions {
  dataDir: string;
  maxFileBytes?: number;
  now?: () => number;
  log?: Logger;
  /** Values that must never be written (API secrets, passphrases); read at every append. */
  knownSecrets?: () => Iterable<string>;
}

export interface AppendOptions {
  /** Values the caller marks as secret for this record: the append is refused if one appears. */
  secrets?: readonly string[];
}

interface Chain {
  lastHash: string;
  lastSeq: number;
  fileIndex: number;
  size: number;
  handle: FileHandle | null;
}

class WorkspaceJournal {
  private chain: Chain | null = null;
  private index: JournalIndex | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly log: Logger | undefined,
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
    let chain: Chain = { lastHash: GENESIS_HASH, lastSeq: 0, fileIndex: 1, size: 0, handle: null };
    for (let i = files.length - 1; i >= 0; i--) {
      const file = files[i]!;
      let tail = await readTail(file.path);
      if (tail.torn !== null) {
        await this.setAsideTorn(file.path, tail.torn, tail.tornOffset);
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
    this.chain = chain;
    return chain;
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
      if (chain.handle !== null && chain.size > 0 && chain.size + line.length + 1 > maxFileBytes) {
        await chain.handle.close();
        chain.handle = null;
        chain.fileIndex++;
        chain.size = 0;
      }
      if (chain.handle === null) {
        chain.handle = await open(join(this.dir, fileName(chain.fileIndex)), 'a', 0o600);
        chain.size = (await chain.handle.stat()).size;
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

async function countLines(files: readonly { path: string }[]): Promise<number> {
  let n = 0;
  for (const file of files) for await (const _ of readLines(file.path)) n++;
  return n;
}

export class Journals {
  private readonly workspaces = new Map<string, WorkspaceJournal>();
  private readonly maxFileBytes: number;
  private readonly now: () => number;

  private constructor(private readonly options: JournalsOptions) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.now = options.now ?? Date.now;
  }

  static async open(options: JournalsOptions): Promise<Journals> {
    if (
      options.maxFileBytes !== undefined &&
      !(Number.isInteger(options.maxFileBytes) && options.maxFileBytes >= 1024)
    )
      throw new RangeError('maxFileBytes must be an integer of at least 1024');
    await mkdir(join(options.dataDir, 'journal'), { recursive: true, mode: 0o700 });
    return new Journals(options);
  }

  private journal(workspaceId: string): WorkspaceJournal {
    if (!WORKSPACE_ID_PATTERN.test(workspaceId))
      throw new JournalInputError('workspaceId: must be letters, digits, "-" or "_" (at most 128).');
    let j = this.workspaces.get(workspaceId);
    if (!j) {
      j = new WorkspaceJournal(workspaceDir(this.options.dataDir, workspaceId), this.options.log);
      this.workspaces.set(workspaceId, j);
    }
    return j;
  }

  /** Resolves once the entry is written and fsync'd; rejects (writing nothing) on bad input or a secret. */
  async append(record: JournalRecord, options: AppendOptions = {}): Promise<JournalEntry> {
    const checked = checkRecord(record);
    const j = this.journal(checked.workspaceId);
    return j.serial(async () => {
      const chain = await j.ensureChain();
      const { line, entry } = encodeEntry(checked, {
        seq: chain.lastSeq + 1,
        time: new Date(this.now()).toISOString(),
        prevHash: chain.lastHash,
      });
      this.refuseSecrets(line, options.secrets ?? []);
      const at = await j.write(line, entry.seq, entry.hash, this.maxFileBytes);
      j.loadedIndex?.add(entry, at);
      return entry;
    });
  }

  private refuseSecrets(line: Buffer, own: readonly string[]): void {
    const text = line.toString('utf8');
    for (const secret of [...own, ...(this.options.knownSecrets?.() ?? [])]) {
      if (typeof secret !== 'string' || secret.length < 4) continue;
      // Also the JSON-escaped form: a secret with a quote or backslash is stored escaped.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (text.includes(secret) || text.includes(escaped))
        throw new JournalSecretError('The journal refused a record that contains a value marked as secret.');
    }
  }

  /**
   * Builds every workspace's index in the background, one after another: the app calls it at
   * start, so the unsettled check and the Journal view answer from memory (see docs/performance.md).
   */
  async warm(): Promise<void> {
    for (const id of await listWorkspaces(this.options.dataDir)) {
      if (!WORKSPACE_ID_PATTERN.test(id)) continue;
      const j = this.journal(id);
      try {
        await j.serial(() => j.ensureIndex());
      } catch (error) {
        this.options.log?.error('journal', `could not read the journal of workspace ${id}`, error);
      }
    }
  }

  /** The last "outcome" entry of every action that is still unknown and not settled, oldest first. */
  async unsettled(workspaceId?: string): Promise<JournalEntry[]> {
    const ids = workspaceId !== undefined ? [workspaceId] : await listWorkspaces(this.options.dataDir);
    const out: JournalEntry[] = [];
    for (const id of ids) {
      if (!WORKSPACE_ID_PATTERN.test(id)) continue;
      const j = this.journal(id);
      await j.serial(async () => {
        const index = await j.ensureIndex();
        for (const seq of index.unsettledSeqs()) {
          const at = index.locate(seq);
          const entry = at && (await j.readEntry(at));
          if (entry) out.push(entry);
        }
      });
    }
    return out;
  }

  async query(workspaceId: string, filter: JournalFilter = {}): Promise<JournalPage> {
    const j = this.journal(workspaceId);
    return j.serial(async () => (await j.ensureIndex()).query(filter));
  }

  /** One full entry, for the detail pane; null when there is no such entry. */
  async entry(workspaceId: string, seq: number): Promise<JournalEntry | null> {
    const j = this.journal(workspaceId);
    return j.serial(async () => {
      const at = (await j.ensureIndex()).locate(seq);
      return at ? j.readEntry(at) : null;
    });
  }

  /** Rows matching `filter`, oldest first, with their full entries: for the CSV export. */
  async *export(
    workspaceId: string,
    filter: JournalFilter,
  ): AsyncGenerator<{ row: JournalRow; entry: JournalEntry | null }> {
    const j = this.journal(workspaceId);
    const rows = await j.serial(async () => (await j.ensureIndex()).matching(filter));
    // One handle per file for the whole export: 100,000 entries must not mean 100,000 opens.
    const handles = new Map<number, FileHandle>();
    try {
      for (const row of rows) {
        let handle = handles.get(row.file);
        if (!handle) {
          handle = await open(join(j.dir, fileName(row.file)), 'r');
          handles.set(row.file, handle);
        }
        const buf = Buffer.alloc(row.length);
        const { bytesRead } = await handle.read(buf, 0, row.length, row.offset);
        const decoded = decodeLine(buf.subarray(0, bytesRead));
        yield { row, entry: decoded.ok ? decoded.entry : null };
      }
    } finally {
      await Promise.all([...handles.values()].map((h) => h.close()));
    }
  }

  verify(workspaceId: string): Promise<VerifyResult> {
    this.journal(workspaceId);
    return verifyJournal(this.options.dataDir, workspaceId);
  }

  async close(): Promise<void> {
    await Promise.all([...this.workspaces.values()].map((j) => j.serial(() => j.close())));
  }
}

export { JournalInputError, JournalSecretError };
export type { JournalEntry, JournalRecord, JournalFilter, JournalPage, JournalRow, VerifyResult };
