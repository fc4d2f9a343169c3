/**
 * The lockout guards, one per platform host and API key: what the platform counts (30 failed
 * authentications an hour per API key and IP), shared by every workspace that holds the key, and
 * kept across restarts in the guard state file (guard-state-file.ts).
 *
 * The durability rule: no run, no second workspace and no restart may take a key past
 * `limit - 1` failed authentications in the window. At any moment the failures the file does not
 * know of are (a) answers counted in memory and not yet written and (b) requests in flight, which
 * may come back as failures. So:
 * - a counted failure (authentication or business) and a 429 pause are written at once, and the
 *   key's next request waits for that write (lockout-guard.ts `whenSendable`);
 * - the guard admits a request only if every request in flight failing too keeps the key short of
 *   the limit (in-flight requests count as failures in `admit`): two workspaces cannot both take
 *   the last harmless failure;
 * - the file holds an in-flight allowance per key, written (and awaited) before more requests than
 *   it allows are in flight; a start that finds one counts it as failures at the time of the start
 *   (the latest they can have happened, so they stay in the window longest) as *presumed*
 *   failures (`presumedAuth`, kept apart from those seen), capped at what the
 *   limit rule could have let through. A kill -9 at any point therefore leaves a file that counts
 *   at least every failure the platform may have seen. The allowance grows in IN_FLIGHT_CHUNK
 *   steps and falls back to zero when the key has been idle, and on `close()`, so a clean stop
 *   adds nothing.
 * - a key is exempt from the allowance once a 2xx has come back for it in this run and no
 *   authentication has been seen failing in the window (`verified` in lockout-guard.ts; presumed
 *   failures do not count here, or a console killed with its allowance on disk would never be
 *   exempt again and every later kill would add more, up to the limit): its secret works, so
 *   its requests are not expected to fail, and a console killed again and again (the kill test)
 *   does not pile up failures that never happened. Every run starts unverified, and the first
 *   failed authentication ends the exemption. What this leaves open: a secret replaced by a wrong
 *   one under the same key id in the middle of a run, then a kill -9 before the first failure of
 *   it is written, loses at most the requests then in flight, once (the next run is unverified).
 * Successful requests of a verified key never wait for a write (request counts are written lazily
 * at most once per throttle, by default a second).
 */
import { join } from 'node:path';
import { LockoutGuard, emptyGuardSnapshot, type GuardPersistence, type GuardSnapshot } from './lockout-guard';
import {
  GUARD_STATE_FILE,
  GUARD_STATE_VERSION,
  GuardStateFile,
  readGuardState,
  setAsideUnreadable,
  type GuardStateDocument,
  type Schedule,
} from './guard-state-file';
import { PLATFORM_LIMITS, type PlatformLimits } from '../../shared/platform/limits';

/**
 * After an unreadable state file, every key starts as if it had this share of the failed
 * authentications the platform allows, at the time of the start, for one window. Why not all of
 * them: refusing every key for an hour (the only choice safe whatever the lost file held) would
 * stop the console for a fault the operator cannot repair, and the file is replaced atomically, so
 * it is unreadable only after outside damage, not after a crash. Why not none: a key that was
 * failing when the file was damaged (a mistyped secret) is then still held back well before the
 * limit (after 14 more failures instead of 29), while a key that works is not held back at all.
 */
export const UNREADABLE_ASSUMED_SHARE = 0.5;

export interface KeyGuardsOptions {
  /** The data folder (the file is `<dataDir>/guard-state.json`); null: in memory only. */
  dataDir: string | null;
  limits?: PlatformLimits;
  now?: () => number;
  warn: (message: string) => void;
  error: (message: string, error: unknown) => void;
  /** Lazy writes at most this often (request counts); default 1 s. */
  throttleMs?: number;
  schedule?: Schedule;
}

/** A guard's id: the platform's origin and the key's fingerprint. */
export const guardKeyOf = (host: string, fingerprint: string): string => `${host} ${fingerprint}`;

export class KeyGuards {
  private readonly guards = new Map<string, { host: string; key: string; guard: LockoutGuard }>();
  private readonly listeners = new Set<(guardKey: string) => void>();
  private readonly limits: PlatformLimits;
  private readonly now: () => number;
  private readonly file: GuardStateFile | null;
  private readonly persistence: GuardPersistence | undefined;
  private assumed: GuardStateDocument['assumed'] = null;

  constructor(private readonly opts: KeyGuardsOptions) {
    this.limits = opts.limits ?? PLATFORM_LIMITS;
    this.now = opts.now ?? Date.now;
    if (opts.dataDir === null) {
      this.file = null;
      return;
    }
    const path = join(opts.dataDir, GUARD_STATE_FILE);
    this.file = new GuardStateFile({
      path,
      collect: () => this.collect(),
      written: () => {
        for (const { guard } of this.guards.values()) guard.writeDone();
      },
      wantsMore: () => {
        let at: number | null = null;
        for (const { guard } of this.guards.values()) {
          const t = guard.idleWriteAt;
          if (t !== null && (at === null || t < at)) at = t;
        }
        return at;
      },
      error: opts.error,
      now: this.now,
      ...(opts.throttleMs !== undefined ? { throttleMs: opts.throttleMs } : {}),
      ...(opts.schedule !== undefined ? { schedule: opts.schedule } : {}),
    });
    const file = this.file;
    this.persistence = { saveNow: () => file.saveNow(), saveSoon: () => file.saveSoon() };
    this.load(path);
  }

