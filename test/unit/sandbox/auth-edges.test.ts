/**
 * The edges of the sandbox's API-key authentication that auth.test.ts leaves open (found by
 * mutation testing): header shapes, exact window boundaries, the Retry-After of a lockout, and
 * replay memory for a signature whose timestamp is still inside the skew window.
 */
import { describe, expect, it } from 'vitest';
import { generateKeyPair, type SignedRequest } from '../../../src/sandbox/auth';
import { HttpError } from '../../../src/sandbox/errors';
import { signPlatformRequest } from '../../support/sandbox-signing';
import { authenticatorOnClock } from '../../support/sandbox-auth';

const MINUTE = 60_000;

function setup() {
  const { auth, req, advance, now } = authenticatorOnClock();
  const outcome = (r: SignedRequest): string => {
    try {
      auth.verify(r);
      return 'ok';
    } catch (err) {
      if (!(err instanceof HttpError)) return `crash ${String(err)}`;
      const retry = err.headers['Retry-After'];
      return `${err.status} ${err.message}${retry === undefined ? '' : ` [Retry-After ${retry}]`}`;
    }
  };
  const fail = (n: number, over: Partial<SignedRequest> = {}): void => {
    for (let i = 0; i < n; i++)
      expect(outcome(req({ signature: 'bad', ...over }))).toBe('401 signature mismatch');
  };
  return { auth, req, outcome, fail, advance, now };
}

describe('Authenticator header shapes', () => {
  it('accepts only exactly "ApiKey <key>" in Authorization', () => {
    const { req, outcome } = setup();
    const malformed = '401 malformed header Authorization: expected "ApiKey <key>"';
    expect(outcome(req({ authorization: 'Bearer ApiKey k' }))).toBe(malformed);
    expect(outcome(req({ authorization: 'ApiKey k trailing' }))).toBe(malformed);
    expect(outcome(req({ authorization: 'Basic k' }))).toBe(malformed);
    expect(outcome(req({ authorization: `ApiKey ${'k'.repeat(201)}` }))).toBe(malformed);
    expect(outcome(req({ authorization: undefined }))).toBe('401 missing header Authorization');
  });
  it('wants X-Timestamp as plain epoch milliseconds, even when the signature covers it', () => {
    const { req, outcome, now } = setup();
    const malformed = '401 malformed header X-Timestamp: expected epoch milliseconds';
    for (const ts of [`x${now()}`, `${now()}x`, `${now()}.0`]) {
      const signature = signPlatformRequest('s', ts, 'GET', '/platform/wallets');
      expect(outcome(req({ signature }, ts))).toBe(malformed);
    }
  });
  it('names the allowed skew in seconds', () => {
    const { req, outcome, now } = setup();
    expect(outcome(req({}, String(now() - 30_001)))).toBe(
      '401 stale timestamp: X-Timestamp must be within 30 s of the server clock',
    );
  });
  it('wants X-Signature as exactly 64 lowercase hex digits', () => {
    const { req, outcome } = setup();
    const good = req().signature ?? '';
    expect(outcome(req({ signature: `${good}00` }))).toBe('401 signature mismatch');
    expect(outcome(req({ signature: `z${good.slice(1)}` }))).toBe('401 signature mismatch');
    expect(outcome(req({ signature: `${good.slice(0, -1)}z` }))).toBe('401 signature mismatch');
    expect(outcome(req({ signature: good.toUpperCase() }))).toBe('401 signature mismatch');
  });
});

describe('Authenticator replay memory', () => {
  it('remembers a signature for as long as its timestamp could still be accepted', () => {
    const { req, outcome, advance, now } = setup();
    const ahead = String(now() + 30_000); // a client clock 30 s fast: valid now and for 60 s
    const r = req({}, ahead);
    expect(outcome(r)).toBe('ok');
    advance(2_000);
    expect(outcome(r)).toMatch(/^401 replay/);
    advance(58_000); // exactly 30 s after the timestamp: still inside the skew window
    expect(outcome(r)).toMatch(/^401 replay/);
  });
});

describe('Authenticator lockout', () => {
  it('counts failures spread over many seconds within the hour', () => {
    const { req, outcome, fail, advance } = setup();
    fail(15);
    advance(2_000);
    fail(14);
    advance(59 * MINUTE);
    fail(1);
    advance(1);
    expect(outcome(req())).toMatch(/^429 API key locked out for this client address after 30 failed/);
  });
  it('says how long the lock lasts in Retry-After, and keeps it for the whole 15 minutes', () => {
    const { req, outcome, fail, advance } = setup();
    fail(30);
    expect(outcome(req())).toMatch(/^429 .*\[Retry-After 900\]$/);
    advance(2_000);
    expect(outcome(req())).toMatch(/^429 .*\[Retry-After 898\]$/);
    advance(15 * MINUTE - 2_500);
    expect(outcome(req())).toMatch(/^429 .*\[Retry-After 1\]$/);
    advance(500); // the lock ends exactly now
    expect(outcome(req())).toBe('ok');
  });
  it('ends the lock exactly 15 minutes after it began, even between housekeeping passes', () => {
    const { req, outcome, fail, advance } = setup();
    fail(30);
    advance(15 * MINUTE - 500);
    expect(outcome(req())).toMatch(/^429/);
    advance(500);
    expect(outcome(req())).toBe('ok');
  });
  it('forgets a failure exactly one hour after it happened, even between housekeeping passes', () => {
    const { req, outcome, fail, advance } = setup();
    fail(29);
    advance(60 * MINUTE - 500);
    expect(outcome(req())).toBe('ok');
    advance(500);
    fail(1);
    advance(1);
    expect(outcome(req())).toBe('ok');
  });
});

describe('Authenticator key records', () => {
  it('looks a key up, and signs with the secret its record holds now', () => {
    const { auth, outcome, advance, now } = setup();
    const record = { apiKey: 'k2', apiSecret: 'old-secret', organizationId: 'o', userId: 'u' };
    auth.addKey(record);
    expect(auth.lookup('k2')).toBe(record);
    expect(auth.lookup('nobody')).toBeUndefined();
    const signedWith = (secret: string) => {
      const ts = String(now());
      return {
        method: 'GET',
        target: '/platform/wallets',
        body: Buffer.alloc(0),
        remoteAddress: '127.0.0.1',
        authorization: 'ApiKey k2',
        timestamp: ts,
        signature: signPlatformRequest(secret, ts, 'GET', '/platform/wallets'),
      };
    };
    expect(outcome(signedWith('old-secret'))).toBe('ok');
    record.apiSecret = 'new-secret';
    advance(1);
    expect(outcome(signedWith('old-secret'))).toBe('401 signature mismatch');
    advance(1);
    expect(outcome(signedWith('new-secret'))).toBe('ok');
  });
});

describe('generateKeyPair', () => {
  it('makes a fresh sbx_ key id and a 256-bit hex secret each time', () => {
    const a = generateKeyPair();
    const b = generateKeyPair();
    expect(a.apiKey).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect(a.apiSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(b.apiKey).not.toBe(a.apiKey);
    expect(b.apiSecret).not.toBe(a.apiSecret);
  });
});
