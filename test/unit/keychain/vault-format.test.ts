/**
 * The vault file's format (src/main/keychain/vault-format.ts) through its exports: which headers
 * it accepts, the cost rule, key derivation (exactly node's scrypt at the stated cost and salt),
 * the passphrase check, sealing, and a cut-short GCM tag refused. The store's behaviour is in
 * vault-key-store.test.ts.
 */
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT,
  checkMatches,
  deriveKey,
  newKdf,
  openVault,
  passphraseCheck,
  sealVault,
  vaultFileSchema,
  weakerThan,
  type VaultFile,
  type VaultKdf,
} from '../../../src/main/keychain/vault-format';

const CHEAP = { N: 2 ** 15, r: 8, p: 1 };
const ENTRIES = { entries: { 'ws-1': { apiKey: 'AK', apiSecret: 'SECRET-format' } } };

async function sealed(): Promise<{ key: Buffer; file: VaultFile }> {
  const kdf = newKdf(CHEAP);
  const key = await deriveKey('correct horse battery staple', kdf);
  return { key, file: sealVault(key, kdf, ENTRIES) };
}

/** A vault file as untyped JSON, for editing it into shapes the schema must refuse. */
type LooseFile = { kdf: Record<string, unknown>; cipher: Record<string, unknown>; [field: string]: unknown };

