/**
 * The key service (src/main/keychain/key-service.ts): which store a key goes to (the OS keychain,
 * else an unlocked vault, the built-in sandbox's in memory), what it refuses and how it says so,
 * what it logs, the vault's auto-lock time and its lock listeners.
 */
import { createHmac } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { IdleTimers } from '../../../src/main/keychain/idle-lock';
import { KeyService } from '../../../src/main/keychain/key-service';
import { OsKeyStore, type KeytarApi } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { DEFAULT_AUTO_LOCK_MINUTES } from '../../../src/shared/vault-settings';
import {
  CHEAP_SCRYPT,
  PASSPHRASE as PASS,
  fakeKeytar,
  keytarWith,
  manualTimers,
  quiet,
  recordingLog,
} from '../../support/fixtures/keychain';
import { useTempDir } from '../../support/temp-dir';

const CREDS = { apiKey: 'AK-1', apiSecret: 'SECRET-service-test-9999' };

const dir = useTempDir('copper-keys-');

const vault = () => new VaultKeyStore({ dataDir: dir(), logger: quiet, scrypt: CHEAP_SCRYPT });
const start = (keytar: KeytarApi, log = recordingLog()) =>
  KeyService.start({
    dataDir: dir(),
    logger: log.logger,
    osKeyStore: new OsKeyStore({ keytar, timeoutMs: 200, logger: quiet }),
    vault: vault(),
  });
const working = () => keytarWith(async () => null).api;
const broken = () =>
  keytarWith(async () => {
    throw new Error('D-Bus is gone');
  }).api;

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

describe('KeyService refusals and what it logs', () => {
  it('logs the probe result each time it asks', async () => {
    const up = recordingLog();
    await start(working(), up);
    expect(up.lines).toEqual(['info OS keychain available']);
    const down = recordingLog();
    const keys = await start(broken(), down);
    expect(down.lines).toEqual([
      'warn OS keychain unavailable: The OS keychain refused to probe: D-Bus is gone',
    ]);
    expect(await keys.status()).toMatchObject({ backend: 'vault', osKeychainAvailable: false });
  });
  it('will not delete past a locked vault, which may hold the key, even with an OS keychain', async () => {
    const keys = await start(working());
    expect((await keys.createVault(PASS)).ok).toBe(true);
    await keys.lockVault();
    expect(await keys.deleteKey('ws')).toEqual({
      ok: false,
      error: {
        code: 'vault-locked',
        message:
          'The encrypted vault is locked, so the key stored in it cannot be removed. Unlock the vault first, then try again.',
      },
    });
    expect((await keys.unlockVault(PASS)).ok).toBe(true);
    expect(await keys.deleteKey('ws')).toEqual({ ok: true, value: { configured: false } });
  });
  it('with no vault at all, a locked-vault rule has nothing to protect', async () => {
    const keys = await start(working());
    expect(await keys.deleteKey('ws')).toEqual({
      ok: true,
      value: { configured: false },
    });
  });
  it('stops at the first store that fails to delete, with its error', async () => {
    const k = keytarWith(async (call) => {
      if (call === 'delete') throw new Error('denied');
      return null;
    });
    const keys = await start(k.api);
    expect(await keys.deleteKey('ws')).toEqual({
      ok: false,
      error: { code: 'keychain-unavailable', message: 'The OS keychain refused to delete the key: denied' },
    });
  });
  it('turns an unexpected failure into a generic internal error and logs the detail', async () => {
    const log = recordingLog();
    const store = new OsKeyStore({ keytar: working() });
    store.signer = () => Promise.reject(new TypeError('boom'));
    const keys = await KeyService.start({
      dataDir: dir(),
      logger: log.logger,
      osKeyStore: store,
      vault: vault(),
    });
    expect(await keys.signerFor('ws')).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The keychain failed to read the key; see the log for details.' },
    });
    expect(log.lines).toContain('error failed to read the key: boom');
  });
  it('names what it refuses for the built-in sandbox and for a locked vault, and logs nothing', async () => {
    const log = recordingLog();
    const keys = await start(broken(), log);
    log.lines.length = 0;
    await keys.registerMemoryKey('sandbox', CREDS);
    expect(await keys.setKey('sandbox', CREDS)).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: "The Local sandbox's key is made by the app at each start and cannot be replaced.",
      },
    });
    expect(await keys.deleteKey('sandbox')).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: "The Local sandbox's key is made by the app at each start and cannot be deleted.",
      },
    });
    expect((await keys.createVault(PASS)).ok).toBe(true);
    await keys.lockVault();
    log.lines.length = 0;
    expect(await keys.signerFor('ws')).toEqual({
      ok: false,
      error: {
        code: 'vault-locked',
        message: 'The encrypted vault is locked. Unlock it with its passphrase to use the keys stored in it.',
      },
    });
    expect(await keys.isConfigured('ws')).toBe(false);
    expect(log.lines).toEqual([]);
  });
  it('names the failed step in an internal error', async () => {
    const log = recordingLog();
    const v = vault();
    const boom = () => Promise.reject(new TypeError('boom'));
    Object.assign(v, { create: boom, unlock: boom, delete: boom, status: boom, isUnlocked: () => true });
    const keys = await KeyService.start({
      dataDir: dir(),
      logger: log.logger,
      osKeyStore: new OsKeyStore({ keytar: broken() }),
      vault: v,
    });
    const internal = async (run: Promise<unknown>) => {
      const r = (await run) as { ok: boolean; error?: { message: string } };
      return r.error?.message;
    };
    expect(await internal(keys.createVault('x'))).toBe(
      'The keychain failed to create the vault; see the log for details.',
    );
    expect(await internal(keys.unlockVault('x'))).toBe(
      'The keychain failed to unlock the vault; see the log for details.',
    );
    expect(await internal(keys.deleteKey('ws'))).toBe(
      'The keychain failed to delete the key; see the log for details.',
    );
    expect(await keys.isConfigured('ws')).toBe(false);
    expect(log.lines).toContain('error failed to read the key status: boom');
  });
  it('reports no keychain error while the keychain answers', async () => {
    const status = await (await start(working())).status();
    expect(status.osKeychainAvailable).toBe(true);
    expect('osKeychainError' in status).toBe(false);
  });
  it('names the store a key went to', async () => {
    const log = recordingLog();
    const keys = await start(working(), log);
    expect(await keys.setKey('ws-9', CREDS)).toEqual({ ok: true, value: { configured: true } });
    expect(log.lines).toContain('info stored the key of workspace ws-9 in os-keychain');
  });
  it('says when the auto-lock time cannot be saved, and keeps the old one', async () => {
    const keys = await start(working());
    expect(keys.autoLock()).toEqual({ minutes: DEFAULT_AUTO_LOCK_MINUTES });
    expect(await keys.setAutoLock(30)).toEqual({ ok: true, value: { minutes: 30 } });
    await rm(dir(), { recursive: true, force: true });
    await writeFile(dir(), 'a file where the data folder should be');
    const r = await keys.setAutoLock(40);
    expect(!r.ok && r.error.code).toBe('io');
    expect(!r.ok && r.error.message).toMatch(/^Could not save the auto-lock time: /);
    expect(keys.autoLock()).toEqual({ minutes: 30 });
    await rm(dir(), { force: true });
    await mkdir(dir());
  });
  it('tells the vault-lock listeners, until they unsubscribe', async () => {
    const t = manualTimers();
    const keys = await KeyService.start({
      dataDir: dir(),
      logger: recordingLog().logger,
      osKeyStore: new OsKeyStore({ keytar: broken() }),
      idleTimers: t.timers,
    });
    let told = 0;
    const off = keys.onVaultLocked(() => told++);
    expect((await keys.createVault(PASS)).ok).toBe(true);
    await keys.lockVault();
    expect(told).toBe(1);
    await keys.lockVault(); // already locked: nothing new to tell
    expect(told).toBe(1);
    expect((await keys.unlockVault(PASS)).ok).toBe(true);
    t.fire(); // the idle countdown
    expect(told).toBe(2);
    off();
    expect((await keys.unlockVault(PASS)).ok).toBe(true);
    await keys.lockVault();
    expect(told).toBe(2);
  }, 60_000); // the service's own vault: the default scrypt cost
});

