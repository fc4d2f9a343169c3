/**
 * The encrypted vault (src/main/keychain/vault-key-store.ts): create, store, lock and unlock; wrong
 * and weak passphrases; what the file holds (never a key or secret in plaintext, a fresh IV per
 * write, owner-only permissions) and refusals of a missing, tampered, non-JSON or misshapen file;
 * the scrypt cost and its migration; auto-lock and who is told of a lock. scrypt at the format's
 * lowest cost (2^15) keeps most of it quick; the default cost is tested where it matters.
 */
import { createHmac } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KeyStoreError } from '../../../src/main/keychain/key-store';
import { DEFAULT_SCRYPT } from '../../../src/main/keychain/vault-format';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { CHEAP_SCRYPT, PASSPHRASE as PASS, manualTimers, quiet } from '../../support/fixtures/keychain';
import { useTempDir } from '../../support/temp-dir';

const CREDS = { apiKey: 'AK-7f3e9c1d-visible', apiSecret: 'S3CR3T-b8a1c2d3e4f5-never-plain' };

const dir = useTempDir('copper-vault-');

const newVault = (onLocked?: (reason: 'idle' | 'request') => void) =>
  new VaultKeyStore({
    dataDir: dir(),
    logger: quiet,
    scrypt: CHEAP_SCRYPT,
    ...(onLocked ? { onLocked } : {}),
  });

