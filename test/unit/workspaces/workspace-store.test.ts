import { spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyService } from '../../../src/main/keychain/key-service';
import { OsKeyStore } from '../../../src/main/keychain/os-key-store';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';
import { WorkspaceStore } from '../../../src/main/workspaces/workspace-store';
import type { Result } from '../../../src/shared/result';
import { useTempDir } from '../../support/temp-dir';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const fixedNow = () => new Date('2025-03-04T05:06:07.089Z');

const dir = useTempDir('copper-ws-');

const open = () => WorkspaceStore.open({ dataDir: dir(), now: fixedNow, logger: quiet });
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const filePath = () => join(dir(), 'workspaces.json');

describe('WorkspaceStore', () => {
  it('starts empty when there is no file, and creates, updates, activates and removes', async () => {
    const store = await open();
    expect(store.list()).toEqual({ workspaces: [], activeId: null });

    const a = value(await store.create({ name: 'Demo desk', environment: 'demo', organizationId: 'org-1' }));
    expect(a.baseUrl).toBe('https://api.stage.copper.co/platform');
    expect(a.createdAt).toBe('2025-03-04T05:06:07.089Z');
    expect(store.list().activeId).toBe(a.id); // the first workspace becomes active
    const b = value(
      await store.create({
        name: 'Demo 2',
        environment: 'demo',
        organizationId: 'org-2',
        defaultPortfolioId: 'pf-9',
      }),
    );
    expect(b.id).not.toBe(a.id); // several per environment
    expect(store.list().activeId).toBe(a.id);

    const updated = value(await store.update(b.id, { name: 'Renamed', defaultPortfolioId: null }));
    expect(updated.name).toBe('Renamed');
    expect(updated.defaultPortfolioId).toBeUndefined();
    const bad = await store.update(b.id, { baseUrl: 'http://evil.example.com/platform' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('bad-input');
    expect(value(store.get(b.id)).baseUrl).toBe('https://api.stage.copper.co/platform'); // unchanged

    expect(value(await store.activate(b.id)).activeId).toBe(b.id);
    const removed = value(await store.remove(b.id));
    expect(removed.removedId).toBe(b.id);
    expect(removed.list.workspaces.map((w) => w.id)).toEqual([a.id]);
    expect(removed.list.activeId).toBeNull();

    const reopened = await open();
    expect(reopened.list().workspaces).toEqual([value(store.get(a.id))]);
  });

  it('answers workspace-not-found for unknown ids', async () => {
    const store = await open();
    for (const r of [
      store.get('nope'),
      await store.update('nope', { name: 'x' }),
      await store.remove('nope'),
      await store.activate('nope'),
      await store.saveUiState('nope', {}),
    ]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('workspace-not-found');
    }
  });

  it('refuses a bad base URL on create with a message saying what to fix', async () => {
    const store = await open();
    const r = await store.create({
      name: 'x',
      environment: 'production',
      organizationId: 'o',
      baseUrl: 'https://x.com/api',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-input');
      expect(r.error.message).toMatch(/must use https:\/\/api\.copper\.co\/platform/);
    }
    expect(store.list().workspaces).toHaveLength(0);
  });

  it('round-trips uiState through the file', async () => {
    const store = await open();
    const ws = value(await store.create({ name: 'T', environment: 'testnet', organizationId: 'o' }));
    const uiState = {
      tab: 'loans',
      filters: { statuses: ['active'], isOpen: true },
      columns: ['a', 'b'],
      sort: null,
    };
    expect(value(await store.saveUiState(ws.id, uiState))).toBeNull();
    expect((await open()).list().workspaces[0]?.uiState).toEqual(uiState);
    expect((await stat(filePath())).mode & 0o777).toBe(0o600);
  });

  it('sets a corrupt file aside, starts empty and reports why', async () => {
    await writeFile(filePath(), '{"version": 1, "workspaces": [');
    const store = await open();
    const list = store.list();
    expect(list.workspaces).toEqual([]);
    expect(list.recoveredFrom?.reason).toMatch(/not valid JSON/);
    expect(list.recoveredFrom?.setAsidePath).toBe(
      join(dir(), 'workspaces.corrupt-2025-03-04T05-06-07-089Z.json'),
    );
    expect(await readFile(list.recoveredFrom?.setAsidePath ?? '', 'utf8')).toBe(
      '{"version": 1, "workspaces": [',
    );
    // The store works normally afterwards.
    value(await store.create({ name: 'New', environment: 'demo', organizationId: 'o' }));
    expect((await open()).list().recoveredFrom).toBeUndefined();
  });

  it('sets aside a file of the wrong shape, naming the bad field, without overwriting an earlier copy', async () => {
    const wrong = {
      version: 1,
      activeId: null,
      workspaces: [
        {
          id: 'w1',
          name: 'Prod',
          environment: 'mainnet',
          baseUrl: 'https://api.copper.co/platform',
          organizationId: 'o',
          builtIn: false,
          uiState: {},
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    };
    await writeFile(join(dir(), 'workspaces.corrupt-2025-03-04T05-06-07-089Z.json'), 'earlier');
    await writeFile(filePath(), JSON.stringify(wrong));
    const list = (await open()).list();
    expect(list.workspaces).toEqual([]);
    expect(list.recoveredFrom?.reason).toMatch(/workspaces\.0\.environment/);
    expect(list.recoveredFrom?.setAsidePath).toBe(
      join(dir(), 'workspaces.corrupt-2025-03-04T05-06-07-089Z-1.json'),
    );
    expect(await readFile(join(dir(), 'workspaces.corrupt-2025-03-04T05-06-07-089Z.json'), 'utf8')).toBe(
      'earlier',
    );

    await writeFile(filePath(), JSON.stringify({ version: 2, activeId: null, workspaces: [] }));
    expect((await open()).list().recoveredFrom?.reason).toMatch(/version/);
  });

  it('keeps the previous file when a write was interrupted before its rename', async () => {
    const store = await open();
    const ws = value(await store.create({ name: 'Keep me', environment: 'demo', organizationId: 'o' }));
    const before = await readFile(filePath(), 'utf8');
    // What a writer killed mid-write leaves: a partial temp file beside the intact target.
    const temp = join(dir(), `.workspaces.json.${process.pid}.deadbeef0000.tmp`);
    await writeFile(temp, before.slice(0, 20));
    const reopened = await open();
    expect(reopened.list().recoveredFrom).toBeUndefined();
    expect(reopened.list().workspaces.map((w) => w.name)).toEqual(['Keep me']);
    expect(value(reopened.get(ws.id)).id).toBe(ws.id);
    expect(await readFile(filePath(), 'utf8')).toBe(before);
    expect((await readdir(dir())).filter((n) => n.endsWith('.tmp'))).toEqual([]); // leftovers cleaned
  });

  it(
    'leaves a valid file when a writing process is killed at arbitrary moments',
    { timeout: 60_000 },
    async () => {
      const seed = await open();
      value(await seed.create({ name: 'Crash test', environment: 'demo', organizationId: 'o' }));
      const script = join(import.meta.dirname, 'fixtures', 'crash-writer.ts');
      for (let round = 0; round < 4; round++) {
        const child = spawn(process.execPath, ['--import', 'tsx', script, dir()], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const killAfter = 3 + round * 5;
        await new Promise<void>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if ((out.match(/wrote/g) ?? []).length >= killAfter) {
              // A short random delay lands the kill at different points inside the next write.
              setTimeout(() => child.kill('SIGKILL'), Math.random() * 5);
            }
          });
          child.on('exit', (_code, signal) =>
            signal === 'SIGKILL'
              ? resolve()
              : reject(new Error(`writer exited without being killed: ${stderr}`)),
          );
        });
        const text = await readFile(filePath(), 'utf8');
        expect(() => JSON.parse(text)).not.toThrow();
        const store = await open();
        expect(store.list().recoveredFrom).toBeUndefined();
        expect(store.list().workspaces[0]?.name).toBe('Crash test');
        expect(typeof store.list().workspaces[0]?.uiState.n).toBe('number');
      }
    },
  );

  it('never puts the API secret in the workspaces file', async () => {
    const store = await open();
    const ws = value(await store.create({ name: 'S', environment: 'demo', organizationId: 'o' }));
    // A keychain with no OS keychain and an unlocked vault: the key goes to the vault.
    const os = new OsKeyStore({
      keytar: {
        getPassword: () => Promise.reject(new Error('no bus')),
        setPassword: () => Promise.reject(new Error('no bus')),
        deletePassword: () => Promise.reject(new Error('no bus')),
      },
      logger: quiet,
    });
    const keys = await KeyService.start({
      dataDir: dir(),
      osKeyStore: os,
      vault: new VaultKeyStore({ dataDir: dir(), logger: quiet, scrypt: { N: 2 ** 15, r: 8, p: 1 } }),
      logger: quiet,
    });
    value(await keys.createVault('a long enough passphrase'));
    value(await keys.setKey(ws.id, { apiKey: 'AKEY-visible-1234', apiSecret: 'SECRET-never-on-disk-5678' }));
    value(await store.saveUiState(ws.id, { tab: 'loans' }));
    const raw = await readFile(filePath());
    expect(raw.includes('SECRET-never-on-disk-5678')).toBe(false);
    expect(raw.includes('AKEY-visible-1234')).toBe(false);
    expect(await keys.isConfigured(ws.id)).toBe(true);
  });

  describe('ensureBuiltInSandbox', () => {
    /** Where the embedded sandbox listens at the first start. */
    const SANDBOX_URL = 'http://127.0.0.1:40001/platform';

    it('creates the Local sandbox on first run and makes it active', async () => {
      const store = await open();
      const ws = value(
        await store.ensureBuiltInSandbox({ baseUrl: SANDBOX_URL, organizationId: 'sandbox-org' }),
      );
      expect(ws).toMatchObject({
        name: 'Local sandbox',
        environment: 'sandbox',
        builtIn: true,
        organizationId: 'sandbox-org',
      });
      expect(store.list().activeId).toBe(ws.id);
    });

    it('updates the port and organization on later starts, keeping id, uiState and the active choice', async () => {
      const first = await open();
      const sb = value(await first.ensureBuiltInSandbox({ baseUrl: SANDBOX_URL, organizationId: 'org-a' }));
      value(await first.saveUiState(sb.id, { tab: 'clearloop' }));
      const demo = value(await first.create({ name: 'Demo', environment: 'demo', organizationId: 'o' }));
      value(await first.activate(demo.id));

      const second = await open();
      const again = value(
        await second.ensureBuiltInSandbox({
          baseUrl: 'http://localhost:40777/platform',
          organizationId: 'org-b',
        }),
      );
      expect(again.id).toBe(sb.id);
      expect(again.baseUrl).toBe('http://localhost:40777/platform');
      expect(again.organizationId).toBe('org-b');
      expect(again.uiState).toEqual({ tab: 'clearloop' });
      expect(second.list().activeId).toBe(demo.id);
      expect(second.list().workspaces.filter((w) => w.builtIn)).toHaveLength(1);
    });

    it('does not steal the active choice when another workspace exists first, and cannot be removed or re-pointed', async () => {
      const store = await open();
      const demo = value(await store.create({ name: 'Demo', environment: 'demo', organizationId: 'o' }));
      const sb = value(await store.ensureBuiltInSandbox({ baseUrl: SANDBOX_URL, organizationId: 'org' }));
      expect(store.list().activeId).toBe(demo.id);
      const removeSb = await store.remove(sb.id);
      expect(removeSb.ok).toBe(false);
      const repoint = await store.update(sb.id, { baseUrl: 'http://127.0.0.1:1/platform' });
      expect(repoint.ok).toBe(false);
      // Removing the active real workspace falls back to the sandbox, never to another real one.
      expect(value(await store.remove(demo.id)).list.activeId).toBe(sb.id);
    });

    it('refuses a non-loopback sandbox URL', async () => {
      const store = await open();
      const r = await store.ensureBuiltInSandbox({
        baseUrl: 'http://192.168.1.2:4000/platform',
        organizationId: 'o',
      });
      expect(r.ok).toBe(false);
      expect(store.list().workspaces).toEqual([]);
    });
  });

  describe('base URLs that break the pinning rule, and names', () => {
    const stored = (baseUrl: string, environment = 'production') => ({
      version: 1,
      activeId: 'w1',
      workspaces: [
        {
          id: 'w1',
          name: 'Prod',
          environment,
          baseUrl,
          organizationId: 'o',
          builtIn: false,
          uiState: {},
          createdAt: '2025-01-01T00:00:00.000Z',
        },
        {
          id: 'w2',
          name: 'Demo',
          environment: 'demo',
          baseUrl: 'https://api.stage.copper.co/platform',
          organizationId: 'o',
          builtIn: false,
          uiState: {},
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    });

    it('loads a stored workspace whose base URL is now forbidden, and refuses to hand it out for sending', async () => {
      await writeFile(filePath(), JSON.stringify(stored('https://attacker.example/platform')));
      const store = await open();
      const list = store.list();
      expect(list.recoveredFrom).toBeUndefined();
      expect(list.workspaces.map((w) => w.id)).toEqual(['w1', 'w2']);
      const refused = store.get('w1');
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('bad-input');
        expect(refused.error.message).toMatch(
          /"Prod" has a base URL that is not allowed, so nothing is sent/,
        );
        expect(refused.error.message).toMatch(/must use https:\/\/api\.copper\.co\/platform/);
      }
      expect(value(store.find('w1')).baseUrl).toBe('https://attacker.example/platform');
      expect(value(store.get('w2')).name).toBe('Demo'); // the others still work
      // A rename alone cannot launder it; setting the base URL back to the default fixes it.
      expect((await store.update('w1', { name: 'Prod 2' })).ok).toBe(false);
      expect(value(await store.update('w1', { baseUrl: '' })).baseUrl).toBe('https://api.copper.co/platform');
      expect(value(store.get('w1')).baseUrl).toBe('https://api.copper.co/platform');
    });

    it('refuses a production base URL on another host, and keeps the stored one', async () => {
      const store = await open();
      const prod = value(await store.create({ name: 'P', environment: 'production', organizationId: 'o' }));
      for (const baseUrl of [
        'https://attacker.example/platform',
        'https://api.copper.co.attacker.example/platform',
        'https://127.0.0.1:47002/platform',
      ]) {
        const r = await store.update(prod.id, { baseUrl });
        expect(r.ok, baseUrl).toBe(false);
      }
      expect(value(store.get(prod.id)).baseUrl).toBe('https://api.copper.co/platform');
    });

    it('refuses names with control, bidi or zero-width characters, copies, and the built-in name', async () => {
      const store = await open();
      value(await store.create({ name: 'Fund A treasury', environment: 'demo', organizationId: 'o' }));
      const refused: Array<[string, RegExp]> = [
        ['Prod\u202Eyrusaert', /U\+202E/],
        ['Pr\u200Bod', /U\+200B/],
        ['Prod\nline', /U\+000A/],
        ['Prod\u0007', /U\+0007/],
        ['\u2066Prod\u2069', /U\+2066/],
        ['Prod\u200E', /U\+200E/],
        ['Local sandbox', /built-in sandbox/],
        ['  local   SANDBOX ', /built-in sandbox/],
        ['fund a TREASURY', /already named "Fund A treasury"/],
        ['FundA treasury', /already named/],
      ];
      for (const [name, message] of refused) {
        const r = await store.create({ name, environment: 'production', organizationId: 'o' });
        expect(r.ok, JSON.stringify(name)).toBe(false);
        if (!r.ok) expect(r.error.message).toMatch(message);
      }
      expect(store.list().workspaces).toHaveLength(1);
      const other = value(await store.create({ name: 'Fund B', environment: 'demo', organizationId: 'o' }));
      expect((await store.update(other.id, { name: 'FUND A treasury' })).ok).toBe(false);
      expect(value(await store.update(other.id, { name: 'Fund B ' })).name).toBe('Fund B'); // its own name
    });
  });
});
