/**
 * The OS keychain store (src/main/keychain/os-key-store.ts) over a stand-in keytar: the probe,
 * refusals and their wording, a keychain that does not answer, and items not in its form.
 */
import { describe, expect, it } from 'vitest';
import { KeyStoreError } from '../../../src/main/keychain/key-store';
import {
  DEFAULT_KEYCHAIN_TIMEOUT_MS,
  KEYCHAIN_SERVICE,
  OsKeyStore,
  PROBE_ACCOUNT,
} from '../../../src/main/keychain/os-key-store';
import { keytarWith, recordingLog } from '../../support/fixtures/keychain';

const CREDS = { apiKey: 'AK-os', apiSecret: 'SECRET-os-1234' };

describe('OsKeyStore', () => {
  it('probes with a harmless read of its probe account', async () => {
    const k = keytarWith(async () => null);
    expect(await new OsKeyStore({ keytar: k.api }).probe()).toEqual({ available: true });
    expect(k.calls).toEqual([`get ${KEYCHAIN_SERVICE}/${PROBE_ACCOUNT}`]);
    expect(KEYCHAIN_SERVICE).toBe('copper-operator');
    expect(DEFAULT_KEYCHAIN_TIMEOUT_MS).toBe(5000);
  });

  it('explains a refusal and a non-Error rejection', async () => {
    const refused = keytarWith(async () => {
      throw new Error('no secret service');
    });
    expect(await new OsKeyStore({ keytar: refused.api }).probe()).toEqual({
      available: false,
      error: 'The OS keychain refused to probe: no secret service',
    });
    const odd = keytarWith(() => Promise.reject('plain text'));
    const store = new OsKeyStore({ keytar: odd.api });
    await expect(store.set('ws', CREDS)).rejects.toThrow(
      'The OS keychain refused to store the key: plain text',
    );
    await expect(store.delete('ws')).rejects.toMatchObject({
      code: 'keychain-unavailable',
      message: 'The OS keychain refused to delete the key: plain text',
    });
    await expect(store.status('ws')).rejects.toThrow('The OS keychain refused to read the key: plain text');
  });

  it('gives up on a keychain that does not answer, saying after how long and doing what', async () => {
    const hanging = keytarWith(() => new Promise(() => undefined));
    const store = new OsKeyStore({ keytar: hanging.api, timeoutMs: 50 });
    await expect(store.signer('ws')).rejects.toMatchObject({
      code: 'keychain-unavailable',
      message: 'The OS keychain did not answer within 0.05 s (read the key).',
    });
  });

  it('refuses empty credentials before touching the keychain, and stores only key and secret', async () => {
    const k = keytarWith(async () => undefined);
    const store = new OsKeyStore({ keytar: k.api });
    const bad = store.set('ws', { apiKey: '', apiSecret: 's' });
    await expect(bad).rejects.toBeInstanceOf(KeyStoreError);
    await expect(bad).rejects.toMatchObject({
      code: 'bad-input',
      message: 'The API key and secret must be non-empty text.',
    });
    expect(k.calls).toEqual([]);
    await store.set('ws', { ...CREDS, extra: 'x' } as typeof CREDS);
    expect(k.calls).toEqual([`set ${KEYCHAIN_SERVICE}/ws ${JSON.stringify(CREDS)}`]);
  });

  it('ignores an item that is not its JSON, with a warning, and signs with a good one', async () => {
    const items: Record<string, string> = { bad: '{"apiKey":1}', good: JSON.stringify(CREDS) };
    const k = keytarWith(async (_call, account) => items[account] ?? null);
    const { lines, logger } = recordingLog();
    const store = new OsKeyStore({ keytar: k.api, logger });
    expect(await store.status('bad')).toEqual({ configured: false });
    expect(await store.signer('bad')).toBeNull();
    expect(lines[0]).toBe(
      'warn the OS keychain item for workspace bad is not in the expected form; ignoring it',
    );
    const warned = lines.length;
    expect(await store.status('missing')).toEqual({ configured: false });
    expect(lines).toHaveLength(warned); // no item at all is not a malformed item
    expect(await store.status('good')).toEqual({ configured: true });
    expect((await store.signer('good'))?.apiKey).toBe(CREDS.apiKey);
    expect(store.backend).toBe('os-keychain');
  });
});
