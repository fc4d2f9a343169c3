/**
 * The action journal: per workspace, append-only JSON Lines in `<dataDir>/journal/<workspaceId>/`,
 * each entry fsync'd before `append` resolves (so "sent" is on disk before the request leaves and
 * an outcome before it is shown), MACed under the installation's journal key and chained (see
 * line-format.ts), rotated past `maxFileBytes` and never deleted. Appends to one workspace are
 * serialised, so lines never interleave. One process writes a workspace's journal at a time (the
 * app is single-instance).
 *
 * The anchor (journal-keyring.ts: last seq, its seal, its file, size and inode) is written beside
 * the key after "sent" before `append` resolves, and within a second after any other entry.
 * Opening a journal that is behind its anchor, or whose anchored entry is another, marks it
 * damaged: appends are refused (JournalDamagedError) until `npm run journal -- accept` says so.
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
  type JournalActionPage,
} from './journal-index';
import { decodeLine, encodeEntry, GENESIS_HASH, sha256Hex } from './line-format';
import type { Anchor, JournalKeyringLike } from './journal-keyring';
import { processSecrets, secretForms } from '../security/secret-registry';
import {
  checkRecord,
  JournalInputError,
  JournalSecretError,
  WORKSPACE_ID_PATTERN,
  type JournalEntry,
  type JournalRecord,
} from './types';
import { verifyJournal, type VerifyResult, type VerifyTrust } from './verify';

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface JournalsOptions {
  dataDir: string;
  maxFileBytes?: number;
  now?: () => number;
  log?: Logger;
  /** Values that must never be written (API secrets, passphrases); read at every append. */
  knownSecrets?: () => Iterable<string>;
  /** The journal key and anchors (absent: unkeyed entries, no anchor; tests of the format only). */
  keyring?: JournalKeyringLike;
}

/**
 * "sent" is anchored before `append` resolves, so before the request leaves: removing it, the one
 * entry that keeps an action unsettled, then always shows. Every other entry is anchored within
 * ANCHOR_SOON_MS: removing one of those past the anchor can only make an action unsettled again
 * (an outcome or a settlement lost), never hide one, and a keychain write per step would cost
 * ~16 ms each (docs/performance.md, benchmark 10).
 */
const ANCHORED_NOW: ReadonlySet<string> = new Set(['sent']);
const ANCHOR_SOON_MS = 1_000;

/** The journal is behind its anchor or is another copy: nothing more is written until accepted. */
export class JournalDamagedError extends Error {
  override readonly name = 'JournalDamagedError';
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
  /** The newest file's inode (0 until it is opened for writing). */
  ino: number;
  /** Set when the journal failed its anchor check at open: appends are refused. */
  damaged: string | null;
  /** Unkeyed entries found past the anchor at open, taken on without proof (recorded in the anchor). */
  acceptedUnkeyed: [number, number][];
}

