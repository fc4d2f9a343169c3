/**
 * The encrypted vault file, `<dataDir>/vault.json`, used where no OS keychain answers. Stored shape:
 *
 * {
 *   "version": 1,
 *   "kdf": { "name": "scrypt", "N": 131072, "r": 8, "p": 1, "keyLength": 32,
 *            "salt": "<base64, 16 random bytes, fixed for the vault's life>" },
 *   "check": "<base64 HMAC-SHA256(derivedKey, 'copper-operator vault passphrase check')>",
 *   "cipher": { "name": "aes-256-gcm",
 *               "iv": "<base64, 12 random bytes, new on every write>",
 *               "tag": "<base64, 16-byte GCM tag>" },
 *   "ciphertext": "<base64>"
 * }
 *
 * The plaintext is JSON `{ "entries": { "<workspaceId>": { "apiKey": …, "apiSecret": … } } }`;
 * it exists only in memory. The header (version, kdf, check) is the GCM additional data, so
 * editing any of it fails authentication. `check` lets a wrong passphrase be told apart from a
 * damaged file; it reveals nothing the GCM tag does not already let an attacker test.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { z } from 'zod';
import { credentialsSchema } from './credentials';

export const VAULT_FILE = 'vault.json';

/**
 * scrypt cost of new vaults: 2^17 × r 8 needs 128 MiB and about half a second, which makes each
 * guess of an offline attack on the file cost as much. Files written with 2^15 (before issue 17)
 * are still read, and re-encrypted at this cost on their next successful unlock.
 */
export const DEFAULT_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const MIN_LOG_N = 15;
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;
const MAX_LOG_N = 20;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const CHECK_LABEL = 'copper-operator vault passphrase check';

const base64 = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
    .refine((s) => Buffer.from(s, 'base64').length === bytes, `must be ${bytes} bytes`);

const kdfSchema = z
  .object({
    name: z.literal('scrypt'),
    N: z
      .number()
      .int()
      .refine(
        (n) => Number.isInteger(Math.log2(n)) && Math.log2(n) >= MIN_LOG_N && Math.log2(n) <= MAX_LOG_N,
        'must be a power of two from 2^15 to 2^20',
      ),
    r: z.number().int().min(8).max(32),
    p: z.number().int().min(1).max(4),
    keyLength: z.literal(KEY_LENGTH),
    salt: base64(SALT_LENGTH),
  })
  .refine(
    // Each field alone is bounded, but together they could ask for gigabytes: cap the memory.
    (k) => 128 * k.N * k.r * k.p <= MAX_SCRYPT_MEMORY,
    'asks scrypt for more than 1 GiB of memory',
  );
export type VaultKdf = z.infer<typeof kdfSchema>;

export const vaultFileSchema = z.object({
  version: z.literal(1),
  kdf: kdfSchema,
  check: base64(32),
  cipher: z.object({ name: z.literal('aes-256-gcm'), iv: base64(IV_LENGTH), tag: base64(TAG_LENGTH) }),
  ciphertext: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type VaultFile = z.infer<typeof vaultFileSchema>;

export const vaultPlaintextSchema = z.object({
  entries: z.record(z.string(), credentialsSchema),
  /**
   * Small named values the console keeps beside the keys when there is no OS keychain: the
   * journal's MAC key and its anchors (src/main/journal/journal-keyring.ts). Absent in older vaults.
   */
  items: z.record(z.string().max(200), z.string().max(64 * 1024)).optional(),
});
export type VaultPlaintext = z.infer<typeof vaultPlaintextSchema>;

/** True when the file's cost is below `target`: it is re-encrypted on unlock. */
export const weakerThan = (kdf: VaultKdf, target: { N: number; r: number; p: number }): boolean =>
  kdf.N < target.N || kdf.r < target.r;

export function newKdf(cost: { N: number; r: number; p: number } = DEFAULT_SCRYPT): VaultKdf {
  return {
    name: 'scrypt',
    ...cost,
    keyLength: KEY_LENGTH,
    salt: randomBytes(SALT_LENGTH).toString('base64'),
  };
}

/** Derives the vault key. Asynchronous so the main process stays responsive for the ~100 ms it takes. */
export function deriveKey(passphrase: string, kdf: VaultKdf): Promise<Buffer> {
  // Node refuses scrypt above `maxmem` (default 32 MiB; 2^17 × 8 needs 128 MiB): allow the need
  // plus headroom. The schema caps N, r and p, so a hostile file cannot ask for unbounded memory.
  const maxmem = 128 * kdf.N * kdf.r * (kdf.p + 1) + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      kdf.keyLength,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export const passphraseCheck = (key: Buffer): string =>
  createHmac('sha256', key).update(CHECK_LABEL).digest('base64');

/** True when `key` is the one the file was written with. Constant-time. */
export function checkMatches(key: Buffer, file: VaultFile): boolean {
  const expected = Buffer.from(file.check, 'base64');
  const actual = Buffer.from(passphraseCheck(key), 'base64');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The additional authenticated data: the header, in a fixed order so it is reproducible. */
function aadOf(kdf: VaultKdf, check: string): Buffer {
  return Buffer.from(
    JSON.stringify([1, kdf.name, kdf.N, kdf.r, kdf.p, kdf.keyLength, kdf.salt, check]),
    'utf8',
  );
}

/** Encrypts the entries under `key` with a fresh IV. */
export function sealVault(key: Buffer, kdf: VaultKdf, plaintext: VaultPlaintext): VaultFile {
  const check = passphraseCheck(key);
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
  cipher.setAAD(aadOf(kdf, check));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(plaintext), 'utf8'), cipher.final()]);
  return {
    version: 1,
    kdf,
    check,
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') },
    ciphertext: ciphertext.toString('base64'),
  };
}

/** Decrypts and authenticates. Throws when the tag does not match (file altered) or the content is not ours. */
export function openVault(key: Buffer, file: VaultFile): VaultPlaintext {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.cipher.iv, 'base64'), {
    authTagLength: TAG_LENGTH,
  });
  decipher.setAAD(aadOf(file.kdf, file.check));
  decipher.setAuthTag(Buffer.from(file.cipher.tag, 'base64'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(file.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return vaultPlaintextSchema.parse(JSON.parse(text));
}