/** Resolves to the KeyStoreError code the promise rejects with. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof KeyStoreError) return error.code;
    throw error;
  }
  throw new Error('expected a KeyStoreError');
}
const fileKdf = async () =>
  (JSON.parse(await readFile(join(dir(), 'vault.json'), 'utf8')) as { kdf: { N: number; salt: string } }).kdf;

describe('VaultKeyStore', () => {
  it('creates, stores, locks and unlocks', async () => {
    const vault = newVault();
    expect(await vault.exists()).toBe(false);
    await vault.create(PASS);
    expect(vault.isUnlocked()).toBe(true);
    expect((await stat(vault.path)).mode & 0o777).toBe(0o600);
    await vault.set('ws-1', CREDS);
    expect(await vault.status('ws-1')).toEqual({ configured: true });
    expect(await vault.status('ws-2')).toEqual({ configured: false });

    vault.lock();
    expect(vault.isUnlocked()).toBe(false);
    expect(await codeOf(vault.set('ws-2', CREDS))).toBe('vault-locked');
    expect(await codeOf(vault.signer('ws-1'))).toBe('vault-locked');
    expect(await codeOf(vault.status('ws-1'))).toBe('vault-locked');

    // A fresh instance (a new app start) unlocks the same file.
    const again = newVault();
    await again.unlock(PASS);
    expect(await again.status('ws-1')).toEqual({ configured: true });
    await again.delete('ws-1');
    expect(await again.signer('ws-1')).toBeNull();
  });

  it('refuses a wrong passphrase with vault-passphrase and changes nothing', async () => {
    const vault = newVault();
    await vault.create(PASS);
    await vault.set('ws-1', CREDS);
    const before = await readFile(vault.path);

    vault.lock();
    const error = await vault.unlock('not the passphrase').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyStoreError);
    expect((error as KeyStoreError).code).toBe('vault-passphrase');
    expect((error as KeyStoreError).message).toMatch(/Wrong passphrase/);
    expect(vault.isUnlocked()).toBe(false);
    expect(await readFile(vault.path)).toEqual(before);

    // While unlocked, a wrong passphrase does not lock it either.
    await vault.unlock(PASS);
    expect(await codeOf(vault.unlock('still wrong passphrase'))).toBe('vault-passphrase');
    expect(vault.isUnlocked()).toBe(true);
    expect(await vault.status('ws-1')).toEqual({ configured: true });
  });

  it('refuses to create over an existing vault, a short passphrase, and unlocking a missing vault', async () => {
    const vault = newVault();
    expect(await codeOf(vault.unlock(PASS))).toBe('vault-locked');
    expect(await codeOf(vault.create('short'))).toBe('bad-input');
    await vault.create(PASS);
    expect(await codeOf(newVault().create(PASS))).toBe('bad-input');
  });

  it('never writes the key or secret in plaintext, and uses a fresh IV per write', async () => {
    const vault = newVault();
    await vault.create(PASS);
    await vault.set('ws-1', CREDS);
    const first = await readFile(vault.path);
    for (const needle of [CREDS.apiKey, CREDS.apiSecret, PASS]) {
      expect(first.includes(Buffer.from(needle))).toBe(false);
      expect(first.includes(Buffer.from(needle).toString('base64').slice(0, 16))).toBe(false);
    }
    const iv1 = JSON.parse(first.toString()).cipher.iv as string;
    await vault.set('ws-2', { apiKey: 'k2', apiSecret: 's2' });
    const iv2 = JSON.parse((await readFile(vault.path)).toString()).cipher.iv as string;
    expect(iv2).not.toBe(iv1);
    const doc = JSON.parse((await readFile(vault.path)).toString());
    expect(doc.kdf).toMatchObject({ name: 'scrypt', r: 8, p: 1, keyLength: 32 });
    expect(doc.kdf.N).toBeGreaterThanOrEqual(2 ** 15);
    expect(Buffer.from(doc.kdf.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(doc.cipher.iv, 'base64')).toHaveLength(12);
  });

  it('fails to open a tampered file (GCM tag) and leaves it as it was', async () => {
    const vault = newVault();
    await vault.create(PASS);
    await vault.set('ws-1', CREDS);
    vault.lock();
    const doc = JSON.parse(await readFile(vault.path, 'utf8'));
    const bytes = Buffer.from(doc.ciphertext, 'base64');
    bytes[3] = (bytes[3] ?? 0) ^ 0x01;
    doc.ciphertext = bytes.toString('base64');
    const tampered = JSON.stringify(doc);
    await writeFile(vault.path, tampered);
    const error = await vault.unlock(PASS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyStoreError);
    expect((error as KeyStoreError).message).toMatch(/integrity check/);
    expect(vault.isUnlocked()).toBe(false);
    expect(await readFile(vault.path, 'utf8')).toBe(tampered);

    // Editing the header (here the scrypt cost) also fails: it is authenticated data.
    const doc2 = JSON.parse(tampered);
    doc2.kdf.N = 2 ** 16;
    await writeFile(vault.path, JSON.stringify(doc2));
    expect(await codeOf(vault.unlock(PASS))).toMatch(/vault-passphrase|io/);

    await writeFile(vault.path, '{"version":1}');
    expect(await codeOf(vault.unlock(PASS))).toBe('io');
  });

  it('signs exactly like an independent HMAC-SHA256, without exposing the secret', async () => {
    const vault = newVault();
    await vault.create(PASS);
    await vault.set('ws-1', CREDS);
    const signer = await vault.signer('ws-1');
    if (!signer) throw new Error('no signer');
    const message = '1700000000000GET/platform/portfolios?limit=10';
    const expected = createHmac('sha256', CREDS.apiSecret).update(message).digest('hex');
    expect(signer.sign(message)).toBe(expected);
    expect(signer.sign(Buffer.from(message))).toBe(expected);
    expect(signer.sign(message)).toBe(expected); // a fresh Hmac per call
    expect(signer.apiKey).toBe(CREDS.apiKey);
    expect(JSON.stringify(signer)).not.toContain(CREDS.apiSecret);
    expect(inspect(signer, { showHidden: true, depth: 5 })).not.toContain(CREDS.apiSecret);
    // A signer handed out before lock keeps working; new ones need the vault unlocked.
    vault.lock();
    expect(signer.sign(message)).toBe(expected);
  });
});

describe('the vault file', () => {
  it('is written readable by its owner only', async () => {
    const vault = newVault();
    await vault.create(PASS);
    await vault.set('ws-1', { apiKey: 'AK', apiSecret: 'SECRET-edges' });
    expect((await stat(vault.path)).mode & 0o777).toBe(0o600);
  });

  it('a missing vault says where it looked and what to do', async () => {
    await expect(newVault().unlock(PASS)).rejects.toThrow(
      `No encrypted vault exists yet at ${join(dir(), 'vault.json')}; create one with a passphrase first.`,
    );
  });

  it('a file that is not JSON is refused as io, named, and left as it was', async () => {
    const vault = newVault();
    await writeFile(vault.path, '{ not json');
    await expect(vault.unlock(PASS)).rejects.toMatchObject({
      code: 'io',
      message: `The vault at ${vault.path} is not valid JSON; it was left unchanged.`,
    });
    expect(await readFile(vault.path, 'utf8')).toBe('{ not json');
  });

  it('a file of the wrong shape names the field at fault', async () => {
    const vault = newVault();
    await vault.create(PASS);
    const file = JSON.parse(await readFile(vault.path, 'utf8'));
    file.kdf.N = 3;
    await writeFile(vault.path, JSON.stringify(file));
    const refused = newVault().unlock(PASS);
    await expect(refused).rejects.toMatchObject({ code: 'io' });
    await expect(refused).rejects.toThrow(
      /^The vault at .+ is not a valid vault \(kdf\.N: .+\); it was left unchanged\.$/,
    );
  });
});

describe('the vault locking', () => {
  it('tells the listener once per lock, with the reason', async () => {
    const reasons: string[] = [];
    const vault = newVault((reason) => reasons.push(reason));
    await vault.create(PASS);
    vault.lock();
    vault.lock();
    expect(reasons).toEqual(['request']);
    expect(vault.isUnlocked()).toBe(false);
  });
});

describe('vault passphrase strength', () => {
  it('refuses guessable passphrases of any length with zxcvbn feedback, and creates nothing', async () => {
    const vault = newVault();
    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiopasdf', 'abcdefghijklmnop']) {
      const error = await vault.create(weak).catch((e: unknown) => e);
      expect(error, weak).toBeInstanceOf(KeyStoreError);
      expect((error as KeyStoreError).code).toBe('bad-input');
      expect((error as KeyStoreError).message).toMatch(/too easy to guess \(strength [0-2] of 4/);
      expect((error as KeyStoreError).message).not.toContain(weak);
    }
    expect(await readdir(dir())).toEqual([]);
    await vault.create(PASS);
    expect(vault.isUnlocked()).toBe(true);
  });
});

describe('vault passphrase and the names the console knows', () => {
  it('refuses a passphrase built on a workspace name or the OS account name, on the main side', async () => {
    const names = { userInputs: () => ['Treasury desk', 'org-7f3a9c'] };
    const vault = new VaultKeyStore({
      dataDir: dir(),
      logger: quiet,
      scrypt: CHEAP_SCRYPT,
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
    expect(await readdir(dir())).toEqual([]);
    await vault.create(PASS);
    expect(vault.isUnlocked()).toBe(true);
  });
});

describe('vault scrypt cost', () => {
  it('writes new vaults with N >= 2^17', async () => {
    expect(DEFAULT_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
    const vault = new VaultKeyStore({ dataDir: dir(), logger: quiet });
    await vault.create(PASS);
    expect((await fileKdf()).N).toBeGreaterThanOrEqual(2 ** 17);
  }, 60_000);

  it('re-encrypts a 2^15 vault at the current cost on its next successful unlock, keeping its keys', async () => {
    const old = newVault();
    await old.create(PASS);
    await old.set('w1', CREDS);
    const before = await fileKdf();
    expect(before.N).toBe(2 ** 15);

    const current = new VaultKeyStore({ dataDir: dir(), logger: quiet });
    expect(await codeOf(current.unlock('wrong passphrase here'))).toBe('vault-passphrase');
    expect((await fileKdf()).N).toBe(2 ** 15); // a failed unlock migrates nothing

    await current.unlock(PASS);
    const after = await fileKdf();
    expect(after.N).toBe(DEFAULT_SCRYPT.N);
    expect(after.salt).not.toBe(before.salt);
    expect((await current.signer('w1'))?.apiKey).toBe(CREDS.apiKey);
    expect((await readdir(dir())).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    // The migrated file opens from scratch with the same passphrase.
    const again = new VaultKeyStore({ dataDir: dir(), logger: quiet });
    await again.unlock(PASS);
    expect((await again.signer('w1'))?.apiKey).toBe(CREDS.apiKey);
  }, 60_000);
});

describe('vault auto-lock', () => {
  it('locks after the idle time, restarts the countdown on use, and reports the lock', async () => {
    const timers = manualTimers();
    const locks: string[] = [];
    const vault = new VaultKeyStore({
      dataDir: dir(),
      logger: quiet,
      scrypt: CHEAP_SCRYPT,
      autoLockMinutes: 7,
      idleTimers: timers.timers,
      onLocked: (reason) => locks.push(reason),
    });
    await vault.create(PASS);
    expect(timers.pending.map((t) => t.ms)).toEqual([7 * 60_000]);
    await vault.set('w1', CREDS);
    const afterSet = timers.pending[0];
    const signer = await vault.signer('w1');
    // Reading which key a workspace has (the guard meter, every 15 s) is not using it.
    expect(timers.pending[0]).toBe(afterSet);
    signer?.sign('m');
    expect(timers.pending).toHaveLength(1); // each use replaced the countdown, never stacked one
    const armed = timers.pending[0];
    expect(armed).not.toBe(afterSet); // a signature is a use
    await vault.status('w1');
    expect(timers.pending[0]).toBe(armed); // asking whether a key exists is not using it

    timers.fire();
    expect(vault.isUnlocked()).toBe(false);
    expect(locks).toEqual(['idle']);
    expect(await codeOf(vault.signer('w1'))).toBe('vault-locked');
    signer?.sign('m'); // a signer handed out before keeps signing, but re-arms nothing while locked
    expect(timers.pending).toEqual([]);

    await vault.unlock(PASS);
    vault.lock();
    expect(timers.pending).toEqual([]); // locking disarms
    expect(locks).toEqual(['idle', 'request']);
  });
});
