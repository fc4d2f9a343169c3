/** Issue 17 on the workspace store: pinned base URLs, stored URLs that break the rule, names. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../src/main/workspaces/workspace-store';
import type { Result } from '../../../src/shared/result';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-ws17-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = () => WorkspaceStore.open({ dataDir: dir, logger: quiet });
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const filePath = () => join(dir, 'workspaces.json');

describe('WorkspaceStore', () => {
  describe('issue 17', () => {
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
