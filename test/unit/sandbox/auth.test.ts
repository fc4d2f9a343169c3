/**
 * The sandbox's API-key authentication (src/sandbox/auth.ts): signatures over the body, header
 * shapes, the skew window to the millisecond, replay memory across its generations, the lockout
 * per (key, address) with its Retry-After, key records, and fresh key pairs.
 */
import { describe, expect, it } from 'vitest';
import {
  REPLAY_MEMORY_MS,
  TIMESTAMP_SKEW_MS,
  generateKeyPair,
  type SignedRequest,
} from '../../../src/sandbox/auth';
import { HttpError } from '../../../src/sandbox/errors';
import { signPlatformRequest } from '../../support/sandbox-signing';
import { authenticatorOnClock } from '../../support/sandbox-auth';

const MINUTE = 60_000;

/** The authenticator on a hand-driven clock, and what it answers a request, as one line. */
function setup() {
  const fixture = authenticatorOnClock();
  const outcome = (r: SignedRequest): string => {
    try {
      fixture.auth.verify(r);
      return 'ok';
    } catch (err) {
      if (!(err instanceof HttpError)) return `crash ${String(err)}`;
      const retry = err.headers['Retry-After'];
      return `${err.status} ${err.message}${retry === undefined ? '' : ` [Retry-After ${retry}]`}`;
    }
  };
  /** `n` requests with a bad signature, each refused as a mismatch. */
  const fail = (n: number, over: Partial<SignedRequest> = {}): void => {
    for (let i = 0; i < n; i++)
      expect(outcome(fixture.req({ signature: 'bad', ...over }))).toBe('401 signature mismatch');
  };
  /** A request whose timestamp runs the whole skew ahead: acceptable for the next 60 s. */
  const ahead = (): SignedRequest => fixture.req({}, String(fixture.now() + TIMESTAMP_SKEW_MS));
  return { ...fixture, outcome, fail, ahead };
}

