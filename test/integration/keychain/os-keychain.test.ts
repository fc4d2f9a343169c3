/**
 * The OS keychain against a real Secret Service (gnome-keyring in a private D-Bus session; see the
 * CI's `dbus-run-session` wrapper). Without a session bus these tests cannot mean anything: they
 * fail loudly in CI and are skipped, with the reason printed, elsewhere.
 */
import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyService } from '../../../src/main/keychain/key-service';
import { KEYCHAIN_SERVICE, OsKeyStore } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';

const run = promisify(execFile);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const hasBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const NO_BUS_REASON =
  'No DBUS_SESSION_BUS_ADDRESS: run inside `dbus-run-session -- bash -c "echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npm test"`.';

if (!hasBus && process.env.CI) {
  describe('OS keychain (Secret Service)', () => {
    it('needs a D-Bus session with gnome-keyring in CI', () => {
      throw new Error(`OS keychain integration tests cannot run in CI: ${NO_BUS_REASON}`);
    });
  });
} else if (!hasBus) {
  console.warn(`[os-keychain.test] skipped: ${NO_BUS_REASON}`);
  describe('OS keychain (Secret Service)', () => {
    it.skip(`skipped: ${NO_BUS_REASON}`, () => undefined);
  });
} else {
  describe('OS keychain (Secret Service)', () => {
    let dir: string;
    const ids: string[] = [];
    const newId = () => {
      const id = `it-${randomUUID()}`;
      ids.push(id);
      return id;
    };
    const creds = { apiKey: `AK-${randomUUID()}`, apiSecret: `SECRET-${randomUUID()}` };

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'copper-oskc-'));
    });
    afterAll(async () => {
      await Promise.all(ids.map((id) => keytar.deletePassword(KEYCHAIN_SERVICE, id).catch(() => false)));
      await rm(dir, { recursive: true, force: true });
    });

    const start = () =>
      KeyService.start({
        dataDir: dir,
        logger: quiet,
        osKeyStore: new OsKeyStore({ logger: quiet }),
        vault: new VaultKeyStore({ dataDir: dir, logger: quiet }),
      });

    it('answers the probe and reports the OS keychain as the backend', async () => {
      const probe = await new OsKeyStore({ logger: quiet }).probe();
      expect(probe).toEqual({ available: true });
      const status = await (await start()).status();
      expect(status).toMatchObject({ backend: 'os-keychain', osKeychainAvailable: true });
      expect(status.osKeychainError).toBeUndefined();
    });

    it('stores, reports, signs with and deletes a key', async () => {
      const keys = await start();
      const id = newId();
      expect(await keys.isConfigured(id)).toBe(false);
      expect(await keys.setKey(id, creds)).toEqual({ ok: true, value: { configured: true } });
      expect(await keys.isConfigured(id)).toBe(true);
      // It really is in the Secret Service, in the documented form.
      expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, id)) ?? 'null')).toEqual(creds);

      const signer = await keys.signerFor(id);
      if (!signer.ok || !signer.value) throw new Error('expected a signer');
      const message = `1700000000000POST/platform/loans/L1/approve{"a":1}`;
      expect(signer.value.sign(message)).toBe(
        createHmac('sha256', creds.apiSecret).update(message).digest('hex'),
      );
      expect(signer.value.apiKey).toBe(creds.apiKey);

      expect(await keys.deleteKey(id)).toEqual({ ok: true, value: { configured: false } });
      expect(await keys.isConfigured(id)).toBe(false);
      expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBeNull();
      // Nothing went to a vault file on the side.
      await expect(readFile(join(dir, 'vault.json'))).rejects.toThrow();
    });

    it("notices an entry deleted behind the app's back", async () => {
      const keys = await start();
      const id = newId();
      expect((await keys.setKey(id, creds)).ok).toBe(true);
      expect(await keytar.deletePassword(KEYCHAIN_SERVICE, id)).toBe(true);
      expect(await keys.isConfigured(id)).toBe(false);
      expect(await keys.signerFor(id)).toEqual({ ok: true, value: null });
    });

    it('with no session bus, reports the keychain unavailable, refuses to store, then stores in a vault', async () => {
      const childDir = await mkdtemp(join(tmpdir(), 'copper-nobus-'));
      try {
        const env = { ...process.env };
        for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR'])
          delete env[name];
        const script = join(import.meta.dirname, 'fixtures', 'no-bus-keychain.ts');
        const { stdout } = await run(process.execPath, ['--import', 'tsx', script, childDir], {
          env,
          timeout: 30_000,
        });
        const report = JSON.parse(stdout.trim()) as {
          statusBefore: {
            backend: string;
            osKeychainAvailable: boolean;
            osKeychainError?: string;
            vault: { exists: boolean };
          };
          setWithoutVault: { ok: boolean; error?: { code: string; message: string } };
          created: { vault: { exists: boolean; unlocked: boolean } };
          setWithVault: { ok: boolean };
          configured: boolean;
          signature: string | null;
        };
        expect(report.statusBefore).toMatchObject({
          backend: 'vault',
          osKeychainAvailable: false,
          vault: { exists: false },
        });
        expect(report.statusBefore.osKeychainError).toBeTruthy();
        expect(report.setWithoutVault.ok).toBe(false);
        expect(report.setWithoutVault.error?.code).toBe('keychain-unavailable');
        expect(report.setWithoutVault.error?.message).toMatch(
          /No OS keychain answered .*Create or unlock an encrypted vault/,
        );
        expect(report.created.vault).toEqual({
          exists: true,
          unlocked: true,
          path: join(childDir, 'vault.json'),
        });
        expect(report.setWithVault.ok).toBe(true);
        expect(report.configured).toBe(true);
        expect(report.signature).toBe(
          createHmac('sha256', 'SECRET-no-bus-4242').update('message').digest('hex'),
        );
        const raw = await readFile(join(childDir, 'vault.json'));
        expect(raw.includes(Buffer.from('SECRET-no-bus-4242'))).toBe(false);
        // And the real keychain never received it.
        expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'ws-no-bus')).toBeNull();
      } finally {
        await rm(childDir, { recursive: true, force: true });
      }
    });
  });
}
