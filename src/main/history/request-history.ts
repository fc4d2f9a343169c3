/**
 * The request history: one line per HTTP attempt the platform client makes, for the operator's
 * "what did the console just send" view.
 *
 * Stored shape: a fixed-size ring of `HistoryEntry` (see the contract), newest overwriting oldest.
 * An entry holds time, workspace, method, path-with-query, status, latency, error code and attempt
 * number, and by construction nothing else: no header, no body, no key, no signature.
 *
 * Kept in memory only, on purpose: paths carry organization ids, addresses and search terms; a file
 * would leave a trail of the operator's activity on disk that outlives the session and needs its own
 * retention and protection. The platform keeps the authoritative audit log (activities); this is a
 * debugging aid for the current session and is cheap to lose on restart.
 */
import type { HistoryEntry } from '../../shared/contract';

export type HistoryRecord = Omit<HistoryEntry, 'seq'>;

export interface HistoryQuery {
  workspaceId?: string;
  errorsOnly?: boolean;
  /** Case-insensitive substring of method, path, status or error code. */
  search?: string;
  limit?: number;
}

export class RequestHistory {
  private readonly ring: (HistoryEntry | undefined)[];
  private next = 0; // slot the next entry goes to
  private size = 0;
  private seq = 0;

  constructor(readonly capacity = 2_000) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.ring = new Array<HistoryEntry | undefined>(capacity);
  }

  record(entry: HistoryRecord): HistoryEntry {
    // Copy the known fields only, so that a caller passing a richer object cannot smuggle a header
    // or body into the history.
    const stored: HistoryEntry = {
      seq: ++this.seq,
      time: entry.time,
      workspaceId: entry.workspaceId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      latencyMs: entry.latencyMs,
      errorCode: entry.errorCode,
      attempt: entry.attempt,
    };
    this.ring[this.next] = stored;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
    return stored;
  }

  /** Newest first. */
  list(query: HistoryQuery = {}): HistoryEntry[] {
    const limit = query.limit ?? this.capacity;
    const needle = query.search?.trim().toLowerCase() ?? '';
    const out: HistoryEntry[] = [];
    for (let i = 1; i <= this.size && out.length < limit; i++) {
      const entry = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (entry === undefined) continue;
      if (query.workspaceId !== undefined && entry.workspaceId !== query.workspaceId) continue;
      if (query.errorsOnly && entry.errorCode === null) continue;
      if (needle !== '' && !matches(entry, needle)) continue;
      out.push({ ...entry });
    }
    return out;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.size = 0;
  }

  get length(): number {
    return this.size;
  }
}

function matches(entry: HistoryEntry, needle: string): boolean {
  return (
    entry.path.toLowerCase().includes(needle) ||
    entry.method.toLowerCase().includes(needle) ||
    (entry.status !== null && String(entry.status).includes(needle)) ||
    (entry.errorCode !== null && entry.errorCode.includes(needle))
  );
}
