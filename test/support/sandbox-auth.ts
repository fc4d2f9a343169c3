/**
 * A sandbox Authenticator on a hand-driven clock with one key (`k` / `s`), and a builder of
 * requests signed for it: the fixture of the sandbox's authentication unit tests.
 */
import { Authenticator, type SignedRequest } from '../../src/sandbox/auth';
import { signPlatformRequest } from './sandbox-signing';

export function authenticatorOnClock() {
  let now = 1_750_000_000_000;
  const auth = new Authenticator(() => now);
  auth.addKey({ apiKey: 'k', apiSecret: 's', organizationId: 'o', userId: 'u' });
  const req = (over: Partial<SignedRequest> = {}, ts = String(now)): SignedRequest => ({
    method: 'GET',
    target: '/platform/wallets',
    body: Buffer.alloc(0),
    remoteAddress: '127.0.0.1',
    authorization: 'ApiKey k',
    timestamp: ts,
    signature: signPlatformRequest('s', ts, 'GET', '/platform/wallets'),
    ...over,
  });
  return {
    auth,
    req,
    advance: (ms: number): void => {
      now += ms;
    },
    now: () => now,
  };
}
