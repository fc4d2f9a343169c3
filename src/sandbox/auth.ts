/**
 * API-key authentication exactly as the specification: `Authorization: ApiKey <key>`,
 * `X-Timestamp` (ms) and `X-Signature` = hex HMAC-SHA256(secret, timestamp + METHOD + path with
 * query as received + raw body). Also the platform-facts lockout: 30 failed authentications per
 * hour per key and IP lock that key for that IP for 15 minutes. Counting and locking per pair
 * means that someone who only knows a key id cannot lock the key out for its owner.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { HttpError, tooManyRequests, unauthorized } from './errors';

export const TIMESTAMP_SKEW_MS = 30_000;
export const FAILURES_BEFORE_LOCK = 30;
export const FAILURE_WINDOW_MS = 60 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** How long a signature must be remembered: the longest its timestamp can stay acceptable. */
export const REPLAY_MEMORY_MS = 2 * TIMESTAMP_SKEW_MS;

export interface ApiKeyRecord {
  apiKey: string;
  apiSecret: string;
  organizationId: string;
  /** The user the key acts as (recorded in approvedBy, activities...). */
  userId: string;
  /** Optional binding to one portfolio: its agent wallet signs the key's `POST /exchange`. */
  portfolioId?: string;
}

export interface SignedRequest {
  method: string;
  /** The request target exactly as received, e.g. `/platform/wallets?limit=5`. */
  target: string;
  body: Buffer;
  remoteAddress: string;
  authorization: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export function generateKeyPair(): { apiKey: string; apiSecret: string } {
  return { apiKey: `sbx_${randomBytes(12).toString('hex')}`, apiSecret: randomBytes(32).toString('hex') };
}

export class Authenticator {
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly secretKeys = new WeakMap<ApiKeyRecord, { secret: string; key: KeyObject }>();
  /**
   * Signatures accepted, per key, in two generations: `recent` since `recentSince` and `older`,
   * the generation before. A signature stays at least REPLAY_MEMORY_MS (under steady traffic
   * about twice that at most; generations turn over on `verify`), and forgetting drops a whole
   * generation. One entry per request, kept a minute, is promoted to V8's old generation under
   * load: the signature string as received is all it keeps (before: a key|signature string and
   * an expiry number per entry, and a sweep of every entry each second).
   */
  private recent = new Map<string, Set<string>>();
  private older = new Map<string, Set<string>>();
  private recentSince = Number.NaN;
  /** Keyed by `key|ip`, like the lock. */
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();
  private lastPrune = 0;

  constructor(private readonly now: () => number) {}

  addKey(record: ApiKeyRecord): void {
    this.keys.set(record.apiKey, record);
  }

  /** The key's record, for signing webhook deliveries with its secret; never sent anywhere. */
  lookup(apiKey: string): ApiKeyRecord | undefined {
    return this.keys.get(apiKey);
  }

  /** Returns the key record or throws 401 / 429. */
  verify(req: SignedRequest): ApiKeyRecord {
    const now = this.now();
    this.prune(now);
    const presented = /^ApiKey ([^\s]{1,200})$/.exec(req.authorization ?? '')?.[1];
    const failKey = `${presented ?? ''}|${req.remoteAddress}`;
    if (presented !== undefined) {
      const until = this.lockedUntil.get(failKey);
      if (until !== undefined && until > now) {
        throw tooManyRequests(
          `API key locked out for this client address after ${FAILURES_BEFORE_LOCK} failed authentications; retry later`,
          (until - now) / 1000,
        );
      }
    }
    try {
      return this.check(req, presented, now);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401)
        this.recordFailure(failKey, presented !== undefined, now);
      throw err;
    }
  }

  private check(req: SignedRequest, presented: string | undefined, now: number): ApiKeyRecord {
    if (req.authorization === undefined) throw unauthorized('missing header Authorization');
    if (presented === undefined)
      throw unauthorized('malformed header Authorization: expected "ApiKey <key>"');
    if (req.timestamp === undefined) throw unauthorized('missing header X-Timestamp');
    if (req.signature === undefined) throw unauthorized('missing header X-Signature');
    const record = this.keys.get(presented);
    if (record === undefined) throw unauthorized('unknown key');
    if (!/^\d{1,16}$/.test(req.timestamp))
      throw unauthorized('malformed header X-Timestamp: expected epoch milliseconds');
    if (Math.abs(Number(req.timestamp) - now) > TIMESTAMP_SKEW_MS) {
      throw unauthorized(
        `stale timestamp: X-Timestamp must be within ${TIMESTAMP_SKEW_MS / 1000} s of the server clock`,
      );
    }
    const expected = createHmac('sha256', this.secretKeyOf(record))
      .update(`${req.timestamp}${req.method.toUpperCase()}${req.target}`)
      .update(req.body)
      .digest();
    const given = /^[0-9a-f]{64}$/.test(req.signature) ? Buffer.from(req.signature, 'hex') : undefined;
    if (given === undefined || !timingSafeEqual(given, expected)) throw unauthorized('signature mismatch');
    this.rememberOnce(record.apiKey, req.signature, now);
    return record;
  }

  /** Throws 401 replay if `signature` was accepted for `apiKey` within REPLAY_MEMORY_MS. */
  private rememberOnce(apiKey: string, signature: string, now: number): void {
    // NaN (the first call) rotates too; a clock moved back keeps both generations.
    if (!(now - this.recentSince < REPLAY_MEMORY_MS)) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentSince = now;
    }
    const recent = this.recent.get(apiKey);
    if (recent?.has(signature) === true || this.older.get(apiKey)?.has(signature) === true)
      throw unauthorized('replay: this signature was already used');
    if (recent === undefined) this.recent.set(apiKey, new Set([signature]));
    else recent.add(signature);
  }

  /**
   * The secret as a KeyObject, made once per key: HMAC with a string key converts and imports
   * the key on every request (a third of the signature check under load). Same bytes (UTF-8).
   */
  private secretKeyOf(record: ApiKeyRecord): KeyObject {
    const cached = this.secretKeys.get(record);
    if (cached !== undefined && cached.secret === record.apiSecret) return cached.key;
    const key = createSecretKey(Buffer.from(record.apiSecret, 'utf8'));
    this.secretKeys.set(record, { secret: record.apiSecret, key });
    return key;
  }

  private recordFailure(failKey: string, keyPresented: boolean, now: number): void {
    const list = (this.failures.get(failKey) ?? []).filter((t) => t > now - FAILURE_WINDOW_MS);
    list.push(now);
    this.failures.set(failKey, list);
    if (list.length >= FAILURES_BEFORE_LOCK && keyPresented) {
      this.lockedUntil.set(failKey, now + LOCK_MS);
      this.failures.delete(failKey);
    }
  }

  /** Forgets ended locks and old failures at most once a second (replay memory rotates itself). */
  private prune(now: number): void {
    if (now - this.lastPrune < 1000) return;
    this.lastPrune = now;
    for (const [k, until] of this.lockedUntil) if (until <= now) this.lockedUntil.delete(k);
    for (const [k, times] of this.failures) {
      if ((times[times.length - 1] ?? 0) <= now - FAILURE_WINDOW_MS) this.failures.delete(k);
    }
  }
}
