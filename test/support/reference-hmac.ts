/**
 * The signature rule of platform-api.md, written independently of src/ so that tests check the
 * client against the specification rather than against itself.
 */
import { createHmac } from 'node:crypto';
import type { Signer } from '../../src/main/keychain/key-store';

export function referenceSignature(
  apiSecret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  return createHmac('sha256', apiSecret)
    .update(timestamp + method.toUpperCase() + pathWithQuery + body)
    .digest('hex');
}

/** A Signer over a known secret, for tests only (production signers come from the key store). */
export function referenceSigner(apiKey: string, apiSecret: string): Signer {
  return { apiKey, sign: (message) => createHmac('sha256', apiSecret).update(message).digest('hex') };
}

export const TEST_API_KEY = 'ak_test_7f3c9e21b0d84a56';
export const TEST_API_SECRET = 'sk_test_SECRET_d41d8cd98f00b204e9800998ecf8427e';