/** The zod messages for `file` with `edit` applied, or [] when it is accepted. */
function problems(file: VaultFile, edit: (copy: LooseFile) => void): string[] {
  const copy = structuredClone(file) as unknown as LooseFile;
  edit(copy);
  const parsed = vaultFileSchema.safeParse(copy);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('vault file header', () => {
  it('accepts what sealVault writes, and round-trips the entries', async () => {
    const { key, file } = await sealed();
    expect(vaultFileSchema.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
    expect(openVault(key, file)).toEqual(ENTRIES);
    expect(file).toMatchObject({ version: 1, kdf: { name: 'scrypt', ...CHEAP, keyLength: 32 } });
  });

  it('holds the scrypt cost between 2^15 and 2^20, r 8..32, p 1..4, and 1 GiB of memory', async () => {
    const { file } = await sealed();
    const powerRule = 'must be a power of two from 2^15 to 2^20';
    expect(problems(file, (f) => (f.kdf.N = 2 ** 14))).toEqual([powerRule]);
    expect(problems(file, (f) => (f.kdf.N = 2 ** 21))).toContain(powerRule);
    expect(problems(file, (f) => (f.kdf.N = 3 * 2 ** 15))).toEqual([powerRule]);
    expect(problems(file, (f) => (f.kdf.N = 2 ** 20))).toEqual([]);
    expect(problems(file, (f) => (f.kdf.N = 2 ** 15 + 0.5))).not.toEqual([]);
    expect(problems(file, (f) => (f.kdf.r = 7))).not.toEqual([]);
    expect(problems(file, (f) => (f.kdf.r = 32))).toEqual([]);
    expect(problems(file, (f) => (f.kdf.r = 33))).not.toEqual([]);
    expect(problems(file, (f) => (f.kdf.p = 0))).not.toEqual([]);
    expect(problems(file, (f) => (f.kdf.p = 4))).toEqual([]);
    expect(problems(file, (f) => (f.kdf.p = 5))).not.toEqual([]);
    // 128 × 2^20 × 8 × 1 is exactly 1 GiB: allowed; twice that is not.
    expect(problems(file, (f) => Object.assign(f.kdf, { N: 2 ** 20, r: 8, p: 1 }))).toEqual([]);
    expect(problems(file, (f) => Object.assign(f.kdf, { N: 2 ** 20, r: 8, p: 2 }))).toEqual([
      'asks scrypt for more than 1 GiB of memory',
    ]);
  });

  it('checks every base64 field and its length', async () => {
    const { file } = await sealed();
    expect(problems(file, (f) => (f.kdf.salt = Buffer.alloc(15).toString('base64')))).toEqual([
      'must be 16 bytes',
    ]);
    expect(problems(file, (f) => (f.kdf.salt = `!${f.kdf.salt}`))).toContain('must be base64');
    expect(problems(file, (f) => (f.check = Buffer.alloc(31).toString('base64')))).toEqual([
      'must be 32 bytes',
    ]);
    expect(problems(file, (f) => (f.cipher.iv = Buffer.alloc(16).toString('base64')))).toEqual([
      'must be 12 bytes',
    ]);
    expect(problems(file, (f) => (f.cipher.tag = Buffer.alloc(12).toString('base64')))).toEqual([
      'must be 16 bytes',
    ]);
    expect(problems(file, (f) => (f.ciphertext = 'not base64!'))).toEqual(['must be base64']);
    expect(problems(file, (f) => (f.ciphertext = `${f.ciphertext}\n`))).toEqual(['must be base64']);
    expect(problems(file, (f) => (f.version = 2))).not.toEqual([]);
    expect(problems(file, (f) => (f.cipher.name = 'aes-128-gcm'))).not.toEqual([]);
    expect(problems(file, (f) => (f.kdf.keyLength = 16))).not.toEqual([]);
  });
});

describe('scrypt cost', () => {
  it('new vaults use the default cost with a fresh 16-byte salt', () => {
    const a = newKdf();
    const b = newKdf();
    expect(a).toMatchObject({ name: 'scrypt', ...DEFAULT_SCRYPT, keyLength: 32 });
    expect(Buffer.from(a.salt, 'base64')).toHaveLength(16);
    expect(a.salt).not.toBe(b.salt);
    expect(DEFAULT_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
  });
  it('a file is weaker when its N or its r is lower than the target', () => {
    const kdf = newKdf(CHEAP);
    expect(weakerThan(kdf, CHEAP)).toBe(false);
    expect(weakerThan(kdf, { ...CHEAP, N: 2 ** 16 })).toBe(true);
    expect(weakerThan(kdf, { ...CHEAP, r: 9 })).toBe(true);
    expect(weakerThan(kdf, { ...CHEAP, N: 2 ** 14, r: 4 })).toBe(false);
  });
});

describe('keys', () => {
  it('derives the same key for the same passphrase however its accents are encoded', async () => {
    const kdf = newKdf(CHEAP);
    const composed = await deriveKey('caf\u00e9 au lait', kdf);
    const decomposed = await deriveKey('cafe\u0301 au lait', kdf);
    expect(composed.equals(decomposed)).toBe(true);
    expect(composed).toHaveLength(32);
    expect((await deriveKey('cafe au lait', kdf)).equals(composed)).toBe(false);
    expect((await deriveKey('caf\u00e9 au lait', newKdf(CHEAP))).equals(composed)).toBe(false);
  });
  it('tells the right key from another by the check field alone', async () => {
    const { key, file } = await sealed();
    expect(checkMatches(key, file)).toBe(true);
    expect(checkMatches(Buffer.alloc(32, 1), file)).toBe(false);
    expect(checkMatches(key, { ...file, check: Buffer.alloc(16).toString('base64') })).toBe(false);
    expect(passphraseCheck(key)).toBe(file.check);
  });
  it('authenticates the header: a changed cost or check fails to open', async () => {
    const { key, file } = await sealed();
    expect(() => openVault(key, { ...file, kdf: { ...file.kdf, r: 9 } })).toThrow();
    expect(() => openVault(key, { ...file, kdf: { ...file.kdf, salt: newKdf(CHEAP).salt } })).toThrow();
    expect(() => openVault(key, { ...file, check: passphraseCheck(Buffer.alloc(32)) })).toThrow();
    expect(() => openVault(Buffer.alloc(32, 2), file)).toThrow();
    const again = sealVault(key, file.kdf, ENTRIES);
    expect(again.cipher.iv).not.toBe(file.cipher.iv);
    expect(openVault(key, again)).toEqual(ENTRIES);
  });
  it('refuses content that decrypts but is not a vault', async () => {
    const { key, file } = await sealed();
    const odd = sealVault(key, file.kdf, { entries: { x: { apiKey: '', apiSecret: 's' } } });
    expect(() => openVault(key, odd)).toThrow();
  });
});

const SALT = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

describe("deriveKey against node's scrypt", () => {
  it('is scrypt at the stated N, r, p, salt and length', async () => {
    const kdf: VaultKdf = {
      name: 'scrypt',
      N: 2 ** 15,
      r: 8,
      p: 1,
      keyLength: 32,
      salt: SALT.toString('base64'),
    };
    const expected = scryptSync('correct horse battery staple', SALT, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect((await deriveKey('correct horse battery staple', kdf)).equals(expected)).toBe(true);
  });
});

describe('openVault and the GCM tag', () => {
  it('refuses a file whose authentication tag was truncated', async () => {
    const kdf = newKdf(CHEAP);
    const key = await deriveKey('correct horse battery staple', kdf);
    const file = sealVault(key, kdf, { entries: {} });
    const short = {
      ...file,
      cipher: {
        ...file.cipher,
        tag: Buffer.from(file.cipher.tag, 'base64').subarray(0, 4).toString('base64'),
      },
    };
    expect(() => openVault(key, short)).toThrow();
    expect(openVault(key, file)).toEqual({ entries: {} });
  });
});