  /** The guard of this key on this platform host (made on first use). */
  guardFor(host: string, fingerprint: string): LockoutGuard {
    const id = guardKeyOf(host, fingerprint);
    const known = this.guards.get(id);
    if (known !== undefined) return known.guard;
    const now = this.now();
    const assumed = this.assumed;
    const restored: GuardSnapshot | undefined =
      assumed !== null && assumed.at + this.limits.authFailures.windowMs > now
        ? { ...emptyGuardSnapshot(), presumedAuth: Array<number>(assumed.authFailures).fill(assumed.at) }
        : undefined;
    return this.add(host, fingerprint, restored);
  }

  /** The guard of this id if there is one (no new guard). */
  existing(guardKey: string): LockoutGuard | undefined {
    return this.guards.get(guardKey)?.guard;
  }

  /** Told the guard's id after every change of its counters. */
  onChange(listener: (guardKey: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes now (tests; `close`). */
  flush(): Promise<void> {
    return this.file?.saveNow() ?? Promise.resolve();
  }

  /** A clean stop: the last write, with the in-flight allowance back to what is in flight. */
  async close(): Promise<void> {
    for (const { guard } of this.guards.values()) guard.stopping();
    await this.file?.close();
  }

  private add(host: string, key: string, restored: GuardSnapshot | undefined): LockoutGuard {
    const id = guardKeyOf(host, key);
    const guard = new LockoutGuard(id, {
      now: this.now,
      limits: this.limits,
      ...(this.persistence !== undefined ? { persistence: this.persistence } : {}),
      ...(restored !== undefined ? { restored } : {}),
    });
    guard.onChange(() => {
      for (const listener of this.listeners) listener(id);
    });
    this.guards.set(id, { host, key, guard });
    return guard;
  }

  private load(path: string): void {
    const now = this.now();
    const loaded = readGuardState(path);
    if (loaded.kind === 'missing') return;
    if (loaded.kind === 'unreadable') {
      const aside = setAsideUnreadable(path, now);
      const assumedFailures = Math.floor(this.limits.authFailures.limit * UNREADABLE_ASSUMED_SHARE);
      this.opts.warn(
        `the lockout guard state file is unreadable (${loaded.reason})` +
          (aside !== null ? `; kept as ${aside}` : '') +
          `: every API key starts as if it had ${assumedFailures} failed authentications now, for one hour`,
      );
      this.assumed = { authFailures: assumedFailures, at: now };
      void this.flush(); // the assumption must survive the next restart too
      return;
    }
    const { document } = loaded;
    this.assumed = document.assumed;
    let phantoms = false;
    for (const entry of document.entries) {
      const { host, key, ...snapshot } = entry;
      const restored: GuardSnapshot = { ...snapshot, inFlight: 0 };
      if (entry.inFlight > 0) {
        // The previous run stopped with requests possibly in flight: count them as failures now.
        // Presumed, not seen: they count towards the limit, but do not keep a secret that works
        // from being verified in this run (else every later kill would add more: lockout-guard.ts).
        phantoms = true;
        const auth = this.limits.authFailures;
        const business = this.limits.businessFailures;
        restored.presumedAuth = [
          ...restored.presumedAuth,
          ...newFailures(
            inWindow(restored.auth, now, auth.windowMs) + inWindow(restored.presumedAuth, now, auth.windowMs),
            entry.inFlight,
            now,
            auth.limit,
          ),
        ];
        restored.business = [
          ...restored.business,
          ...newFailures(
            inWindow(restored.business, now, business.windowMs),
            entry.inFlight,
            now,
            business.limit,
          ),
        ];
      }
      this.add(host, key, restored);
    }
    if (phantoms) void this.flush();
  }

  private collect(): GuardStateDocument {
    const now = this.now();
    const entries = [];
    for (const { host, key, guard } of this.guards.values()) {
      const snapshot = guard.snapshotForWrite();
      // Nothing left in any window: the entry is stale and is not written.
      if (snapshot !== null) entries.push({ host, key, ...snapshot });
    }
    if (this.assumed !== null && this.assumed.at + this.limits.authFailures.windowMs <= now)
      this.assumed = null;
    return { version: GUARD_STATE_VERSION, entries, assumed: this.assumed };
  }
}

const inWindow = (times: number[], now: number, windowMs: number): number =>
  times.filter((t) => t > now - windowMs).length;

/**
 * `n` failures at `now`, but no more than take `counted` (the failures already in the window) to
 * `limit - 1`: the guard never let more requests go than could fail without reaching the limit, so
 * more cannot have happened.
 */
function newFailures(counted: number, n: number, now: number, limit: number): number[] {
  return Array<number>(Math.max(0, Math.min(n, limit - 1 - counted))).fill(now);
}
