/**
 * The signer (src/main/keychain/hmac-signer.ts): HMAC-SHA256 with the API secret, lower-case hex,
 * whatever the secret holds, and a secret that no serialisation of the signer shows.
 */
import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { processSecrets } from '../../../src/main/security/secret-registry';

describe('createHmacSigner', () => {
  it('gives RFC 4231’s HMAC-SHA256 for its test case 2 (key "Jefe")', () => {
    expect(createHmacSigner('k', 'Jefe').sign('what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs as an Hmac keyed with the secret’s UTF-8 text does, for every kind of secret and message', () => {
    const secrets = ['s3cr3t', 'sécret-ü-€', 'x'.repeat(64), 'long-'.repeat(40), ''];
    const messages = [
      '',
      '1700000000000GET/platform/clearloop/actions?limit=100',
      '…é',
      Buffer.from([0, 255, 1]),
    ];
    for (const secret of secrets) {
      const signer = createHmacSigner('key', secret);
      for (const message of messages) {
        const expected = createHmac('sha256', secret).update(message).digest('hex');
        expect(signer.sign(message), `${secret} / ${String(message)}`).toBe(expected);
        // The same message signed twice gives the same signature: nothing is shared between calls.
        expect(signer.sign(message)).toBe(expected);
      }
    }
  });

  it('shows its API key and never its secret, and registers the secret for redaction', () => {
    const secret = 'never-shown-7f3a';
    const signer = createHmacSigner('AKEY-1', secret);
    expect(Object.keys(signer)).toEqual(['apiKey', 'sign']);
    expect(Object.isFrozen(signer)).toBe(true);
    for (const text of [JSON.stringify(signer), inspect(signer, { depth: 10, showHidden: true })]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(secret).toString('hex'));
    }
    expect([...processSecrets.forms()]).toContain(secret);
  });
});
