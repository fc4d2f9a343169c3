/**
 * The limits the real platform enforces (platform-facts, "Limits the real platform enforces" and
 * its second round, which publishes two versions: the stricter one is used). The main side's
 * lockout guard counts against them; the workspace bar's meter shows them.
 */
export const PLATFORM_LIMITS = {
  /** 30 failed authentications per hour per API key and IP lock the key out (15 min or 1 h). */
  authFailures: { limit: 30, windowMs: 60 * 60_000, lockoutMs: 60 * 60_000 },
  /** 60 failed business-logic requests per minute per user lock the user out for 3 minutes. */
  businessFailures: { limit: 60, windowMs: 60_000, lockoutMs: 3 * 60_000 },
  /** 1,000 requests per 5 minutes per user and organization (the other version: 15,000 per hour). */
  requests: { limit: 1_000, windowMs: 5 * 60_000 },
} as const;

export interface PlatformLimits {
  authFailures: { limit: number; windowMs: number };
  businessFailures: { limit: number; windowMs: number };
  requests: { limit: number; windowMs: number };
}

/** Long jobs (walks, exports) may use this share of the request budget; the rest stays for the operator. */
export const BULK_SHARE = 0.8;
/** The longest `Retry-After` the console honours as given; longer ones are cut to this. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

export interface GuardCounter {
  count: number;
  limit: number;
  windowMs: number;
}

export interface GuardStatus {
  workspaceId: string;
  authFailures: GuardCounter;
  businessFailures: GuardCounter;
  requests: GuardCounter;
  /** Epoch ms string until which the platform asked the console to wait (429), or null. */
  pausedUntil: string | null;
  /** Null when the next request is allowed; otherwise why not, and when it will be. */
  refusing: { reason: string; retryAt: string } | null;
}
