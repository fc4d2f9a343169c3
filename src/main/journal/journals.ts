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
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { fileName, listWorkspaces, workspaceDir } from './files';
import type { JournalFilter, JournalPage, JournalRow, JournalActionPage } from './journal-index';
import { decodeLine, encodeEntry } from './line-format';
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
import { WorkspaceJournal } from './workspace-journal';

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