describe('Authenticator signatures', () => {
  it('accepts a valid signature once, then calls it a replay', () => {
    const { auth, req, outcome } = setup();
    const r = req();
    expect(auth.verify(r).organizationId).toBe('o');
    expect(outcome(r)).toMatch(/^401 replay/);
  });

  it('verifies the body bytes', () => {
    const { outcome, now } = setup();
    const ts = String(now());
    const body = Buffer.from('{"a":"ü"}');
    const base = {
      method: 'POST',
      target: '/platform/exchange',
      remoteAddress: '1',
      authorization: 'ApiKey k',
      timestamp: ts,
      signature: signPlatformRequest('s', ts, 'POST', '/platform/exchange', body),
    };
    expect(outcome({ ...base, body: Buffer.from('{"a":"u"}') })).toBe('401 signature mismatch');
    expect(outcome({ ...base, body })).toBe('ok');
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
});

describe('Authenticator skew window', () => {
  it('allows ±30 s of skew and no more', () => {
    const { req, outcome, now } = setup();
    expect(outcome(req({}, String(now() - 30_000)))).toBe('ok');
    expect(outcome(req({}, String(now() + 30_001)))).toMatch(/^401 stale timestamp/);
  });

  it('names the allowed skew in seconds', () => {
    const { req, outcome, now } = setup();
    expect(outcome(req({}, String(now() - 30_001)))).toBe(
      '401 stale timestamp: X-Timestamp must be within 30 s of the server clock',
    );
  });
});

describe('Authenticator replay memory', () => {
  it('is exactly as long as a timestamp can stay acceptable', () => {
    expect(REPLAY_MEMORY_MS).toBe(2 * TIMESTAMP_SKEW_MS);
  });

  it('remembers a signature for as long as its timestamp could still be accepted', () => {
    const { outcome, advance, ahead } = setup();
    const r = ahead(); // a client clock 30 s fast: valid now and for 60 s
    expect(outcome(r)).toBe('ok');
    advance(2_000);
    expect(outcome(r)).toMatch(/^401 replay/);
    advance(58_000); // exactly 30 s after the timestamp: still inside the skew window
    expect(outcome(r)).toMatch(/^401 replay/);
  });

  it('refuses a signature that arrived late in a generation until its timestamp goes stale', () => {
    const { outcome, ahead, advance, req } = setup();
    expect(outcome(req())).toBe('ok'); // starts the first generation
    advance(50_000);
    const late = ahead();
    expect(outcome(late)).toBe('ok');
    for (const step of [10_000, 25_000, 24_999, 1]) {
      advance(step); // passes a generation change at +60 s and ends exactly 60 s after `late`
      expect(outcome(req())).toBe('ok');
      expect(outcome(late)).toMatch(/^401 replay/);
    }
    advance(1);
    expect(outcome(late)).toMatch(/^401 stale timestamp/);
  });

  it('keeps refusing every signature of a busy minute, generation after generation', () => {
    const { outcome, ahead, advance } = setup();
    const accepted: SignedRequest[] = [];
    for (let second = 0; second < 3 * 60; second++) {
      const r = ahead();
      expect(outcome(r)).toBe('ok');
      accepted.push(r);
      // Every signature of the last 60 s (timestamps still acceptable) is still a replay. Each
      // check comes from its own address: refusals count towards that address's lockout.
      const lastMinute = accepted.slice(-60);
      for (const [i, old] of [0, 1, 30, 58, 59].flatMap((k) => lastMinute[k] ?? []).entries())
        expect(outcome({ ...old, remoteAddress: `10.0.${second}.${i}` })).toMatch(/^401 replay/);
      advance(1_000);
    }
  });

  it('remembers signatures per key: another key with the same secret may sign the same bytes', () => {
    const { auth, outcome, now } = setup();
    auth.addKey({ apiKey: 'k2', apiSecret: 's', organizationId: 'o', userId: 'u' });
    const ts = String(now());
    const signature = signPlatformRequest('s', ts, 'GET', '/platform/wallets');
    const as = (key: string): SignedRequest => ({
      method: 'GET',
      target: '/platform/wallets',
      body: Buffer.alloc(0),
      remoteAddress: '127.0.0.1',
      authorization: `ApiKey ${key}`,
      timestamp: ts,
      signature,
    });
    expect(outcome(as('k'))).toBe('ok');
    expect(outcome(as('k2'))).toBe('ok');
    expect(outcome(as('k'))).toMatch(/^401 replay/);
    expect(outcome(as('k2'))).toMatch(/^401 replay/);
  });
});

describe('Authenticator lockout', () => {
  it('locks the key after 30 failures within an hour, for 15 minutes', () => {
    const { req, outcome, fail, advance } = setup();
    fail(29);
    expect(outcome(req())).toBe('ok');
    fail(1);
    expect(outcome(req())).toMatch(/^429/);
    advance(15 * MINUTE + 1);
    expect(outcome(req())).toBe('ok');
  });

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

  it('forgets failures older than an hour', () => {
    const { req, outcome, fail, advance } = setup();
    fail(29);
    advance(60 * MINUTE + 1);
    fail(1);
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

  it('locks only the (key, IP) pair that failed: the same key from another address still works', () => {
    const { req, outcome, fail } = setup();
    const attacker = { remoteAddress: '127.0.0.66' };
    fail(30, attacker);
    expect(outcome(req(attacker))).toMatch(/^429 API key locked out for this client address/);
    expect(outcome(req({ remoteAddress: '127.0.0.1' }))).toBe('ok');
  });

  it('counts failures per (key, IP): failures spread over two addresses do not lock either', () => {
    const { req, outcome, fail, advance } = setup();
    for (let i = 0; i < 20; i++) {
      fail(1, { remoteAddress: '127.0.0.2' });
      fail(1, { remoteAddress: '127.0.0.3' });
    }
    expect(outcome(req({ remoteAddress: '127.0.0.2' }))).toBe('ok');
    advance(1); // a fresh timestamp, else the same signature is a replay
    expect(outcome(req({ remoteAddress: '127.0.0.3' }))).toBe('ok');
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
