/**
 * The one place an API secret turns into signatures. The secret is captured by the closure and
 * is not a property of the returned object, so neither JSON.stringify nor util.inspect of a
 * Signer can reveal it.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { processSecrets } from '../security/secret-registry';
import type { Signer } from './key-store';

export function createHmacSigner(apiKey: string, apiSecret: string): Signer {
  // Whatever signs is a secret the journal must never write, in any encoding.
  processSecrets.add(apiSecret);
  // The secret's bytes made into a key once: given as text, every signature would encode it
  // again (a measurable part of a short request's cost, bench 2). The key object holds its own
  // copy; the bytes it was made from are wiped at once.
  const bytes = Buffer.from(apiSecret, 'utf8');
  const key = createSecretKey(bytes);
  bytes.fill(0);
  const signer: Signer = {
    apiKey,
    // A fresh Hmac per call: an Hmac object is single-use, and sharing one would mix messages.
    sign: (message) => createHmac('sha256', key).update(message).digest('hex'),
  };
  return Object.freeze(signer);
}
