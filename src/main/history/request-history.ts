/**
 * The request history: one line per HTTP attempt the platform client makes (reads included), for
 * the operator's "what did the console send, and what came back" view.
 *
 * An entry holds time, workspace, operation name, media type, method, path-with-query, status,
 * latency, error code (null = the outcome was fine) and attempt number, and by construction nothing
 * else: `record` copies those fields only, so no header, body, key or signature can reach it.
 *
 * Kept per workspace in memory and, when a folder is given, on disk as `<dir>/<workspaceId>.jsonl`
 * so it survives a restart. Bounded per workspace: the last `maxEntries` requests or `maxAgeDays`,
 * whichever is smaller. Appends are batched (this is a debugging aid, not the audit trail: the
 * action journal is); when the file holds a quarter more lines than the bound it is rewritten
 * atomically with what is kept. Paths carry organization ids and search terms: the files are 0600
 * in a 0700 folder, and `clear` removes them.
 */
import { mkdir, readdir, readFile, rm, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryEntry } from '../../shared/contract';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../workspaces/atomic-write';
import { historyMatches, type HistoryQuery } from './history-query';

export type HistoryRecord = Omit<HistoryEntry, 'seq'>;
export type { HistoryQuery };

export interface HistoryOptions {
  /** Folder for the files; memory only when omitted. */
  dir?: string;
  maxEntries?: number;
  maxAgeDays?: number;
  now?: () => number;
  log?: Logger;
}

export const DEFAULT_HISTORY_MAX_ENTRIES = 10_000;
export const DEFAULT_HISTORY_MAX_AGE_DAYS = 30;
const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const DAY_MS = 86_400_000;

interface Workspace {
  entries: HistoryEntry[];
  linesOnDisk: number;
  pending: string[];
  writing: Promise<void>;
}

export class RequestHistory {
  private readonly workspaces = new Map<string, Workspace>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private seq = 0;