class WorkspaceJournal {
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
      if (chain.handle !== null && chain.size > 0 && chain.size + line.length + 1 > maxFileBytes) {
        await chain.handle.close();
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
      j = new WorkspaceJournal(
        workspaceId,
        workspaceDir(this.options.dataDir, workspaceId),
        this.options.log,
        this.options.keyring,
      );
      this.workspaces.set(workspaceId, j);
    }
    return j;
  }

  private readonly soon = new Map<string, NodeJS.Timeout>();

  /** Anchors the workspace's journal as it is now; a failure is logged (the MACs still hold). */
  private async anchor(j: WorkspaceJournal, when: 'now' | 'soon'): Promise<void> {
    const keyring = this.options.keyring;
    if (!keyring) return;
    if (when === 'soon') {
      if (this.soon.has(j.id)) return;
      const timer = setTimeout(() => {
        this.soon.delete(j.id);
        void j.serial(() => this.anchor(j, 'now'));
      }, ANCHOR_SOON_MS);
      timer.unref();
      this.soon.set(j.id, timer);
      return;
    }
    const chain = await j.ensureChain();
    if (chain.damaged !== null || chain.lastSeq === 0) return;
    try {
      await keyring.writeAnchor(j.id, j.anchorOf(chain, this.now()));
    } catch (error) {
      this.options.log?.warn(
        'journal',
        `could not write the journal anchor of workspace ${j.id}: ${(error as Error).message}`,
      );
    }
  }

  /** Why the workspace's journal refuses appends, or null. */
  async damage(workspaceId: string): Promise<string | null> {
    const j = this.journal(workspaceId);
    return j.serial(async () => (await j.ensureChain()).damaged);
  }

  /** The operator's decision to go on from the journal as it is (`npm run journal -- accept`). */
  async accept(workspaceId: string): Promise<Anchor> {
    const j = this.journal(workspaceId);
    return j.serial(() => j.accept(this.now()));
  }

  /** What `verify` checks this workspace against: the key and its anchor, or why not. */
  async trust(workspaceId: string): Promise<VerifyTrust> {
    const keyring = this.options.keyring;
    if (!keyring)
      return {
        key: null,
        keyWhy: 'this journal has no key configured',
        anchor: null,
        anchorsWhy: 'no key home',
      };
    const key = await keyring.key();
    const anchors = await keyring.anchors();
    return {
      key: key.key,
      ...(key.key === null ? { keyWhy: key.why } : {}),
      anchor: anchors.anchors?.workspaces[workspaceId] ?? null,
      ...(anchors.anchors === null ? { anchorsWhy: anchors.why } : {}),
    };
  }

  /** Resolves once the entry is written and fsync'd; rejects (writing nothing) on bad input or a secret. */
  async append(record: JournalRecord, options: AppendOptions = {}): Promise<JournalEntry> {
    const checked = checkRecord(record);
    const j = this.journal(checked.workspaceId);
    return j.serial(async () => {
      const chain = await j.ensureChain();
      if (chain.damaged !== null) throw new JournalDamagedError(chain.damaged);
      const key = this.options.keyring ? (await this.options.keyring.key()).key : null;
      const { line, entry } = encodeEntry(
        checked,
        { seq: chain.lastSeq + 1, time: new Date(this.now()).toISOString(), prevHash: chain.lastHash },
        key,
      );
      this.refuseSecrets(line, options.secrets ?? []);
      const at = await j.write(line, entry.seq, entry.hash, this.maxFileBytes);
      j.loadedIndex?.add(entry, at);
      await this.anchor(j, ANCHORED_NOW.has(entry.step) ? 'now' : 'soon');
      return entry;
    });
  }

  /**
   * Refuses a line that holds a secret in any of its forms (security/secret-registry.ts): the
   * caller's own, the options' and every secret the process has seen.
   */
  private refuseSecrets(line: Buffer, own: readonly string[]): void {
    const text = line.toString('utf8');
    const extra = [...own, ...(this.options.knownSecrets?.() ?? [])].filter(
      (s): s is string => typeof s === 'string' && s.length >= 4,
    );
    const forms = [...extra.flatMap((s) => [s, ...secretForms(s)]), ...processSecrets.forms()];
    for (const form of forms) {
      if (text.includes(form))
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

  /** One window of actions (one row per action id with its steps): the Journal view's grouped mode. */
  async actions(workspaceId: string, filter: JournalFilter = {}): Promise<JournalActionPage> {
    const j = this.journal(workspaceId);
    return j.serial(async () => (await j.ensureIndex()).queryActions(filter));
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

  async verify(workspaceId: string): Promise<VerifyResult> {
    this.journal(workspaceId);
    return verifyJournal(this.options.dataDir, workspaceId, await this.trust(workspaceId));
  }

  async close(): Promise<void> {
    for (const [id, timer] of this.soon) {
      clearTimeout(timer);
      this.soon.delete(id);
      const j = this.workspaces.get(id);
      if (j) await j.serial(() => this.anchor(j, 'now'));
    }
    await Promise.all([...this.workspaces.values()].map((j) => j.serial(() => j.close())));
  }
}

export { JournalInputError, JournalSecretError };
export type { Anchor };
export type { JournalEntry, JournalRecord, JournalFilter, JournalPage, JournalRow, VerifyResult };
