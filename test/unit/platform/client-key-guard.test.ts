/**
 * The platform client (src/main/platform/client.ts) finds its lockout guard per request, from the
 * key that signs it (`guardFor`): a key replaced between two requests counts against its own
 * guard, and a request waits for the guard's state to be durable before it leaves.
 */
import { describe, expect, it } from 'vitest';
import { LockoutGuard, type GuardPersistence } from '../../../src/main/guard/lockout-guard';
import { TEST_API_SECRET, referenceSigner } from '../../support/reference-hmac';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();

describe('the client’s guard is the signing key’s', () => {
  it('asks for the guard of the key that signs each request', async () => {
    const guards = new Map<string, LockoutGuard>();
    const asked: string[] = [];
    let apiKey = 'key-one';
    const client = fx.client({
      signer: async () => referenceSigner(apiKey, TEST_API_SECRET),
      guardFor: (key) => {
        asked.push(key);
        let guard = guards.get(key);
        if (guard === undefined) guards.set(key, (guard = new LockoutGuard(key)));
        return guard;
      },
    });
    // The verifying server knows another key: each of these is a failed authentication.
    expect((await client.request({ method: 'GET', path: '/a' })).ok).toBe(false);
    apiKey = 'key-two'; // the workspace's key is replaced
    expect((await client.request({ method: 'GET', path: '/b' })).ok).toBe(false);
    expect((await client.request({ method: 'GET', path: '/c' })).ok).toBe(false);
    expect(asked).toEqual(['key-one', 'key-two', 'key-two']);
    expect(guards.get('key-one')?.status().authFailures.count).toBe(1);
    expect(guards.get('key-two')?.status().authFailures.count).toBe(2);
  });

  it('waits for the guard’s write before the request leaves', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 200, { done: true }));
    let finish: () => void = () => undefined;
    let guard: LockoutGuard | null = null;
    const persistence: GuardPersistence = {
      saveNow: () =>
        new Promise<void>((resolve) => {
          guard?.snapshotForWrite();
          finish = () => {
            guard?.writeDone();
            resolve();
          };
        }),
      saveSoon: () => undefined,
    };
    guard = new LockoutGuard('k', { persistence });
    const client = fx.client({ guardFor: () => guard ?? undefined });
    const pending = client.request({ method: 'GET', path: '/a' });
    await new Promise((r) => setTimeout(r, 20));
    expect(fx.server.hits).toHaveLength(0); // held until the in-flight allowance is on disk
    finish();
    expect((await pending).ok).toBe(true);
    expect(fx.server.hits).toHaveLength(1);
  });
});
