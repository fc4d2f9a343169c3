/**
 * What reached the platform side of the sandbox, so that tests can count requests (for example
 * that a prepared action was sent exactly once). Bounded: the oldest entries go first.
 *
 * Kept as a ring of parallel arrays rather than an object per request: every request is logged
 * and each entry lives for the next 10,000 requests, long enough to be promoted to V8's old
 * generation, so an object (and its timestamp string) per request was garbage the old
 * generation's collections had to handle under load (bench/3-sandbox-throughput.ts).
 */
export interface LoggedRequest {
  method: string;
  /** Below `/platform`, without the query string. */
  path: string;
  contentType: string | null;
  /** The HTTP status answered; null while unanswered or when the answer was dropped. */
  status: number | null;
  /** Sandbox wall clock, epoch ms, as a string. */
  at: string;
}

/** What `record` takes: the timestamp as the clock's number, turned into a string on `list`. */
export interface RequestToLog {
  method: string;
  path: string;
  contentType: string | null;
  at: number;
}

export const MAX_LOGGED_REQUESTS = 10_000;

/** A status slot never answered: statuses are 100-599, so 0 cannot be one. */
const UNANSWERED = 0;

export class RequestLog {
  private readonly methods: string[] = new Array<string>(MAX_LOGGED_REQUESTS).fill('');
  private readonly paths: string[] = new Array<string>(MAX_LOGGED_REQUESTS).fill('');
  private readonly contentTypes: (string | null)[] = new Array<string | null>(MAX_LOGGED_REQUESTS).fill(null);
  private readonly statuses = new Uint16Array(MAX_LOGGED_REQUESTS);
  private readonly ats = new Float64Array(MAX_LOGGED_REQUESTS);
  /** Entries recorded since the start (or the last clear); entry n sits in slot n % MAX. */
  private recorded = 0;
  /** Entries recorded before the last clear, so that an id taken before it cannot touch a new slot. */
  private clearedBefore = 0;

  /** Logs a request, unanswered; returns its id for `answered`. */
  record(entry: RequestToLog): number {
    const id = this.clearedBefore + this.recorded;
    const slot = this.recorded % MAX_LOGGED_REQUESTS;
    this.methods[slot] = entry.method;
    this.paths[slot] = entry.path;
    this.contentTypes[slot] = entry.contentType;
    this.statuses[slot] = UNANSWERED;
    this.ats[slot] = entry.at;
    this.recorded++;
    return id;
  }

  /** Sets the status of entry `id`, unless it has left the log (overwritten or cleared). */
  answered(id: number, status: number): void {
    const n = id - this.clearedBefore;
    if (n < 0 || n >= this.recorded || this.recorded - n > MAX_LOGGED_REQUESTS) return;
    this.statuses[n % MAX_LOGGED_REQUESTS] = status;
  }

  /** Newest last; `method` exact (upper case), `pathPrefix` a prefix of the path below `/platform`. */
  list(filter: { method?: string; pathPrefix?: string }): LoggedRequest[] {
    const out: LoggedRequest[] = [];
    for (let n = Math.max(0, this.recorded - MAX_LOGGED_REQUESTS); n < this.recorded; n++) {
      const slot = n % MAX_LOGGED_REQUESTS;
      const method = this.methods[slot] ?? '';
      const path = this.paths[slot] ?? '';
      if (filter.method !== undefined && method !== filter.method) continue;
      if (filter.pathPrefix !== undefined && !path.startsWith(filter.pathPrefix)) continue;
      const status = this.statuses[slot] ?? UNANSWERED;
      out.push({
        method,
        path,
        contentType: this.contentTypes[slot] ?? null,
        status: status === UNANSWERED ? null : status,
        at: String(this.ats[slot]),
      });
    }
    return out;
  }

  clear(): number {
    const n = Math.min(this.recorded, MAX_LOGGED_REQUESTS);
    this.clearedBefore += this.recorded;
    this.recorded = 0;
    // Drop the strings too: a cleared log should not keep them alive.
    this.methods.fill('');
    this.paths.fill('');
    this.contentTypes.fill(null);
    return n;
  }
}
