/**
 * The lockout guards' state file (`<dataDir>/guard-state.json`, mode 0600): per platform host and
 * API key fingerprint, the timestamps of failed authentications (seen, and presumed after a kill),
 * refused requests and requests,
 * the pause after a 429 and the in-flight allowance (lockout-guard.ts). Never a key id or a
 * secret. Written whole and atomically (temp file, fsync, rename: atomic-write.ts), one write at
 * a time; `saveNow` for what must be durable before the next request, `saveSoon` (at most once per
 * `throttleMs`) for the rest.
 */
import { readFileSync, renameSync } from 'node:fs';
import { writeFileAtomic } from '../workspaces/atomic-write';
import type { GuardSnapshot } from './lockout-guard';

export const GUARD_STATE_FILE = 'guard-state.json';
export const GUARD_STATE_VERSION = 1;

export interface GuardStateEntry extends GuardSnapshot {
  /** The platform's scheme, host and port (`URL.origin` of the workspace's base URL). */
  host: string;
  /** The key id's fingerprint (PlatformClients' `fingerprint`), never the key id itself. */
  key: string;
}

export interface GuardStateDocument {
  version: typeof GUARD_STATE_VERSION;
  entries: GuardStateEntry[];
  /**
   * Set after an unreadable file (key-guards.ts): every key not listed is assumed to have had
   * `authFailures` failed authentications at `at`, until the window has passed.
   */
  assumed: { authFailures: number; at: number } | null;
}

export type LoadedGuardState =
  | { kind: 'missing' }
  | { kind: 'loaded'; document: GuardStateDocument }
  | { kind: 'unreadable'; reason: string };

const isTimes = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((t) => typeof t === 'number' && Number.isFinite(t) && t >= 0);
const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The document in `text`, or what is wrong with it. Strict: one bad entry makes the file unreadable. */
export function parseGuardState(text: string): GuardStateDocument | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const doc = raw as Record<string, unknown>;
  if (doc.version !== GUARD_STATE_VERSION) return `unknown version ${String(doc.version)}`;
  if (!Array.isArray(doc.entries)) return 'no entries';
  const entries: GuardStateEntry[] = [];
  for (const [i, e] of (doc.entries as unknown[]).entries()) {
    if (typeof e !== 'object' || e === null) return `entry ${i} is not an object`;
    const r = e as Record<string, unknown>;
    if (typeof r.host !== 'string' || typeof r.key !== 'string') return `entry ${i} has no host or key`;
    // `presumedAuth` came later: a file without it presumes nothing.
    const presumedAuth = r.presumedAuth ?? [];
    if (!isTimes(r.auth) || !isTimes(presumedAuth) || !isTimes(r.business) || !isTimes(r.requests))
      return `entry ${i} has bad timestamps`;
    if (!isTime(r.pausedUntil) || !isCount(r.consecutive429) || !isCount(r.inFlight))
      return `entry ${i} has bad counts`;
    const sorted = (t: number[]) => [...t].sort((a, b) => a - b);
    entries.push({
      host: r.host,
      key: r.key,
      auth: sorted(r.auth),
      presumedAuth: sorted(presumedAuth),
      business: sorted(r.business),
      requests: sorted(r.requests),
      pausedUntil: r.pausedUntil,
      consecutive429: r.consecutive429,
      inFlight: r.inFlight,
    });
  }
  let assumed: GuardStateDocument['assumed'] = null;
  if (doc.assumed !== null && doc.assumed !== undefined) {
    const a = doc.assumed as Record<string, unknown>;
    if (typeof a !== 'object' || !isCount(a.authFailures) || !isTime(a.at)) return 'bad "assumed"';
    assumed = { authFailures: a.authFailures, at: a.at };
  }
  return { version: GUARD_STATE_VERSION, entries, assumed };
}

/** Reads the file once, at start (it is small, and the guards must exist before any request). */
export function readGuardState(path: string): LoadedGuardState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: (error as Error).message };
  }
  const parsed = parseGuardState(text);
  return typeof parsed === 'string'
    ? { kind: 'unreadable', reason: parsed }
    : { kind: 'loaded', document: parsed };
}

/** Keeps an unreadable file beside the new one for diagnosis; best effort. */
export function setAsideUnreadable(path: string, now: number): string | null {
  const aside = `${path}.unreadable-${now}`;
  try {
    renameSync(path, aside);
    return aside;
  } catch {
    return null;
  }
}

export type Schedule = (fn: () => void, ms: number) => () => void;

const defaultSchedule: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export class GuardStateFile {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private cancelTimer: (() => void) | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly now: () => number;
  private readonly schedule: Schedule;
  private readonly throttleMs: number;

  constructor(
    private readonly opts: {
      path: string;
      /** The document to write, taken as the write starts (the guards note what it holds). */
      collect: () => GuardStateDocument;
      /** The write `collect` started is over (durable, or given up after an error). */
      written: () => void;
      /** After a write: when another lazy one is wanted (an idle key's allowance to shrink), or null. */
      wantsMore?: () => number | null;
      error: (message: string, error: unknown) => void;
      now?: () => number;
      throttleMs?: number;
      schedule?: Schedule;
    },
  ) {
    this.now = opts.now ?? Date.now;
    this.schedule = opts.schedule ?? defaultSchedule;
    this.throttleMs = opts.throttleMs ?? 1_000;
  }

  /** A write that starts after this call; resolves once it is durable (or has failed and been logged). */
  saveNow(): Promise<void> {
    if (this.queued !== null) return this.queued;
    if (this.running === null) return this.write();
    const queued = this.running.then(() => {
      this.queued = null;
      return this.write();
    });
    this.queued = queued;
    return queued;
  }

  /** A write within `throttleMs` of the last one (and not before `notBefore`). */
  saveSoon(notBefore = 0): void {
    if (this.cancelTimer !== null || this.queued !== null || this.closed) return;
    const now = this.now();
    const wait = Math.max(0, this.lastWriteAt + this.throttleMs - now, notBefore - now);
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null;
      void this.saveNow();
    }, wait);
  }

  /** Stops lazy writes and writes once more (what the guards hold now). */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.saveNow();
  }

  private write(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.lastWriteAt = this.now();
    const document = this.opts.collect();
    const running = writeFileAtomic(this.opts.path, JSON.stringify(document), { mode: 0o600 })
      .catch((error: unknown) => {
        // Given up rather than retried for ever: the guards keep counting in memory, so every
        // workspace of this run stays protected; only a restart could forget (see key-guards.ts).
        this.opts.error('could not write the lockout guard state file', error);
      })
      .then(() => {
        this.running = null;
        this.opts.written();
        const more = this.closed ? null : (this.opts.wantsMore?.() ?? null);
        if (more !== null) this.saveSoon(more);
      });
    this.running = running;
    return running;
  }
}
