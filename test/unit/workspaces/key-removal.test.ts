/**
 * Issue 17.1: a key entered for one endpoint and organization must not follow the workspace when
 * it is pointed elsewhere. Runs the real handlers over a real store and key service (the OS
 * keychain is a Map stand-in; the vault is a real file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClients } from '../../../src/main/app/platform-clients';
import { EventBus } from '../../../src/main/events/event-bus';
import { registerWorkspaceHandlers } from '../../../src/main/handlers/workspace-handlers';
import { KeyService } from '../../../src/main/keychain/key-service';
import { OsKeyStore, type KeytarApi } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { WorkspaceStore } from '../../../src/main/workspaces/workspace-store';
import type { Result } from '../../../src/shared/result';
import { KEY_REMOVED_NOTICE } from '../../../src/shared/workspace-rules';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const CREDS = { apiKey: 'AK-1', apiSecret: 'SECRET-removal-test-1234' };
const TEST_COST = { N: 2 ** 15, r: 8, p: 1 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-keyrm-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

function keytarOn(working: boolean): KeytarApi & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const gate = <T>(run: () => T): Promise<T> =>
    working ? Promise.resolve(run()) : Promise.reject(new Error('no Secret Service'));
  return {
    items,
    getPassword: (s, a) => gate(() => items.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => gate(() => void items.set(`${s}/${a}`, p)),
    deletePassword: (s, a) => gate(() => items.delete(`${s}/${a}`)),
  };
}

async function setUp(osKeychain: boolean) {
  const keytar = keytarOn(osKeychain);
  const workspaces = await WorkspaceStore.open({ dataDir: dir, logger: quiet });
  const keys = await KeyService.start({
    dataDir: dir,
    logger: quiet,
    osKeyStore: new OsKeyStore({ keytar, timeoutMs: 200, logger: quiet }),
    vault: new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: TEST_COST }),
  });
  const forgotten: string[] = [];
  const clients = { forget: (id: string) => forgotten.push(id) } as unknown as PlatformClients;
  const handlers = registerWorkspaceHandlers({ workspaces, keys, clients, events: new EventBus() });
  return { keytar, workspaces, keys, handlers, forgotten };
}

describe('workspaces.update and the stored key', () => {
  it('removes the key when the sandbox base URL changes, and says so in the result', async () => {
    const { keytar, keys, handlers, forgotten } = await setUp(true);
    const ws = value(
      await handlers['workspaces.create']({
        name: 'Other sandbox',
        environment: 'sandbox',
        organizationId: 'org',
        baseUrl: 'http://127.0.0.1:4000/platform',
      }),
    );
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
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
    const { keys, handlers } = await setUp(true);
    const ws = value(
      await handlers['workspaces.create']({
        name: 'Prod',
        environment: 'production',
        organizationId: 'org-1',
      }),
    );
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    const renamed = value(await handlers['workspaces.update']({ id: ws.id, name: 'Prod desk' }));
    expect(renamed.keyConfigured).toBe(true);
    expect(renamed.keyRemoved).toBeUndefined();
    const moved = value(await handlers['workspaces.update']({ id: ws.id, organizationId: 'org-2' }));
    expect(moved.keyRemoved).toBe(KEY_REMOVED_NOTICE);
    expect(await keys.isConfigured(ws.id)).toBe(false);
  });

  it('keeps the key when the new base URL is refused', async () => {
    const { keys, handlers } = await setUp(true);
    const ws = value(
      await handlers['workspaces.create']({
        name: 'Prod',
        environment: 'production',
        organizationId: 'org-1',
      }),
    );
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
    const r = await handlers['workspaces.update']({
      id: ws.id,
      baseUrl: 'https://attacker.example/platform',
    });
    expect(r.ok).toBe(false);
    expect(await keys.isConfigured(ws.id)).toBe(true);
  });

  it('refuses to move a workspace while a locked vault may still hold its key', async () => {
    const { keys, handlers, workspaces } = await setUp(false);
    value(await keys.createVault('quartz lantern meadow orbit'));
    const ws = value(
      await handlers['workspaces.create']({
        name: 'Box',
        environment: 'sandbox',
        organizationId: 'org',
        baseUrl: 'http://127.0.0.1:4000/platform',
      }),
    );
    value(await handlers['keychain.setKey']({ workspaceId: ws.id, ...CREDS }));
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
