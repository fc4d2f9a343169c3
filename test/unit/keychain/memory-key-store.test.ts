/** The in-memory store of the built-in sandbox's key (src/main/keychain/memory-key-store.ts). */
import { describe, expect, it } from 'vitest';
import { MemoryKeyStore } from '../../../src/main/keychain/memory-key-store';

const CREDS = { apiKey: 'AK-memory', apiSecret: 'SECRET-memory-1234' };

describe('MemoryKeyStore', () => {
  it('holds signers only, per workspace', async () => {
    const store = new MemoryKeyStore();
    await store.set('a', CREDS);
    expect(store.has('a')).toBe(true);
    expect(await store.status('a')).toEqual({ configured: true });
    expect(await store.status('b')).toEqual({ configured: false });
    expect((await store.signer('a'))?.apiKey).toBe(CREDS.apiKey);
    expect(await store.signer('b')).toBeNull();
    await store.delete('a');
    expect(store.has('a')).toBe(false);
    expect(JSON.stringify(store)).not.toContain(CREDS.apiSecret);
  });
});
