/**
 * The lockout guard: one per platform host and API key (key-guards.ts), on the main side, in front
 * of every signed request; every workspace that holds the key shares it.
 *
 * The real platform locks a key out after 30 failed authentications an hour and a user out after
 * 60 failed business-logic requests a minute, and answers 429 past 1,000 requests per 5 minutes
 * (PLATFORM_LIMITS). The guard counts the key's requests and failures in rolling windows and
 * refuses the request that could be the one to reach a lockout, saying why and when it will be
 * safe. A request still in flight counts as a possible failure: two workspaces sending at once
 * cannot both take the last harmless failure. Long jobs (walks, exports) get only BULK_SHARE of the
 * request budget and wait for a slot, so that a big reload cannot starve the operator's own calls.
 * A 429 pauses the key for what its `Retry-After` says (at most MAX_RETRY_AFTER_MS), or for an
 * exponential back-off without one.
 *
 * Durability (with a `GuardPersistence`, see key-guards.ts and guard-state-file.ts): a counted
 * failure or a 429 pause must be on disk before the next request of the key leaves, and no more
 * requests may be in flight than the state file says may be (`inFlight` there: what a restart after
 * a kill counts as failures) unless the key is verified in this run. `whenSendable()` says whether
 * both hold now, or gives the write to wait for. Request counts are written lazily.
 */
import type { ErrorCode } from '../../shared/result';
import { formatUtcTime } from '../../shared/time-text';
import {
  BULK_SHARE,
  MAX_RETRY_AFTER_MS,
  PLATFORM_LIMITS,
  type GuardCounter,
  type GuardStatus,
  type PlatformLimits,
} from '../../shared/platform/limits';

export type RequestClass = 'interactive' | 'bulk';
export interface Refusal {
  reason: string;
  /** Epoch ms when the same request would be admitted (as far as the guard can tell now). */
  retryAt: number;
  /** Only the bulk share of the budget is spent: a job may wait for a slot. */
  budgetOnly: boolean;
}

type Limits = PlatformLimits;

/** What a guard keeps across restarts: timestamps and counts only, never a key or a secret. */
export interface GuardSnapshot {
  /** Failed authentications the console saw. */
  auth: number[];
  /**
   * Failed authentications presumed, never seen: requests a killed run left in flight, or the
   * assumption after an unreadable state file (key-guards.ts). They count towards the limit like
   * seen ones, but are no evidence against a secret that works: a 2xx still verifies it.
   */
  presumedAuth: number[];
  business: number[];
  requests: number[];
  pausedUntil: number;
  consecutive429: number;
  /**
   * How many requests may be in flight at once without a new write: each of them could come back
   * as a failure, so a start after a kill counts this many failures it never saw (key-guards.ts).
   */
  inFlight: number;
}

/** A guard that has counted nothing: what a key starts from, and the base of a restored one. */
export function emptyGuardSnapshot(): GuardSnapshot {
  return {
    auth: [],
    presumedAuth: [],
    business: [],
    requests: [],
    pausedUntil: 0,
    consecutive429: 0,
    inFlight: 0,
  };
}

/** Where a guard's counters are written (the guard state file, through key-guards.ts). */
export interface GuardPersistence {
  /** Writes every guard now; resolves once that write is durable (never rejects). */
  saveNow(): Promise<void>;
  /** Writes some time soon (throttled): request counts, a shrinking in-flight allowance. */
  saveSoon(): void;
}

/** What `noteSent` hands back for `noteAnswer`: how the request went. */
export interface SendTicket {
  secretTag: string | undefined;
  /** Sent with a verified secret, outside the in-flight allowance. */
  trusted: boolean;
}

const SECRET_TAG_MESSAGE = 'copper-operator lockout guard: which secret signs';
const secretTags = new WeakMap<object, string>();

/**
 * An in-memory tag of the secret a signer signs with (an HMAC of a fixed message under it, cut to
 * 16 hex digits): tells two secrets of one key id apart. Never written or logged.
 */
