/**
 * Verifies one webhook delivery: the one function both the local receiver and the verify tool
 * call, so they can never disagree. Pure: the secret stays inside the Signer, the clock is passed.
 *
 * Signature (platform-facts): hex HMAC-SHA256 with the API secret over
 * X-Timestamp + eventId + raw body, concatenated with no separators.
 *
 * Order of checks, and why: a delivery we cannot even read is `malformed`; then the signature, so
 * that a forged delivery is `invalid` whatever its timestamp; only a genuine delivery can be
 * `stale` (signed by the key, but outside the window: a replay or a badly delayed retry).
 */
import { timingSafeEqual } from 'node:crypto';
import type { WebhookVerdict } from '../../shared/contract';
import type { Signer } from '../keychain/key-store';

/**
 * Five minutes either way. The platform documents only "checks the timestamp is recent"; five
 * minutes is the common choice (Stripe's default tolerance), wide enough for ordinary clock drift
 * and for the sandbox's own retries, narrow enough that a captured delivery cannot be replayed
 * for long.
 */
export const DEFAULT_WINDOW_MS = 5 * 60_000;

export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyInput {
  /** Null when the workspace has no usable key (then nothing can be valid). */
  signer: Signer | null;
  /** Header names in any case. */
  headers: HeaderBag;
  rawBody: Buffer;
  now: number;
  windowMs?: number;
}

export interface DeliveryFields {
  event: string | null;
  eventId: string | null;
  subscriptionId: string | null;
  timestamp: string | null;
  payload: unknown;
}

export interface Verification extends DeliveryFields {
  verdict: WebhookVerdict;
  reason: string;
}

/** First value of a header, looked up case-insensitively. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = typeof value === 'string' ? value : value?.[0];
    if (first !== undefined) return first.trim();
  }
  return undefined;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function parseBody(rawBody: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function verifyDelivery(input: VerifyInput): Verification {
  const windowMs = input.windowMs ?? DEFAULT_WINDOW_MS;
  const signature = headerValue(input.headers, 'X-Signature');
  const timestamp = headerValue(input.headers, 'X-Timestamp');
  const xId = headerValue(input.headers, 'X-Id');
  const body = parseBody(input.rawBody);
  const fields: DeliveryFields = {
    event: str(body?.event),
    eventId: str(body?.eventId),
    subscriptionId: str(body?.subscriptionId) ?? xId ?? null,
    timestamp: timestamp ?? null,
    payload: body === null ? null : (body.payload ?? null),
  };
  const verdict = (v: WebhookVerdict, reason: string): Verification => ({ ...fields, verdict: v, reason });

  if (signature === undefined) return verdict('malformed', 'missing header X-Signature');
  if (!/^[0-9a-fA-F]{64}$/.test(signature))
    return verdict('malformed', 'X-Signature is not 64 hex digits (a hex HMAC-SHA256)');
  if (timestamp === undefined) return verdict('malformed', 'missing header X-Timestamp');
  if (!/^\d{1,16}$/.test(timestamp)) return verdict('malformed', 'X-Timestamp is not epoch milliseconds');
  if (body === null) return verdict('malformed', 'the body is not a JSON object');
  if (fields.eventId === null || fields.eventId === '')
    return verdict('malformed', 'the body has no eventId (a string), which the signature covers');
  if (fields.event === null) return verdict('malformed', 'the body has no event (a string)');
  if (str(body.subscriptionId) === null)
    return verdict('malformed', 'the body has no subscriptionId (a string)');
  // `typeof [] === 'object'`: an array is not the object the platform's events carry.
  if (typeof body.payload !== 'object' || body.payload === null || Array.isArray(body.payload))
    return verdict('malformed', 'the body has no payload (a JSON object; a list is not one)');

  if (input.signer === null) return verdict('invalid', 'the workspace has no API key to verify with');
  const expected = Buffer.from(
    input.signer.sign(Buffer.concat([Buffer.from(`${timestamp}${fields.eventId}`, 'utf8'), input.rawBody])),
    'utf8',
  );
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  // Both are 64 hex characters here, so the lengths match as timingSafeEqual requires.
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return verdict('invalid', "signature does not match this workspace's key");
  // X-Id is not signed: a delivery whose header and body disagree has been tampered with.
  if (xId !== undefined && xId !== body.subscriptionId)
    return verdict('invalid', "X-Id does not match the body's subscriptionId");
  const skew = input.now - Number(timestamp);
  if (Math.abs(skew) > windowMs) {
    const side = skew > 0 ? 'old' : 'in the future';
    return verdict(
      'stale',
      `signature valid, but the timestamp is ${Math.round(Math.abs(skew) / 1000)} s ${side} (window ±${windowMs / 1000} s)`,
    );
  }
  return verdict('valid', "signature valid with this workspace's key; timestamp within the window");
}
