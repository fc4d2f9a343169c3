import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/sandbox/errors';
import { signPlatformRequest } from '../../support/sandbox-signing';
import { authenticatorOnClock } from '../../support/sandbox-auth';

const setup = authenticatorOnClock;
const statusOf = (f: () => unknown): string => {
  try {
    f();
    return 'ok';
  } catch (err) {
    return err instanceof HttpError ? `${err.status} ${err.message}` : 'other';
  }
};

describe('Authenticator', () => {
  it('accepts a valid signature once, then calls it a replay', () => {
    const { auth, req } = setup();
    const r = req();
    expect(auth.verify(r).organizationId).toBe('o');
    expect(statusOf(() => auth.verify(r))).toMatch(/^401 replay/);
  });
  it('verifies the body bytes', () => {
    const { auth, now } = setup();
    const ts = String(now());
    const body = Buffer.from('{"a":"ü"}');
    const sig = signPlatformRequest('s', ts, 'POST', '/platform/exchange', body);
    const base = {
      method: 'POST',
      target: '/platform/exchange',
      remoteAddress: '1',
      authorization: 'ApiKey k',
      timestamp: ts,
      signature: sig,
    };
    expect(statusOf(() => auth.verify({ ...base, body: Buffer.from('{"a":"u"}') }))).toBe(
      '401 signature mismatch',
    );
    expect(statusOf(() => auth.verify({ ...base, body }))).toBe('ok');
  });
  it('allows ±30 s of skew and no more', () => {
    const { auth, req, now } = setup();
    expect(statusOf(() => auth.verify(req({}, String(now() - 30_000))))).toBe('ok');
    expect(statusOf(() => auth.verify(req({}, String(now() + 30_001))))).toMatch(/^401 stale timestamp/);
  });
  it('locks the key after 30 failures within an hour, for 15 minutes', () => {
    const { auth, req, advance } = setup();
    for (let i = 0; i < 29; i++)
      expect(statusOf(() => auth.verify(req({ signature: 'bad' })))).toBe('401 signature mismatch');
    expect(statusOf(() => auth.verify(req()))).toBe('ok');
    expect(statusOf(() => auth.verify(req({ signature: 'bad' })))).toBe('401 signature mismatch');
    expect(statusOf(() => auth.verify(req()))).toMatch(/^429/);
    advance(15 * 60_000 + 1);
    expect(statusOf(() => auth.verify(req()))).toBe('ok');
  });
  it('forgets failures older than an hour', () => {
    const { auth, req, advance } = setup();
    for (let i = 0; i < 29; i++) statusOf(() => auth.verify(req({ signature: 'bad' })));
    advance(60 * 60_000 + 1);
    statusOf(() => auth.verify(req({ signature: 'bad' })));
    expect(statusOf(() => auth.verify(req()))).toBe('ok');
  });
  it('locks only the (key, IP) pair that failed: the same key from another address still works', () => {
    const { auth, req } = setup();
    const attacker = { remoteAddress: '127.0.0.66' };
    for (let i = 0; i < 30; i++)
      expect(statusOf(() => auth.verify(req({ ...attacker, signature: 'bad' })))).toBe(
        '401 signature mismatch',
      );
    expect(statusOf(() => auth.verify(req(attacker)))).toMatch(
      /^429 API key locked out for this client address/,
    );
    expect(statusOf(() => auth.verify(req({ remoteAddress: '127.0.0.1' })))).toBe('ok');
  });
  it('counts failures per (key, IP): failures spread over two addresses do not lock either', () => {
    const { auth, req, advance } = setup();
    for (let i = 0; i < 20; i++) {
      statusOf(() => auth.verify(req({ remoteAddress: '127.0.0.2', signature: 'bad' })));
      statusOf(() => auth.verify(req({ remoteAddress: '127.0.0.3', signature: 'bad' })));
    }
    expect(statusOf(() => auth.verify(req({ remoteAddress: '127.0.0.2' })))).toBe('ok');
    advance(1); // a fresh timestamp, else the same signature is a replay
    expect(statusOf(() => auth.verify(req({ remoteAddress: '127.0.0.3' })))).toBe('ok');
  });
});