export function secretTagOf(signer: { sign(message: string): string }): string {
  let tag = secretTags.get(signer);
  if (tag === undefined) {
    tag = signer.sign(SECRET_TAG_MESSAGE).slice(0, 16);
    secretTags.set(signer, tag);
  }
  return tag;
}

/** In-flight allowance added per write when more requests are in flight than the file allows. */
export const IN_FLIGHT_CHUNK = 4;
/** Without a request for this long, the in-flight allowance on disk falls back to zero. */
export const IDLE_SHRINK_MS = 5_000;
interface Window {
  limit: number;
  windowMs: number;
}

/** Back-off after a 429 that carried no Retry-After: 1 s, 2 s, 4 s, … up to 5 minutes. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;

const AUTH_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['auth-failed', 'clock-skew']);

/** The console's one time format, in UTC, date included (a wait can cross midnight): "2026-11-27 06:05:09 UTC". */
export function clock(ms: number): string {
  return formatUtcTime(ms);
}

export class LockoutGuard {
  /** Failed authentications seen in the window (ascending). */
  private readonly auth: number[] = [];
  /** Failed authentications presumed in the window (ascending; see GuardSnapshot). */
  private readonly presumedAuth: number[] = [];
  private readonly business: number[] = [];
  private readonly requests: number[] = [];
  private pausedUntil = 0;
  private consecutive429 = 0;
  /** Requests sent whose answer has not been counted yet: each may still be a failure. */
  private inFlight = 0;
  /** Of those, the ones sent under the in-flight allowance (not with a verified secret). */
  private allowanceInFlight = 0;
  private readonly now: () => number;
  private readonly limits: Limits;
  private readonly bulkShare: number;
  private readonly listeners = new Set<() => void>();
  private readonly persistence: GuardPersistence | null;
  /** Changes that must be durable before the next request (failures, pauses): counted and written. */
  private changeSeq = 0;
  private durableSeq = 0;
  private writingSeq = 0;
  /** In-flight allowance: what the file holds (committed) and the least it may hold (safe). */
  private committedSlots = 0;
  private safeSlots = 0;
  private writingSlots = 0;
  private growRequested = false;
  private lastActiveAt = 0;
  private pendingWrite: Promise<void> | null = null;
  private isStopping = false;
  /**
   * The secrets (as in-memory tags, `secretTag` in platform-clients.ts) for which a 2xx came back
   * in this run, with no failed authentication since: two workspaces may hold the key id with
   * different secrets. A request signed with a verified secret is not expected to fail, so it needs
   * no in-flight allowance on disk. In memory only: every run starts with none.
   */
  private readonly verified = new Set<string>();

  /**
   * `id` names the guard in its status (a workspace id, or the key's host and fingerprint); a
   * `persistence` makes its failures durable (without one, everything is in memory only).
   */
  constructor(
    readonly workspaceId: string,
    opts: {
      now?: () => number;
      limits?: Limits;
      bulkShare?: number;
      persistence?: GuardPersistence;
      restored?: GuardSnapshot;
    } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.limits = opts.limits ?? PLATFORM_LIMITS;
    this.bulkShare = opts.bulkShare ?? BULK_SHARE;
    this.persistence = opts.persistence ?? null;
    const r = opts.restored;
    if (r !== undefined) {
      this.auth.push(...r.auth);
      this.presumedAuth.push(...r.presumedAuth);
      this.business.push(...r.business);
      this.requests.push(...r.requests);
      this.pausedUntil = r.pausedUntil;
      this.consecutive429 = r.consecutive429;
      // `r.inFlight` is the previous run's allowance: the caller has counted it as failures
      // (key-guards.ts). This run's requests need an allowance of their own, written first.
    }
  }

  /** The guard's own id (for a key's guard: its host and key fingerprint, key-guards.ts). */
  get id(): string {
    return this.workspaceId;
  }