  constructor(private readonly options: HistoryOptions | number = {}) {
    const o = typeof options === 'number' ? { maxEntries: options } : options;
    this.maxEntries = o.maxEntries ?? DEFAULT_HISTORY_MAX_ENTRIES;
    this.maxAgeMs = (o.maxAgeDays ?? DEFAULT_HISTORY_MAX_AGE_DAYS) * DAY_MS;
    this.now = o.now ?? Date.now;
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1)
      throw new RangeError('maxEntries must be a positive integer');
    if (!(this.maxAgeMs > 0)) throw new RangeError('maxAgeDays must be positive');
  }

  private get opts(): HistoryOptions {
    return typeof this.options === 'number' ? {} : this.options;
  }

  /** Loads what earlier runs kept, within the bounds, compacting files that hold more. */
  static async open(options: HistoryOptions & { dir: string }): Promise<RequestHistory> {
    const history = new RequestHistory(options);
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(options.dir)) {
      const id = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : null;
      if (id === null || !FILE_ID.test(id)) continue;
      await history.load(id, join(options.dir, name));
    }
    return history;
  }

  private async load(workspaceId: string, path: string): Promise<void> {
    const lines = (await readFile(path, 'utf8')).split('\n');
    const entries: HistoryEntry[] = [];
    for (const line of lines) {
      if (line === '') continue;
      try {
        const e = JSON.parse(line) as HistoryEntry;
        // A torn or edited line is dropped; the compaction below rewrites the file without it.
        if (typeof e.seq === 'number' && typeof e.time === 'string' && typeof e.path === 'string')
          entries.push(copy(e.seq, { ...e, workspaceId }));
      } catch {
        continue;
      }
    }
    entries.sort((a, b) => a.seq - b.seq);
    for (const e of entries) this.seq = Math.max(this.seq, e.seq);
    const ws = this.workspace(workspaceId);
    ws.entries = entries;
    ws.linesOnDisk = lines.filter((l) => l !== '').length;
    this.prune(ws);
    if (ws.linesOnDisk > ws.entries.length) await this.compact(workspaceId, ws);
  }

  private workspace(workspaceId: string): Workspace {
    let ws = this.workspaces.get(workspaceId);
    if (!ws) {
      ws = { entries: [], linesOnDisk: 0, pending: [], writing: Promise.resolve() };
      this.workspaces.set(workspaceId, ws);
    }
    return ws;
  }

  record(entry: HistoryRecord): HistoryEntry {
    const stored = copy(++this.seq, entry);
    const ws = this.workspace(stored.workspaceId);
    ws.entries.push(stored);
    this.prune(ws);
    if (this.opts.dir !== undefined && FILE_ID.test(stored.workspaceId)) {
      ws.pending.push(JSON.stringify(stored));
      if (ws.pending.length === 1) this.schedule(stored.workspaceId, ws);
    }
    return stored;
  }

  /**
   * Drops what is past the bounds, oldest first; cheap when nothing is, which is every request's
   * case: the age cutoff's text is made only when the oldest kept entry may be past it, and a full
   * history drops its one oldest entry with `shift` (O(1)) rather than `splice` (which moved all
   * 10,000 entries on every request).
   */
  private prune(ws: Workspace): void {
    const { entries } = ws;
    let drop = Math.max(0, entries.length - this.maxEntries);
    const oldest = entries[drop];
    const ageLimit = this.now() - this.maxAgeMs;
    // Date.parse of the ISO text orders as the text does; NaN (an odd loaded line) takes the exact path.
    if (oldest !== undefined && !(Date.parse(oldest.time) >= ageLimit)) {
      const cutoff = new Date(ageLimit).toISOString();
      while (drop < entries.length && (entries[drop] as HistoryEntry).time < cutoff) drop++;
    }
    if (drop === 1) entries.shift();
    else if (drop > 0) entries.splice(0, drop);
  }

  private schedule(workspaceId: string, ws: Workspace): void {
    ws.writing = ws.writing.then(async () => {
      const lines = ws.pending.splice(0);
      if (lines.length === 0) return;
      const dir = this.opts.dir as string;
      try {
        await appendFile(join(dir, `${workspaceId}.jsonl`), lines.join('\n') + '\n', { mode: 0o600 });
        ws.linesOnDisk += lines.length;
        if (ws.linesOnDisk > this.maxEntries * 1.25) await this.compact(workspaceId, ws);
      } catch (error) {
        this.opts.log?.warn('history', `could not write the request history of ${workspaceId}`, error);
      }
    });
  }

  /** Rewrites the file with the kept entries only; atomic, so a crash leaves the old or the new. */
  private async compact(workspaceId: string, ws: Workspace): Promise<void> {
    this.prune(ws);
    const dir = this.opts.dir as string;
    const text = ws.entries.map((e) => JSON.stringify(e) + '\n').join('');
    await writeFileAtomic(join(dir, `${workspaceId}.jsonl`), text);
    ws.linesOnDisk = ws.entries.length;
  }

  /** Waits until every recorded entry is on disk (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.workspaces.values()].map((ws) => ws.writing));
  }

  /** Newest first. */
  list(query: HistoryQuery = {}): HistoryEntry[] {
    const limit = query.limit ?? this.maxEntries;
    const pools =
      query.workspaceId !== undefined
        ? [this.workspaces.get(query.workspaceId)?.entries ?? []]
        : [...this.workspaces.values()].map((ws) => ws.entries);
    const cutoff = new Date(this.now() - this.maxAgeMs).toISOString();
    const all =
      pools.length === 1 ? (pools[0] as HistoryEntry[]) : pools.flat().sort((a, b) => a.seq - b.seq);
    const out: HistoryEntry[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = all[i] as HistoryEntry;
      if (entry.time < cutoff) break;
      if (historyMatches(entry, query)) out.push({ ...entry });
    }
    return out;
  }

  /** Operation names seen, sorted, for the view's filter. */
  operations(workspaceId?: string): string[] {
    const names = new Set<string>();
    for (const [id, ws] of this.workspaces) {
      if (workspaceId !== undefined && id !== workspaceId) continue;
      for (const e of ws.entries) if (e.operation) names.add(e.operation);
    }
    return [...names].sort();
  }

  async clear(workspaceId?: string): Promise<void> {
    const ids = workspaceId !== undefined ? [workspaceId] : [...this.workspaces.keys()];
    for (const id of ids) {
      const ws = this.workspaces.get(id);
      if (!ws) continue;
      ws.pending.length = 0;
      await ws.writing;
      ws.entries = [];
      ws.linesOnDisk = 0;
      if (this.opts.dir !== undefined && FILE_ID.test(id))
        await rm(join(this.opts.dir, `${id}.jsonl`), { force: true });
    }
  }

  get length(): number {
    let n = 0;
    for (const ws of this.workspaces.values()) n += ws.entries.length;
    return n;
  }
}

/** The known fields only, bounded: a caller passing a richer object cannot smuggle a header in. */
function copy(seq: number, e: HistoryRecord): HistoryEntry {
  const out: HistoryEntry = {
    seq,
    time: String(e.time),
    workspaceId: String(e.workspaceId),
    method: String(e.method).slice(0, 10),
    path: String(e.path).slice(0, 4000),
    status: typeof e.status === 'number' ? e.status : null,
    latencyMs: typeof e.latencyMs === 'number' ? e.latencyMs : 0,
    errorCode: typeof e.errorCode === 'string' ? e.errorCode : null,
    attempt: typeof e.attempt === 'number' ? e.attempt : 1,
  };
  if (typeof e.operation === 'string') out.operation = e.operation.slice(0, 100);
  if (typeof e.contentType === 'string') out.contentType = e.contentType.slice(0, 200);
  return out;
}
