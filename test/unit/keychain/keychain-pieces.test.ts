/**
 * The keychain's smaller parts, through their own exports: the settings file, the idle lock, the
 * OS keychain store with a stand-in keytar (probe, refusals, unreadable items), the memory store,
 * and the KeyService refusals the router shows. Found missing by mutation testing.
 */
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdleLock, type IdleTimers } from '../../../src/main/keychain/idle-lock';
import { KeyService } from '../../../src/main/keychain/key-service';
import { KeyStoreError } from '../../../src/main/keychain/key-store';
import {
  KEYCHAIN_SETTINGS_FILE,
  readKeychainSettings,
  writeKeychainSettings,
} from '../../../src/main/keychain/keychain-settings';
import { MemoryKeyStore } from '../../../src/main/keychain/memory-key-store';
import {
  DEFAULT_KEYCHAIN_TIMEOUT_MS,
  KEYCHAIN_SERVICE,
  OsKeyStore,
  PROBE_ACCOUNT,
  type KeytarApi,
} from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { DEFAULT_AUTO_LOCK_MINUTES } from '../../../src/shared/vault-settings';

const CREDS = { apiKey: 'AK-pieces', apiSecret: 'SECRET-pieces-1234' };

function recordingLog() {
  const lines: string[] = [];
  const push = (level: string) => (m: unknown) => void lines.push(`${level} ${String(m)}`);
  return { lines, logger: { info: push('info'), warn: push('warn'), error: push('error') } };
}

