/**
 * Per-key request limit (the real platform: 1,000 per 5 minutes). A fixed window per key keeps
 * the check O(1) on the hot path; `false` disables it (benchmarks).
 */
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  requests: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitRule = { requests: 1000, windowMs: 5 * 60_000 };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: RateLimitRule | false,
    private readonly now: () => number,
  ) {}

  /** Counts one request for `key`; throws 429 past the limit. */
  take(key: string): void {
    if (this.rule === false) return;
    const now = this.now();
    let w = this.windows.get(key);
    if (w === undefined || now - w.start >= this.rule.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > this.rule.requests) {
      const retry = (w.start + this.rule.windowMs - now) / 1000;
      throw tooManyRequests(
        `rate limit of ${this.rule.requests} requests per ${this.rule.windowMs} ms exceeded for this API key`,
        retry,
      );
    }
  }

  reset(): void {
    this.windows.clear();
  }
}
