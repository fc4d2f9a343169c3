import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyService } from '../../../src/main/keychain/key-service';
import { OsKeyStore, type KeytarApi } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CREDS = { apiKey: 'AK-1', apiSecret: 'SECRET-service-test-9999' };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A keytar stand-in backed by a Map, optionally broken or hanging. */
function fakeKeytar(mode: 'working' | 'broken' | 'hanging'): KeytarApi & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const gate = <T>(run: () => T): Promise<T> =>
    mode === 'working'
      ? Promise.resolve(run())
      : mode === 'broken'
        ? Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'))
        : new Promise<T>(() => undefined);
  return {
    items,
    getPassword: (s, a) => gate(() => items.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => gate(() => void items.set(`${s}/${a}`, p)),
    deletePassword: (s, a) => gate(() => items.delete(`${s}/${a}`)),
  };
}

const start = (keytar: KeytarApi) =>
  KeyService.start({
    dataDir: dir,
    logger: quiet,
    osKeyStore: new OsKeyStore({ keytar, timeoutMs: 200, logger: quiet }),
    vault: new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: { N: 2 ** 15, r: 8, p: 1 } }),
  });

describe('KeyService', () => {
  it('uses the OS keychain when it answers, and stores JSON {apiKey, apiSecret} under copper-operator/<id>', async () => {
    const keytar = fakeKeytar('working');
    const keys = await start(keytar);
    expect(await keys.status()).toMatchObject({ backend: 'os-keychain', osKeychainAvailable: true });
    expect(await keys.setKey('ws-1', CREDS)).toEqual({ ok: true, value: { configured: true } });
    expect(JSON.parse(keytar.items.get('copper-operator/ws-1') ?? '')).toEqual(CREDS);
    const signer = await keys.signerFor('ws-1');
    expect(signer.ok && signer.value?.sign('m')).toBe(
      createHmac('sha256', CREDS.apiSecret).update('m').digest('hex'),
    );
    keytar.items.delete('copper-operator/ws-1'); // deleted behind the app's back
    expect(await keys.isConfigured('ws-1')).toBe(false);
    expect(await keys.signerFor('ws-1')).toEqual({ ok: true, value: null });
  });

  it('reports a hanging keychain as unavailable after the timeout and refuses to store without a vault', async () => {
    const keys = await start(fakeKeytar('hanging'));
    const status = await keys.status();
    expect(status).toMatchObject({
      backend: 'vault',
      osKeychainAvailable: false,
      vault: { exists: false, unlocked: false },
    });
    expect(status.osKeychainError).toMatch(/did not answer within 0.2 s/);
    const r = await keys.setKey('ws-1', CREDS);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('keychain-unavailable');
      expect(r.error.message).toMatch(
        /^No OS keychain answered \(.+\)\. Create or unlock an encrypted vault to store keys\.$/,
      );
      expect(r.error.message).not.toContain(CREDS.apiSecret);
    }
  });

  it('falls to the vault only when it is unlocked, and says vault-locked when it is not', async () => {
    const keys = await start(fakeKeytar('broken'));
    expect((await keys.status()).osKeychainError).toMatch(/D-Bus/);
    expect((await keys.createVault('passphrase of twelve+')).ok).toBe(true);
    expect((await keys.setKey('ws-1', CREDS)).ok).toBe(true);
    expect(await keys.isConfigured('ws-1')).toBe(true);
    const locked = await keys.lockVault();
    expect(locked.ok && locked.value.vault).toMatchObject({ exists: true, unlocked: false });
    const r = await keys.signerFor('ws-1');
    expect(!r.ok && r.error.code).toBe('vault-locked');
    expect(await keys.isConfigured('ws-1')).toBe(false);
    const wrong = await keys.unlockVault('wrong passphrase!!');
    expect(!wrong.ok && wrong.error.code).toBe('vault-passphrase');
    expect((await keys.unlockVault('passphrase of twelve+')).ok).toBe(true);
    expect(await keys.isConfigured('ws-1')).toBe(true);
    expect(await keys.deleteKey('ws-1')).toEqual({ ok: true, value: { configured: false } });
    expect(await keys.isConfigured('ws-1')).toBe(false);
  });

  it('keeps the built-in sandbox key in memory only, whatever the other backends', async () => {
    const keytar = fakeKeytar('working');
    const keys = await start(keytar);
    await keys.registerMemoryKey('sandbox-ws', CREDS);
    expect(await keys.isConfigured('sandbox-ws')).toBe(true);
    expect(keytar.items.size).toBe(0);
    const replace = await keys.setKey('sandbox-ws', CREDS);
    expect(!replace.ok && replace.error.code).toBe('bad-input');
    // Nor deleted: the Local sandbox would have no key until the next start.
    const remove = await keys.deleteKey('sandbox-ws');
    expect(!remove.ok && remove.error.code).toBe('bad-input');
    expect(await keys.isConfigured('sandbox-ws')).toBe(true);
    // A real workspace never lands in memory: with no keychain and no vault it is refused.
    const noBackend = await start(fakeKeytar('broken'));
    await noBackend.registerMemoryKey('sandbox-ws', CREDS);
    expect((await noBackend.setKey('real-ws', CREDS)).ok).toBe(false);
    expect(await noBackend.isConfigured('real-ws')).toBe(false);
  });
});
