/**
 * The workspace and keychain handlers over a real store and key service. Issue 24.8: a
 * workspace's key leaves with it. Removing a workspace whose key may sit in a locked
 * vault is refused and changes nothing; no answer says ok while a key stays behind. Runs the real
 * handlers over a real store and key service (the OS keychain is a Map stand-in; the vault is a
 * real file).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { PlatformClients } from '../../../src/main/platform/platform-clients';
import { EventBus } from '../../../src/main/events/event-bus';
import { workspaceHandlers } from '../../../src/main/handlers/workspace-handlers';
import { KeyService } from '../../../src/main/keychain/key-service';
import { OsKeyStore, type KeytarApi } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { WorkspaceStore } from '../../../src/main/workspaces/workspace-store';
import type { Result } from '../../../src/shared/result';
import { KEY_REMOVED_NOTICE } from '../../../src/shared/workspace-rules';
import { useTempDir } from '../../support/temp-dir';

// Vault creation and unlock run scrypt: a loaded machine must not turn them into timeouts.
vi.setConfig({ testTimeout: 30_000 });

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CREDS = { apiKey: 'AK-24', apiSecret: 'SECRET-remove-test-2424' };
const UPDATE_CREDS = { apiKey: 'AK-1', apiSecret: 'SECRET-removal-test-1234' };
const TEST_COST = { N: 2 ** 15, r: 8, p: 1 };
const PASSPHRASE = 'quartz lantern meadow orbit';

const dir = useTempDir('copper-wsrm-');

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

function keytarOn(working: boolean, deleteFails = false): KeytarApi & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const gate = <T>(run: () => T): Promise<T> =>
    working ? Promise.resolve(run()) : Promise.reject(new Error('no Secret Service'));
  return {
    items,
    getPassword: (s, a) => gate(() => items.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => gate(() => void items.set(`${s}/${a}`, p)),
    deletePassword: (s, a) =>
      deleteFails ? Promise.reject(new Error('denied')) : gate(() => items.delete(`${s}/${a}`)),
  };
}

async function setUp(options: { osKeychain: boolean; deleteFails?: boolean }) {
  const keytar = keytarOn(options.osKeychain, options.deleteFails);
  const workspaces = await WorkspaceStore.open({ dataDir: dir(), logger: quiet });
  const keys = await KeyService.start({
    dataDir: dir(),
    logger: quiet,
    osKeyStore: new OsKeyStore({ keytar, timeoutMs: 200, logger: quiet }),
    vault: new VaultKeyStore({ dataDir: dir(), logger: quiet, scrypt: TEST_COST }),
  });
  const forgotten: string[] = [];
  const clients = { forget: (id: string) => forgotten.push(id) } as unknown as PlatformClients;
  const handlers = workspaceHandlers({ workspaces, keys, clients, events: new EventBus() });
  const ws = value(
    await handlers['workspaces.create']({
      name: 'Prod desk',
      environment: 'production',
      organizationId: 'org-1',
    }),
  );
  /** Creates another workspace (a sandbox one at `baseUrl` when given) and stores a key for it. */
  const keyed = async (baseUrl?: string) => {
    const created = value(
      await handlers['workspaces.create'](
        baseUrl === undefined
          ? { name: 'Prod', environment: 'production', organizationId: 'org-1' }
          : { name: 'Box', environment: 'sandbox', organizationId: 'org', baseUrl },
      ),
    );
    value(await handlers['keychain.setKey']({ workspaceId: created.id, ...UPDATE_CREDS }));
    return created;
  };
  return { keytar, workspaces, keys, handlers, forgotten, ws, keyed };
}

/** What the vault file on disk holds for the workspace, read with a vault of its own. */
async function vaultOnDiskHas(workspaceId: string): Promise<boolean> {
  const reader = new VaultKeyStore({ dataDir: dir(), logger: quiet, scrypt: TEST_COST });
  await reader.unlock(PASSPHRASE);
  const { configured } = await reader.status(workspaceId);
  reader.lock();
  return configured;
}

