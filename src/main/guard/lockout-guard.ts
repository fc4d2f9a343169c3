/**
 * The lockout guard: one per workspace, on the main side, in front of every signed request.
 *
 * The real platform locks a key out after 30 failed authentications an hour and a user out after
 * 60 failed business-logic requests a minute, and answers 429 past 1,000 requests per 5 minutes
 * (PLATFORM_LIMITS). The guard counts the workspace's own requests and failures in rolling windows
 * and refuses the request that could be the one to reach a lockout, saying why and when it will be
 * safe. Long jobs (walks, exports) get only BULK_SHARE of the request budget and wait for a slot,
 * so that a big reload cannot starve the operator's own calls. A 429 pauses the workspace for what
 * its `Retry-After` says (at most MAX_RETRY_AFTER_MS), or for an exponential back-off without one.
 */
import type { ErrorCode } from '../../shared/result';
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
interface Window {
  limit: number;
  windowMs: number;
}

/** Back-off after a 429 that carried no Retry-After: 1 s, 2 s, 4 s, … up to 5 minutes. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 5 * 60_000;

const AUTH_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['auth-failed', 'clock-skew']);

export function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19) + ' UTC';
}

export class LockoutGuard {
  private readonly auth: number[] = [];
  private readonly business: number[] = [];
  private readonly requests: number[] = [];
  private pausedUntil = 0;
  private consecutive429 = 0;
  private readonly now: () => number;
  private readonly limits: Limits;
  private readonly bulkShare: number;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly workspaceId: string,
    opts: { now?: () => number; limits?: Limits; bulkShare?: number } = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.limits = opts.limits ?? PLATFORM_LIMITS;
    this.bulkShare = opts.bulkShare ?? BULK_SHARE;
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
    const auth = this.nearLimit(this.auth, this.limits.authFailures, now);
    if (auth !== null) {
      return {
        reason:
          `${this.auth.length} failed authentications in the last hour: one more could lock this API key out ` +
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
          `${this.business.length} refused requests in the last minute: one more could lock your user out for 3 minutes ` +
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

  /** One request leaves for the platform (every attempt counts). */
  noteSent(): void {
    this.requests.push(this.now());
    this.changed();
  }

  /**
   * What came back. `status` null: no answer. Authentication refusals count towards the key's
   * lockout, other 4xx answers towards the user's; a 429 pauses the workspace.
   */
  noteAnswer(status: number | null, code: ErrorCode | null, retryAfterMs: number | null): void {
    const now = this.now();
    if (status === 429 || code === 'rate-limited') {
      this.consecutive429++;
      const wait =
        retryAfterMs !== null
          ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)
          : Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (this.consecutive429 - 1));
      this.pausedUntil = Math.max(this.pausedUntil, now + wait);
    } else if (code !== null && AUTH_CODES.has(code)) {
      this.auth.push(now);
    } else if (status !== null && status >= 400 && status <= 499) {
      this.business.push(now);
    } else if (status !== null && status >= 200 && status <= 299) {
      this.consecutive429 = 0;
    }
    this.changed();
  }

  /** Epoch ms until which the platform asked to wait, or 0. */
  get pausedUntilMs(): number {
    return this.pausedUntil > this.now() ? this.pausedUntil : 0;
  }

  status(): GuardStatus {
    const now = this.now();
    this.prune(now);
    const refusal = this.admit('interactive');
    const counter = (list: number[], w: Window): GuardCounter => ({
      count: list.length,
      limit: w.limit,
      windowMs: w.windowMs,
    });
    return {
      workspaceId: this.workspaceId,
      authFailures: counter(this.auth, this.limits.authFailures),
      businessFailures: counter(this.business, this.limits.businessFailures),
      requests: counter(this.requests, this.limits.requests),
      pausedUntil: this.pausedUntil > now ? String(this.pausedUntil) : null,
      refusing: refusal ? { reason: refusal.reason, retryAt: String(refusal.retryAt) } : null,
    };
  }

  /**
   * When `list` (ascending times) is one failure short of the limit, the time at which enough old
   * entries will have left the window for the next failure to be harmless; null when it is already.
   */
  private nearLimit(list: number[], w: Window, now: number): number | null {
    const allowed = w.limit - 2; // after one more failure the count is limit - 1: still short of it
    if (list.length <= allowed) return null;
    const mustExpire = list.length - allowed;
    return (list[mustExpire - 1] ?? now) + w.windowMs;
  }

  private prune(now: number): void {
    drop(this.auth, now - this.limits.authFailures.windowMs);
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
