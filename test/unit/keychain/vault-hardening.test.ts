/** Issue 17.2: passphrase strength, scrypt cost and its migration, auto-lock. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdleTimers } from '../../../src/main/keychain/idle-lock';
import { KeyService } from '../../../src/main/keychain/key-service';
import { KeyStoreError } from '../../../src/main/keychain/key-store';
import { OsKeyStore } from '../../../src/main/keychain/os-key-store';
import { DEFAULT_SCRYPT } from '../../../src/main/keychain/vault-format';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PASS = 'quartz lantern meadow orbit';
const CREDS = { apiKey: 'AK-7', apiSecret: 'SECRET-hardening-7777' };
const OLD_COST = { N: 2 ** 15, r: 8, p: 1 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-vault17-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof KeyStoreError ? e.code : String(e)),
  );
const fileKdf = async () =>
  (JSON.parse(await readFile(join(dir, 'vault.json'), 'utf8')) as { kdf: { N: number; salt: string } }).kdf;

/** Timers the test fires itself: no waiting, no timed assertions. */
function manualTimers(): IdleTimers & { pending: Array<{ ms: number; fire: () => void }>; fireAll(): void } {
  const pending: Array<{ ms: number; fire: () => void }> = [];
  return {
    pending,
    start(ms, fire) {
      const entry = { ms, fire };
      pending.push(entry);
      return () => {
        const at = pending.indexOf(entry);
        if (at >= 0) pending.splice(at, 1);
      };
    },
    fireAll() {
      for (const entry of pending.splice(0)) entry.fire();
    },
  };
}

describe('vault passphrase strength', () => {
  it('refuses guessable passphrases of any length with zxcvbn feedback, and creates nothing', async () => {
    const vault = new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: OLD_COST });
    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiopasdf', 'abcdefghijklmnop']) {
      const error = await vault.create(weak).catch((e: unknown) => e);
      expect(error, weak).toBeInstanceOf(KeyStoreError);
      expect((error as KeyStoreError).code).toBe('bad-input');
      expect((error as KeyStoreError).message).toMatch(/too easy to guess \(strength [0-2] of 4/);
      expect((error as KeyStoreError).message).not.toContain(weak);
    }
    expect(await readdir(dir)).toEqual([]);
    await vault.create(PASS);
    expect(vault.isUnlocked()).toBe(true);
  });
});

describe('vault passphrase and the names the console knows', () => {
  it('refuses a passphrase built on a workspace name or the OS account name, on the main side', async () => {
    const names = { userInputs: () => ['Treasury desk', 'org-7f3a9c'] };
    const vault = new VaultKeyStore({
      dataDir: dir,
      logger: quiet,
      scrypt: OLD_COST,
      passphraseContext: names,
    });
    const account = userInfo().username;
    for (const weak of ['TreasuryDesk2026!', `${account}-Vault-2026!`, 'Copper-Operator-2026!']) {
      const error = await vault.create(weak).catch((e: unknown) => e);
      expect(error, weak).toBeInstanceOf(KeyStoreError);
      expect((error as KeyStoreError).message).toMatch(
        /It contains (the app's name|a name this console knows)/,
      );
    }
    expect(await readdir(dir)).toEqual([]);
    await vault.create(PASS);
    expect(vault.isUnlocked()).toBe(true);
  });
});

describe('vault scrypt cost', () => {
  it('writes new vaults with N >= 2^17', async () => {
    expect(DEFAULT_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
    const vault = new VaultKeyStore({ dataDir: dir, logger: quiet });
    await vault.create(PASS);
    expect((await fileKdf()).N).toBeGreaterThanOrEqual(2 ** 17);
  }, 60_000);

  it('re-encrypts a 2^15 vault at the current cost on its next successful unlock, keeping its keys', async () => {
    const old = new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: OLD_COST });
    await old.create(PASS);
    await old.set('w1', CREDS);
    const before = await fileKdf();
    expect(before.N).toBe(2 ** 15);

    const current = new VaultKeyStore({ dataDir: dir, logger: quiet });
    expect(await codeOf(current.unlock('wrong passphrase here'))).toBe('vault-passphrase');
    expect((await fileKdf()).N).toBe(2 ** 15); // a failed unlock migrates nothing

    await current.unlock(PASS);
    const after = await fileKdf();
    expect(after.N).toBe(DEFAULT_SCRYPT.N);
    expect(after.salt).not.toBe(before.salt);
    expect((await current.signer('w1'))?.apiKey).toBe(CREDS.apiKey);
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    // The migrated file opens from scratch with the same passphrase.
    const again = new VaultKeyStore({ dataDir: dir, logger: quiet });
    await again.unlock(PASS);
    expect((await again.signer('w1'))?.apiKey).toBe(CREDS.apiKey);
  }, 60_000);
});

describe('vault auto-lock', () => {
  it('locks after the idle time, restarts the countdown on use, and reports the lock', async () => {
    const timers = manualTimers();
    const locks: string[] = [];
    const vault = new VaultKeyStore({
      dataDir: dir,
      logger: quiet,
      scrypt: OLD_COST,
      autoLockMinutes: 7,
      idleTimers: timers,
      onLocked: (reason) => locks.push(reason),
    });
    await vault.create(PASS);
    expect(timers.pending.map((t) => t.ms)).toEqual([7 * 60_000]);
    await vault.set('w1', CREDS);
    await vault.signer('w1');
    expect(timers.pending).toHaveLength(1); // each use replaced the countdown, never stacked one
    const armed = timers.pending[0];
    await vault.status('w1');
    expect(timers.pending[0]).toBe(armed); // asking whether a key exists is not using it

    timers.fireAll();
    expect(vault.isUnlocked()).toBe(false);
    expect(locks).toEqual(['idle']);
    expect(await codeOf(vault.signer('w1'))).toBe('vault-locked');

    await vault.unlock(PASS);
    vault.lock();
    expect(timers.pending).toEqual([]); // locking disarms
    expect(locks).toEqual(['idle', 'request']);
  });

  it('persists the idle time, and a locked vault fails the next signed request with vault-locked', async () => {
    const broken = {
      getPassword: () => Promise.reject(new Error('no Secret Service')),
      setPassword: () => Promise.reject(new Error('no Secret Service')),
      deletePassword: () => Promise.reject(new Error('no Secret Service')),
    };
    const startService = (timers: IdleTimers) =>
      KeyService.start({
        dataDir: dir,
        logger: quiet,
        osKeyStore: new OsKeyStore({ keytar: broken, timeoutMs: 200, logger: quiet }),
        idleTimers: timers,
      });
    const timers = manualTimers();
    const keys = await startService(timers);
    expect(keys.autoLock()).toEqual({ minutes: 15 });
    expect((await keys.setAutoLock(3)).ok).toBe(true);
    const locked: string[] = [];
    keys.onVaultLocked(() => locked.push('locked'));

    expect((await keys.createVault(PASS)).ok).toBe(true);
    expect((await keys.setKey('w1', CREDS)).ok).toBe(true);
    expect(timers.pending.map((t) => t.ms)).toEqual([3 * 60_000]);
    timers.fireAll();
    expect(locked).toEqual(['locked']);
    const signer = await keys.signerFor('w1');
    expect(!signer.ok && signer.error.code).toBe('vault-locked');

    const restarted = await startService(manualTimers());
    expect(restarted.autoLock()).toEqual({ minutes: 3 });
  }, 60_000);
});