  /** Called after every change of the counters (the workspace bar's meter listens). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Null when a request of this class may go now; otherwise why not and until when. */
  admit(cls: RequestClass): Refusal | null {
    const now = this.now();
    this.prune(now);
    if (this.pausedUntil > now) {
      const seconds = Math.ceil((this.pausedUntil - now) / 1000);
      return {
        reason: `The platform asked the console to slow down (HTTP 429): waiting ${seconds} s, until ${clock(this.pausedUntil)}.`,
        retryAt: this.pausedUntil,
        budgetOnly: false,
      };
    }
    const pending = this.inFlight > 0 ? ` and ${this.inFlight} still unanswered` : '';
    const authTimes = this.authFailureTimes();
    const auth = this.nearLimit(authTimes, this.limits.authFailures, now);
    if (auth !== null) {
      const presumed =
        this.presumedAuth.length > 0
          ? ` (${this.presumedAuth.length} of them presumed: requests a console that stopped without closing left unanswered)`
          : '';
      return {
        reason:
          `${authTimes.length} failed authentications in the last hour${presumed}${pending}: one more could lock this API key out ` +
          `(the platform's limit is ${this.limits.authFailures.limit} an hour). Check the key and the clock; ` +
          `the console sends again from ${clock(auth)}.`,
        retryAt: auth,
        budgetOnly: false,
      };
    }
    const business = this.nearLimit(this.business, this.limits.businessFailures, now);
    if (business !== null) {
      return {
        reason:
          `${this.business.length} refused requests in the last minute${pending}: one more could lock your user out for 3 minutes ` +
          `(the platform's limit is ${this.limits.businessFailures.limit} a minute). The console sends again from ${clock(business)}.`,
        retryAt: business,
        budgetOnly: false,
      };
    }
    const { limit, windowMs } = this.limits.requests;
    const cap = cls === 'bulk' ? Math.floor(limit * this.bulkShare) : limit;
    if (this.requests.length >= cap) {
      const retryAt = (this.requests[this.requests.length - cap] ?? now) + windowMs;
      return {
        reason:
          cls === 'bulk'
            ? `This job has used its share of the request budget (${cap} of ${limit} per ${windowMs / 60_000} minutes); ` +
              `it continues at ${clock(retryAt)}, leaving the rest for your own calls.`
            : `${this.requests.length} requests in the last ${windowMs / 60_000} minutes reach the platform's limit of ${limit}; ` +
              `the console sends again from ${clock(retryAt)}.`,
        retryAt,
        budgetOnly: true,
      };
    }
    return null;
  }

  /**
   * True when what must be durable is (every counted failure and pause) and the state file allows
   * one more request in flight; otherwise the write to wait for, after which to ask again. Asked
   * with `admit` right before `noteSent`, with no await between them.
   */
  whenSendable(secretTag?: string): true | Promise<void> {
    if (this.persistence === null) return true;
    const durable = this.durableSeq === this.changeSeq;
    const covered = this.trusts(secretTag) || this.allowanceInFlight + 1 <= this.safeSlots;
    if (durable && covered) return true;
    // A write already on its way is waited for first; asking again after it may ask for more.
    if (this.pendingWrite !== null) return this.pendingWrite;
    if (!covered) this.growRequested = true;
    return this.save();
  }

  /** One request leaves for the platform (every attempt counts); give the ticket to `noteAnswer`. */
  noteSent(secretTag?: string): SendTicket {
    const now = this.now();
    const trusted = this.trusts(secretTag);
    this.requests.push(now);
    this.inFlight++;
    if (!trusted) this.allowanceInFlight++;
    this.lastActiveAt = now;
    this.persistence?.saveSoon();
    this.changed();
    return { secretTag, trusted };
  }

