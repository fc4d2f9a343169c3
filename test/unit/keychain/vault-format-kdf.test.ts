/**
 * What vault-format.ts must get exactly right and its round-trip tests cannot see: the key is
 * scrypt of the passphrase at the cost and salt the file states (checked against node's own
 * scrypt, so a default cost or a misread salt fails), and a file whose GCM tag was cut short is
 * refused (GCM would otherwise verify a 4-byte tag). Found by mutation testing.
 */
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deriveKey,
  newKdf,
  openVault,
  sealVault,
  type VaultKdf,
} from '../../../src/main/keychain/vault-format';

const SALT = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

describe('deriveKey', () => {
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

describe('openVault', () => {
  it('refuses a file whose authentication tag was truncated', async () => {
    const kdf = newKdf({ N: 2 ** 15, r: 8, p: 1 });
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