/** Timers fired by the test: `fire()` runs the pending countdown. */
function manualTimers() {
  const pending: { ms: number; fire: () => void; cancelled: boolean }[] = [];
  const timers: IdleTimers = {
    start(ms, fire) {
      const entry = { ms, fire, cancelled: false };
      pending.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const live = () => pending.filter((p) => !p.cancelled);
  return { timers, live, fire: () => live().forEach((p) => p.fire()) };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-keychain-pieces-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('keychain settings file', () => {
  it('means the default auto-lock when missing, silently', async () => {
    const { lines, logger } = recordingLog();
    expect(await readKeychainSettings(dir, logger)).toEqual({
      version: 1,
      autoLockMinutes: DEFAULT_AUTO_LOCK_MINUTES,
    });
    expect(lines).toEqual([]);
  });
  it('writes pretty JSON with mode 0600 and reads it back', async () => {
    await writeKeychainSettings(dir, { version: 1, autoLockMinutes: 42 });
    const path = join(dir, KEYCHAIN_SETTINGS_FILE);
    expect(await readFile(path, 'utf8')).toBe('{\n  "version": 1,\n  "autoLockMinutes": 42\n}\n');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readKeychainSettings(dir, recordingLog().logger)).toEqual({
      version: 1,
      autoLockMinutes: 42,
    });
  });
  it('falls back to the default, with a warning naming the file, for a bad or unreadable file', async () => {
    const path = join(dir, KEYCHAIN_SETTINGS_FILE);
    for (const text of [
      'not json',
      '{"version":1,"autoLockMinutes":0}',
      '{"version":2,"autoLockMinutes":5}',
    ]) {
      await writeFile(path, text);
      const { lines, logger } = recordingLog();
      expect((await readKeychainSettings(dir, logger)).autoLockMinutes).toBe(DEFAULT_AUTO_LOCK_MINUTES);
      expect(lines).toEqual([`warn ${path} is not a valid settings file; using the default auto-lock time`]);
    }
    await rm(path);
    await mkdir(path); // a folder where the file should be: unreadable, not missing
    const { lines, logger } = recordingLog();
    expect((await readKeychainSettings(dir, logger)).autoLockMinutes).toBe(DEFAULT_AUTO_LOCK_MINUTES);
    expect(lines).toEqual([`warn could not read ${path}; using the default auto-lock time`]);
  });
});

describe('IdleLock', () => {
  it('counts down in minutes, re-arms on use, and fires once', () => {
    const t = manualTimers();
    let fired = 0;
    const lock = new IdleLock(() => fired++, 3, t.timers);
    expect(lock.armed).toBe(false);
    expect(lock.idleMinutes).toBe(3);
    lock.arm();
    lock.arm();
    expect(t.live().map((p) => p.ms)).toEqual([180_000]);
    expect(lock.armed).toBe(true);
    t.fire();
    expect(fired).toBe(1);
    expect(lock.armed).toBe(false);
  });
  it('restarts a running countdown with the new period, and leaves a stopped one stopped', () => {
    const t = manualTimers();
    const lock = new IdleLock(() => undefined, 3, t.timers);
    lock.setMinutes(5);
    expect(t.live()).toEqual([]);
    expect(lock.idleMinutes).toBe(5);
    lock.arm();
    lock.setMinutes(7);
    expect(t.live().map((p) => p.ms)).toEqual([420_000]);
    lock.disarm();
    expect(t.live()).toEqual([]);
    expect(lock.armed).toBe(false);
  });
});

/** A keytar stand-in: `answer` decides each call's outcome. */
function keytarWith(answer: (call: string, account: string) => Promise<string | null | boolean | void>) {
  const calls: string[] = [];
  const api: KeytarApi = {
    getPassword: (s, a) => {
      calls.push(`get ${s}/${a}`);
      return answer('get', a) as Promise<string | null>;
    },
    setPassword: (s, a, p) => {
      calls.push(`set ${s}/${a} ${p}`);
      return answer('set', a) as Promise<void>;
    },
    deletePassword: (s, a) => {
      calls.push(`delete ${s}/${a}`);
      return answer('delete', a) as Promise<boolean>;
    },
  };
  return { api, calls };
}

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

describe('KeyStoreError', () => {
  it('is an Error named for what it is, with its code', () => {
    const error = new KeyStoreError('io', 'disk full');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('KeyStoreError');
    expect(String(error)).toBe('KeyStoreError: disk full');
    expect(error.code).toBe('io');
  });
});

describe('MemoryKeyStore', () => {
  it('holds signers only, per workspace', async () => {
    const store = new MemoryKeyStore();
    await store.set('a', CREDS);
    expect(store.has('a')).toBe(true);
    expect(await store.status('a')).toEqual({ configured: true });
    expect(await store.status('b')).toEqual({ configured: false });
    expect((await store.signer('a'))?.apiKey).toBe(CREDS.apiKey);
    expect(await store.signer('b')).toBeNull();
    await store.delete('a');
    expect(store.has('a')).toBe(false);
    expect(JSON.stringify(store)).not.toContain(CREDS.apiSecret);
  });
});

describe('KeyService refusals', () => {
  const working = () => keytarWith(async () => null).api;
  const broken = () =>
    keytarWith(async () => {
      throw new Error('D-Bus is gone');
    }).api;
  const vault = () =>
    new VaultKeyStore({ dataDir: dir, logger: recordingLog().logger, scrypt: { N: 2 ** 15, r: 8, p: 1 } });
  const start = (api: KeytarApi, log = recordingLog()) =>
    KeyService.start({
      dataDir: dir,
      logger: log.logger,
      osKeyStore: new OsKeyStore({ keytar: api }),
      vault: vault(),
    });

  it('logs the probe result each time it asks', async () => {
    const up = recordingLog();
    await start(working(), up);
    expect(up.lines).toEqual(['info OS keychain available']);
    const down = recordingLog();
    const keys = await start(broken(), down);
    expect(down.lines).toEqual([
      'warn OS keychain unavailable: The OS keychain refused to probe: D-Bus is gone',
    ]);
    expect(await keys.status()).toMatchObject({ backend: 'vault', osKeychainAvailable: false });
  });
  it('will not delete past a locked vault, which may hold the key, even with an OS keychain', async () => {
    const keys = await start(working());
    expect((await keys.createVault('quartz lantern meadow orbit')).ok).toBe(true);
    await keys.lockVault();
    expect(await keys.deleteKey('ws')).toEqual({
      ok: false,
      error: {
        code: 'vault-locked',
        message:
          'The encrypted vault is locked, so the key stored in it cannot be removed. Unlock the vault first, then try again.',
      },
    });
    expect((await keys.unlockVault('quartz lantern meadow orbit')).ok).toBe(true);
    expect(await keys.deleteKey('ws')).toEqual({ ok: true, value: { configured: false } });
  });
  it('with no vault at all, a locked-vault rule has nothing to protect', async () => {
    const keys = await start(working());
    expect(await keys.deleteKey('ws')).toEqual({
      ok: true,
      value: { configured: false },
    });
  });
  it('stops at the first store that fails to delete, with its error', async () => {
    const k = keytarWith(async (call) => {
      if (call === 'delete') throw new Error('denied');
      return null;
    });
    const keys = await start(k.api);
    expect(await keys.deleteKey('ws')).toEqual({
      ok: false,
      error: { code: 'keychain-unavailable', message: 'The OS keychain refused to delete the key: denied' },
    });
  });
  it('turns an unexpected failure into a generic internal error and logs the detail', async () => {
    const log = recordingLog();
    const store = new OsKeyStore({ keytar: working() });
    store.signer = () => Promise.reject(new TypeError('boom'));
    const keys = await KeyService.start({
      dataDir: dir,
      logger: log.logger,
      osKeyStore: store,
      vault: vault(),
    });
    expect(await keys.signerFor('ws')).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The keychain failed to read the key; see the log for details.' },
    });
    expect(log.lines).toContain('error failed to read the key: boom');
  });
  it('names what it refuses for the built-in sandbox and for a locked vault, and logs nothing', async () => {
    const log = recordingLog();
    const keys = await start(broken(), log);
    log.lines.length = 0;
    await keys.registerMemoryKey('sandbox', CREDS);
    expect(await keys.setKey('sandbox', CREDS)).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: "The Local sandbox's key is made by the app at each start and cannot be replaced.",
      },
    });
    expect(await keys.deleteKey('sandbox')).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: "The Local sandbox's key is made by the app at each start and cannot be deleted.",
      },
    });
    expect((await keys.createVault('quartz lantern meadow orbit')).ok).toBe(true);
    await keys.lockVault();
    log.lines.length = 0;
    expect(await keys.signerFor('ws')).toEqual({
      ok: false,
      error: {
        code: 'vault-locked',
        message: 'The encrypted vault is locked. Unlock it with its passphrase to use the keys stored in it.',
      },
    });
    expect(await keys.isConfigured('ws')).toBe(false);
    expect(log.lines).toEqual([]);
  });
  it('names the failed step in an internal error', async () => {
    const log = recordingLog();
    const v = vault();
    const boom = () => Promise.reject(new TypeError('boom'));
    Object.assign(v, { create: boom, unlock: boom, delete: boom, status: boom, isUnlocked: () => true });
    const keys = await KeyService.start({
      dataDir: dir,
      logger: log.logger,
      osKeyStore: new OsKeyStore({ keytar: broken() }),
      vault: v,
    });
    const internal = async (run: Promise<unknown>) => {
      const r = (await run) as { ok: boolean; error?: { message: string } };
      return r.error?.message;
    };
    expect(await internal(keys.createVault('x'))).toBe(
      'The keychain failed to create the vault; see the log for details.',
    );
    expect(await internal(keys.unlockVault('x'))).toBe(
      'The keychain failed to unlock the vault; see the log for details.',
    );
    expect(await internal(keys.deleteKey('ws'))).toBe(
      'The keychain failed to delete the key; see the log for details.',
    );
    expect(await keys.isConfigured('ws')).toBe(false);
    expect(log.lines).toContain('error failed to read the key status: boom');
  });
  it('reports no keychain error while the keychain answers', async () => {
    const status = await (await start(working())).status();
    expect(status.osKeychainAvailable).toBe(true);
    expect('osKeychainError' in status).toBe(false);
  });
  it('names the store a key went to', async () => {
    const log = recordingLog();
    const keys = await start(working(), log);
    expect(await keys.setKey('ws-9', CREDS)).toEqual({ ok: true, value: { configured: true } });
    expect(log.lines).toContain('info stored the key of workspace ws-9 in os-keychain');
  });
  it('says when the auto-lock time cannot be saved, and keeps the old one', async () => {
    const keys = await start(working());
    expect(keys.autoLock()).toEqual({ minutes: DEFAULT_AUTO_LOCK_MINUTES });
    expect(await keys.setAutoLock(30)).toEqual({ ok: true, value: { minutes: 30 } });
    await rm(dir, { recursive: true, force: true });
    await writeFile(dir, 'a file where the data folder should be');
    const r = await keys.setAutoLock(40);
    expect(!r.ok && r.error.code).toBe('io');
    expect(!r.ok && r.error.message).toMatch(/^Could not save the auto-lock time: /);
    expect(keys.autoLock()).toEqual({ minutes: 30 });
    await rm(dir, { force: true });
    await mkdir(dir);
  });
  it('tells the vault-lock listeners, until they unsubscribe', async () => {
    const t = manualTimers();
    const keys = await KeyService.start({
      dataDir: dir,
      logger: recordingLog().logger,
      osKeyStore: new OsKeyStore({ keytar: broken() }),
      idleTimers: t.timers,
    });
    let told = 0;
    const off = keys.onVaultLocked(() => told++);
    expect((await keys.createVault('quartz lantern meadow orbit')).ok).toBe(true);
    await keys.lockVault();
    expect(told).toBe(1);
    await keys.lockVault(); // already locked: nothing new to tell
    expect(told).toBe(1);
    expect((await keys.unlockVault('quartz lantern meadow orbit')).ok).toBe(true);
    t.fire(); // the idle countdown
    expect(told).toBe(2);
    off();
    expect((await keys.unlockVault('quartz lantern meadow orbit')).ok).toBe(true);
    await keys.lockVault();
    expect(told).toBe(2);
  });
});