describe('KeyService auto-lock', () => {
  it('persists the idle time, and a locked vault fails the next signed request with vault-locked', async () => {
    const startService = (timers: IdleTimers) =>
      KeyService.start({
        dataDir: dir(),
        logger: quiet,
        osKeyStore: new OsKeyStore({ keytar: broken(), timeoutMs: 200, logger: quiet }),
        idleTimers: timers,
      });
    const timers = manualTimers();
    const keys = await startService(timers.timers);
    expect(keys.autoLock()).toEqual({ minutes: 15 });
    expect((await keys.setAutoLock(3)).ok).toBe(true);
    const locked: string[] = [];
    keys.onVaultLocked(() => locked.push('locked'));

    expect((await keys.createVault(PASS)).ok).toBe(true);
    expect((await keys.setKey('w1', CREDS)).ok).toBe(true);
    expect(timers.pending.map((t) => t.ms)).toEqual([3 * 60_000]);
    expect((await keys.status()).vault.autoLocked).toBeUndefined();
    timers.fire();
    expect(locked).toEqual(['locked']);
    const signer = await keys.signerFor('w1');
    expect(!signer.ok && signer.error.code).toBe('vault-locked');
    // The screen is told it locked itself, and after how long (issue 29.4), until it opens again.
    const autoLocked = (await keys.status()).vault.autoLocked;
    expect(autoLocked?.afterMinutes).toBe(3);
    expect(autoLocked?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await keys.unlockVault(PASS)).ok).toBe(true);
    expect((await keys.status()).vault.autoLocked).toBeUndefined();
    // Locked by the operator (or the shell on sleep): locked, not "auto-locked".
    await keys.lockVault();
    expect((await keys.status()).vault).toMatchObject({ unlocked: false, exists: true });
    expect((await keys.status()).vault.autoLocked).toBeUndefined();
    expect(locked).toEqual(['locked', 'locked']);

    const restarted = await startService(manualTimers().timers);
    expect(restarted.autoLock()).toEqual({ minutes: 3 });
  }, 60_000);
});
