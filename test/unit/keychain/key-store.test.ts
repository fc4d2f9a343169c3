/** The key stores' shared error (src/main/keychain/key-store.ts). */
import { describe, expect, it } from 'vitest';
import { KeyStoreError } from '../../../src/main/keychain/key-store';

describe('KeyStoreError', () => {
  it('is an Error named for what it is, with its code', () => {
    const error = new KeyStoreError('io', 'disk full');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('KeyStoreError');
    expect(String(error)).toBe('KeyStoreError: disk full');
    expect(error.code).toBe('io');
  });
});
