import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyStoreError } from '../../../src/main/keychain/key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PASS = 'quartz lantern meadow orbit';
const CREDS = { apiKey: 'AK-7f3e9c1d-visible', apiSecret: 'S3CR3T-b8a1c2d3e4f5-never-plain' };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The format's lowest cost keeps these tests quick; vault-hardening.test.ts covers the default.
const newVault = () => new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: { N: 2 ** 15, r: 8, p: 1 } });

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