describe('workspaces.remove and the stored key', () => {
  it('refuses while the vault holding the key is locked, then removes both once it is unlocked', async () => {
    const { keys, handlers, workspaces, ws, forgotten } = await setUp({ osKeychain: false });
    value(await keys.createVault(PASSPHRASE));
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    value(await keys.lockVault());
    const before = await readFile(join(dir(), 'vault.json'), 'utf8');

    const refused = await handlers['workspaces.remove']({ id: ws.id });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('vault-locked');
      expect(refused.error.message).toMatch(/not removed/);
      expect(refused.error.message).toMatch(/Unlock the vault first/);
    }
    // Nothing was removed: the workspace is listed, the vault file is untouched and holds the key.
    expect(workspaces.find(ws.id).ok).toBe(true);
    expect(value(await handlers['workspaces.list']({})).workspaces.map((w) => w.id)).toContain(ws.id);
    expect(await readFile(join(dir(), 'vault.json'), 'utf8')).toBe(before);
    expect(await vaultOnDiskHas(ws.id)).toBe(true);
    expect(forgotten).not.toContain(ws.id);

    value(await keys.unlockVault(PASSPHRASE));
    const list = value(await handlers['workspaces.remove']({ id: ws.id }));
    expect(list.workspaces.map((w) => w.id)).not.toContain(ws.id);
    expect(workspaces.find(ws.id).ok).toBe(false);
    expect(await keys.isConfigured(ws.id)).toBe(false);
    expect(await vaultOnDiskHas(ws.id)).toBe(false);
    expect(forgotten).toContain(ws.id);
  });

  it('refuses while a locked vault exists even with an OS keychain: the key may be in either', async () => {
    const { keytar, keys, handlers, workspaces, ws } = await setUp({ osKeychain: true });
    value(await keys.createVault(PASSPHRASE));
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    value(await keys.lockVault());
    const refused = await handlers['workspaces.remove']({ id: ws.id });
    expect(!refused.ok && refused.error.code).toBe('vault-locked');
    expect(workspaces.find(ws.id).ok).toBe(true);
    expect(keytar.items.size).toBe(1);
    value(await keys.unlockVault(PASSPHRASE));
    value(await handlers['workspaces.remove']({ id: ws.id }));
    expect(keytar.items.size).toBe(0);
    expect(workspaces.find(ws.id).ok).toBe(false);
  });

  it('removes the workspace and its OS keychain entry when there is no vault', async () => {
    const { keytar, handlers, workspaces, ws } = await setUp({ osKeychain: true });
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    expect(keytar.items.size).toBe(1);
    value(await handlers['workspaces.remove']({ id: ws.id }));
    expect(keytar.items.size).toBe(0);
    expect(workspaces.find(ws.id).ok).toBe(false);
  });

  it('keeps the workspace when its key cannot be deleted, and says why', async () => {
    const { keytar, handlers, workspaces, ws } = await setUp({ osKeychain: true, deleteFails: true });
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    const refused = await handlers['workspaces.remove']({ id: ws.id });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('keychain-unavailable');
      expect(refused.error.message).toMatch(
        /was not removed, because its stored key could not be removed first/,
      );
      expect(refused.error.message).toMatch(/denied/);
    }
    expect(workspaces.find(ws.id).ok).toBe(true);
    expect(keytar.items.size).toBe(1);
  });

  it('keychain.deleteKey does not answer ok past a locked vault either', async () => {
    const { keys, handlers, ws } = await setUp({ osKeychain: false });
    value(await keys.createVault(PASSPHRASE));
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    value(await keys.lockVault());
    const refused = await handlers['keychain.deleteKey']({ workspaceId: ws.id });
    expect(!refused.ok && refused.error.code).toBe('vault-locked');
    expect(await vaultOnDiskHas(ws.id)).toBe(true);
  });

  it('still refuses to remove the built-in sandbox, with the store’s reason, and keeps its key', async () => {
    const { handlers, workspaces, keys } = await setUp({ osKeychain: true });
    const sandbox = value(
      await workspaces.ensureBuiltInSandbox({
        baseUrl: 'http://127.0.0.1:40001/platform',
        organizationId: 'sandbox-org',
      }),
    );
    await keys.registerMemoryKey(sandbox.id, CREDS);
    const refused = await handlers['workspaces.remove']({ id: sandbox.id });
    expect(!refused.ok && refused.error.code).toBe('bad-input');
    expect(!refused.ok && refused.error.message).toMatch(/built in and cannot be removed/);
    expect(workspaces.find(sandbox.id).ok).toBe(true);
    expect(await keys.isConfigured(sandbox.id)).toBe(true);
  });

  it('a workspace that does not exist is not found, and no key is touched', async () => {
    const { keytar, handlers, ws } = await setUp({ osKeychain: true });
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    const missing = await handlers['workspaces.remove']({ id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.ok).toBe(false);
    expect(keytar.items.size).toBe(1);
  });
});

