/**
 * What reached the platform side of the sandbox, so that tests can count requests (for example
 * that a prepared action was sent exactly once). Bounded: the oldest entries go first.
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

export const MAX_LOGGED_REQUESTS = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  record(entry: LoggedRequest): LoggedRequest {
    this.entries.push(entry);
    // Trim in blocks so that a full log does not copy 10,000 entries on every request.
    if (this.entries.length > MAX_LOGGED_REQUESTS + 1000) {
      this.entries = this.entries.slice(this.entries.length - MAX_LOGGED_REQUESTS);
    }
    return entry;
  }

  /** Newest last; `method` exact (upper case), `pathPrefix` a prefix of the path below `/platform`. */
  list(filter: { method?: string; pathPrefix?: string }): LoggedRequest[] {
    const kept = this.entries.slice(-MAX_LOGGED_REQUESTS);
    return kept
      .filter(
        (e) =>
          (filter.method === undefined || e.method === filter.method) &&
          (filter.pathPrefix === undefined || e.path.startsWith(filter.pathPrefix)),
      )
      .map((e) => ({ ...e }));
  }

  clear(): number {
    const n = Math.min(this.entries.length, MAX_LOGGED_REQUESTS);
    this.entries = [];
    return n;
  }
}