  /**
   * What came back. `status` null: no answer. Authentication refusals count towards the key's
   * lockout, other 4xx answers towards the user's; a 429 pauses the key. `ticket`: what
   * `noteSent` gave (a 2xx verifies the secret that signed).
   */
  noteAnswer(
    status: number | null,
    code: ErrorCode | null,
    retryAfterMs: number | null,
    ticket?: SendTicket,
  ): void {
    const now = this.now();
    const secretTag = ticket?.secretTag;
    if (this.inFlight > 0) this.inFlight--;
    if (ticket?.trusted !== true && this.allowanceInFlight > 0) this.allowanceInFlight--;
    this.lastActiveAt = now;
    let durable = true;
    if (status === 429 || code === 'rate-limited') {
      this.consecutive429++;
      const wait =
        retryAfterMs !== null
          ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)
          : Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (this.consecutive429 - 1));
      this.pausedUntil = Math.max(this.pausedUntil, now + wait);
      durable = false;
    } else if (code !== null && AUTH_CODES.has(code)) {
      this.auth.push(now);
      this.verified.clear();
      durable = false;
    } else if (status !== null && status >= 400 && status <= 499) {
      this.business.push(now);
      durable = false;
    } else if (status !== null && status >= 200 && status <= 299) {
      this.consecutive429 = 0;
      if (secretTag !== undefined && !this.verified.has(secretTag)) {
        this.verified.add(secretTag);
        // The allowance may no longer be needed: give it back at once, so that a kill now does not
        // count this run's requests as failures at the next start.
        if (this.trusted && this.committedSlots > 0) void this.persistence?.saveNow();
      }
    }
    if (this.persistence !== null && !durable) {
      this.changeSeq++;
      void this.save();
    }
    this.changed();
  }

  /** No failed authentication in the window, and a request signed with this secret may skip the allowance. */
  private trusts(secretTag: string | undefined): boolean {
    return secretTag !== undefined && this.auth.length === 0 && this.verified.has(secretTag);
  }

  /**
   * Whether no allowance needs keeping on disk: no failure in the window, a secret verified, and
   * every request in flight sent with a verified secret.
   */
  private get trusted(): boolean {
    return this.auth.length === 0 && this.verified.size > 0 && this.allowanceInFlight === 0;
  }

  /** Requests sent and not answered yet. */
  get unanswered(): number {
    return this.inFlight;
  }

  /**
   * What to write now (called by the state file as its write starts): the counters, and the
   * in-flight allowance: grown when a request asked for more, back to what is in flight once the
   * key has been idle for IDLE_SHRINK_MS, else as it is. Null when there is nothing worth keeping.
   */
  snapshotForWrite(): GuardSnapshot | null {
    const now = this.now();
    this.prune(now);
    let slots = Math.max(this.committedSlots, this.inFlight);
    if (this.growRequested) {
      this.growRequested = false;
      // Never more than could be admitted: a start after a kill counts them all as failures.
      const failed = this.auth.length + this.presumedAuth.length;
      const cap = Math.max(this.inFlight + 1, this.limits.authFailures.limit - 1 - failed);
      slots = Math.min(this.inFlight + IN_FLIGHT_CHUNK, cap);
    } else if (this.trusted) {
      slots = 0;
    } else if (this.isStopping || (this.inFlight === 0 && now - this.lastActiveAt >= IDLE_SHRINK_MS)) {
      slots = this.inFlight;
    }
    this.writingSlots = slots;
    // While the write runs the file holds the old allowance or the new one: allow the smaller.
    this.safeSlots = Math.min(this.committedSlots, slots);
    this.writingSeq = this.changeSeq;
    const snapshot: GuardSnapshot = {
      auth: [...this.auth],
      presumedAuth: [...this.presumedAuth],
      business: [...this.business],
      requests: [...this.requests],
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : 0,
      consecutive429: this.consecutive429,
      inFlight: slots,
    };
    const empty =
      snapshot.auth.length === 0 &&
      snapshot.presumedAuth.length === 0 &&
      snapshot.business.length === 0 &&
      snapshot.requests.length === 0 &&
      snapshot.pausedUntil === 0 &&
      snapshot.inFlight === 0;
    return empty ? null : snapshot;
  }

  /** The write that `snapshotForWrite` started is durable (or given up: see guard-state-file.ts). */
  writeDone(): void {
    this.committedSlots = this.safeSlots = this.writingSlots;
    this.durableSeq = Math.max(this.durableSeq, this.writingSeq);
  }

  /** The app stops: the next write keeps an allowance for what is in flight only. */
  stopping(): void {
    this.isStopping = true;
  }

  /**
   * When the file allows requests in flight and none is: the time from which a write would shrink
   * that allowance to zero (IDLE_SHRINK_MS after the last request). Otherwise null.
   */
  get idleWriteAt(): number | null {
    if (this.committedSlots === 0) return null;
    if (this.trusted) return this.lastActiveAt;
    return this.allowanceInFlight === 0 ? this.lastActiveAt + IDLE_SHRINK_MS : null;
  }

  private save(): Promise<void> {
    const persistence = this.persistence;
    if (persistence === null) return Promise.resolve();
    const write = persistence.saveNow().finally(() => {
      if (this.pendingWrite === write) this.pendingWrite = null;
    });
    this.pendingWrite = write;
    return write;
  }

  /** Epoch ms until which the platform asked to wait, or 0. */
  get pausedUntilMs(): number {
    return this.pausedUntil > this.now() ? this.pausedUntil : 0;
  }

  /** The counters, reported as those of `workspaceId` (default: the guard's own id). */
  status(workspaceId: string = this.workspaceId): GuardStatus {
    const now = this.now();
    this.prune(now);
    const refusal = this.admit('interactive');
    const counter = (list: number[], w: Window): GuardCounter => ({
      count: list.length,
      limit: w.limit,
      windowMs: w.windowMs,
    });
    return {
      workspaceId,
      authFailures: counter(this.authFailureTimes(), this.limits.authFailures),
      businessFailures: counter(this.business, this.limits.businessFailures),
      requests: counter(this.requests, this.limits.requests),
      pausedUntil: this.pausedUntil > now ? String(this.pausedUntil) : null,
      refusing: refusal ? { reason: refusal.reason, retryAt: String(refusal.retryAt) } : null,
    };
  }

  /**
   * When `list` (ascending times) plus the requests in flight is one failure short of the limit,
   * the time at which enough old entries will have left the window for the next failure to be
   * harmless (or, when only answers can free a place, a second from now); null when it is already.
   */
  private nearLimit(list: number[], w: Window, now: number): number | null {
    // After one more failure, and every request in flight failing too, the count is at most
    // limit - 1: still short of it.
    const allowed = w.limit - 2 - this.inFlight;
    if (list.length <= allowed) return null;
    const expiry =
      allowed >= 0 ? (list[list.length - allowed - 1] ?? now) + w.windowMs : Number.POSITIVE_INFINITY;
    return this.inFlight > 0 ? Math.min(expiry, now + 1_000) : expiry;
  }

  /** Every failed authentication in the window, seen or presumed, ascending. */
  private authFailureTimes(): number[] {
    if (this.presumedAuth.length === 0) return this.auth;
    return [...this.auth, ...this.presumedAuth].sort((a, b) => a - b);
  }

  private prune(now: number): void {
    drop(this.auth, now - this.limits.authFailures.windowMs);
    drop(this.presumedAuth, now - this.limits.authFailures.windowMs);
    drop(this.business, now - this.limits.businessFailures.windowMs);
    drop(this.requests, now - this.limits.requests.windowMs);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Removes the entries at or before `cutoff` from an ascending list. */
function drop(list: number[], cutoff: number): void {
  let n = 0;
  while (n < list.length && (list[n] ?? 0) <= cutoff) n++;
  if (n > 0) list.splice(0, n);
}