// Issue 17.1: a key entered for one endpoint and organization must not follow the workspace when
// it is pointed elsewhere.
describe('workspaces.update and the stored key', () => {
  it('removes the key when the sandbox base URL changes, and says so in the result', async () => {
    const { keytar, keys, handlers, forgotten, keyed } = await setUp({ osKeychain: true });
    const ws = await keyed('http://127.0.0.1:4000/platform');
    expect(await keys.isConfigured(ws.id)).toBe(true);

    // Same URL written differently: not a change, the key stays.
    const same = value(
      await handlers['workspaces.update']({ id: ws.id, baseUrl: 'http://127.0.0.1:4000/platform/' }),
    );
    expect(same.keyRemoved).toBeUndefined();
    expect(same.keyConfigured).toBe(true);

    const moved = value(
      await handlers['workspaces.update']({ id: ws.id, baseUrl: 'http://127.0.0.1:4001/platform' }),
    );
    expect(moved.baseUrl).toBe('http://127.0.0.1:4001/platform');
    expect(moved.keyConfigured).toBe(false);
    expect(moved.keyRemoved).toBe(KEY_REMOVED_NOTICE);
    expect(moved.keyRemoved).toMatch(/enter it again/);
    expect(await keys.isConfigured(ws.id)).toBe(false);
    expect([...keytar.items.keys()]).toEqual([]);
    expect(forgotten).toContain(ws.id);
  });

  it('removes the key when the organization changes, not when only the name does', async () => {
    const { keys, handlers, keyed } = await setUp({ osKeychain: true });
    const ws = await keyed();
    const renamed = value(await handlers['workspaces.update']({ id: ws.id, name: 'Prod book' }));
    expect(renamed.keyConfigured).toBe(true);
    expect(renamed.keyRemoved).toBeUndefined();
    const moved = value(await handlers['workspaces.update']({ id: ws.id, organizationId: 'org-2' }));
    expect(moved.keyRemoved).toBe(KEY_REMOVED_NOTICE);
    expect(await keys.isConfigured(ws.id)).toBe(false);
  });

  it('keeps the key when the new base URL is refused', async () => {
    const { keys, handlers, keyed } = await setUp({ osKeychain: true });
    const ws = await keyed();
    const r = await handlers['workspaces.update']({
      id: ws.id,
      baseUrl: 'https://attacker.example/platform',
    });
    expect(r.ok).toBe(false);
    expect(await keys.isConfigured(ws.id)).toBe(true);
  });

  it('refuses to move a workspace while a locked vault may still hold its key', async () => {
    const { keys, handlers, workspaces, keyed } = await setUp({ osKeychain: false });
    value(await keys.createVault('quartz lantern meadow orbit'));
    const ws = await keyed('http://127.0.0.1:4000/platform');
    value(await keys.lockVault());
    const r = await handlers['workspaces.update']({ id: ws.id, baseUrl: 'http://127.0.0.1:4001/platform' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('vault-locked');
      expect(r.error.message).toMatch(/not changed/);
    }
    expect(value(workspaces.get(ws.id)).baseUrl).toBe('http://127.0.0.1:4000/platform');
    // Unlocked, the same change goes through and the vault's copy of the key is gone.
    value(await keys.unlockVault('quartz lantern meadow orbit'));
    const moved = value(
      await handlers['workspaces.update']({ id: ws.id, baseUrl: 'http://127.0.0.1:4001/platform' }),
    );
    expect(moved.keyRemoved).toBe(KEY_REMOVED_NOTICE);
    expect(await keys.isConfigured(ws.id)).toBe(false);
  });
});
