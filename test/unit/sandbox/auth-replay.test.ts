/**
 * The replay memory across its generations (auth.ts keeps accepted signatures in two
 * generations of REPLAY_MEMORY_MS and drops a whole generation at a time): a signature must be
 * refused for as long as its timestamp can be accepted, wherever in a generation it arrived.
 */
import { describe, expect, it } from 'vitest';
import { REPLAY_MEMORY_MS, TIMESTAMP_SKEW_MS, type SignedRequest } from '../../../src/sandbox/auth';
import { HttpError } from '../../../src/sandbox/errors';
import { signPlatformRequest } from '../../support/sandbox-signing';
import { authenticatorOnClock } from '../../support/sandbox-auth';

function setup() {
  const fixture = authenticatorOnClock();
  const outcome = (r: SignedRequest): string => {
    try {
      fixture.auth.verify(r);
      return 'ok';
    } catch (err) {
      return err instanceof HttpError ? `${err.status} ${err.message}` : `crash ${String(err)}`;
    }
  };
  /** A request whose timestamp runs the whole skew ahead: acceptable for the next 60 s. */
  const ahead = (): SignedRequest => fixture.req({}, String(fixture.now() + TIMESTAMP_SKEW_MS));
  return { ...fixture, outcome, ahead };
}

describe('Authenticator replay memory across generations', () => {
  it('is exactly as long as a timestamp can stay acceptable', () => {
    expect(REPLAY_MEMORY_MS).toBe(2 * TIMESTAMP_SKEW_MS);
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
