import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/main/log/logger';
import { preferencesHandlers } from '../../../src/main/handlers/preferences-handlers';
import {
  osAccountName,
  PreferencesStore,
  UNKNOWN_OPERATOR,
} from '../../../src/main/preferences/preferences-store';
import { createRouter } from '../../../src/main/router/router';
import { useTempDir } from '../../support/temp-dir';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const dataDir = useTempDir('prefs-test-');

describe('preferences', () => {
  it('keep per-workspace choices apart and forget a removed workspace', async () => {
    const store = await PreferencesStore.open({ dataDir: dataDir() });
    await store.update({ workspaceId: 'w1' }, { webhookNotifications: ['a'] });
    await store.update({ workspaceId: 'w2' }, { webhookNotifications: ['b'] });
    await store.forget('w1');
    const again = await PreferencesStore.open({ dataDir: dataDir() });
    expect(again.get({ workspaceId: 'w1' })).toEqual({});
    expect(again.get({ workspaceId: 'w2' })).toEqual({ webhookNotifications: ['b'] });
    expect(again.get('app')).toEqual({});
  });

  it('set an unreadable file aside and start with the defaults', async () => {
    await writeFile(join(dataDir(), 'preferences.json'), '{"version":1,"app":{"webhookNotifications":[4');
    const warnings: string[] = [];
    const store = await PreferencesStore.open({
      dataDir: dataDir(),
      log: { ...log, warn: (_s, m) => warnings.push(m) },
    });
    expect(store.get('app')).toEqual({});
    expect(
      (await readdir(dataDir())).some((n) => n.startsWith('preferences.json.') && n.endsWith('.bad')),
    ).toBe(true);
    expect(warnings.join()).toMatch(/set aside/);
  });
});

describe('the operator name', () => {
  const account = () => 'jdoe';

  it('defaults to the OS account name, and a name set is trimmed, kept across a restart and cleared', async () => {
    const store = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    expect(store.operatorName()).toBeNull();
    expect(store.effectiveOperator()).toBe('jdoe');

    await store.setOperatorName('  Dana Ops — desk 2  ');
    expect(store.operatorName()).toBe('Dana Ops — desk 2');
    expect(store.effectiveOperator()).toBe('Dana Ops — desk 2');
    await store.update('app', { webhookNotifications: ['loan.approved'] });

    const again = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    expect(again.operatorName()).toBe('Dana Ops — desk 2');
    expect(again.get('app')).toEqual({ webhookNotifications: ['loan.approved'] });
    await again.setOperatorName(null);
    expect(again.effectiveOperator()).toBe('jdoe');
    const third = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    expect(third.operatorName()).toBeNull();
    expect(third.get('app')).toEqual({ webhookNotifications: ['loan.approved'] });
  });

  it.each([
    ['empty', '   '],
    ['too long', 'x'.repeat(101)],
    ['a newline', 'Dana\nOps'],
    ['a tab', 'Dana\tOps'],
    ['a right-to-left override', 'Dana\u202eOps'],
    ['a bidi isolate', '\u2066Dana'],
    ['a zero-width space', 'Da\u200bna'],
    ['a zero-width joiner', 'Dana\u200d'],
    ['a BOM', '\ufeffDana'],
  ])('refuses %s and keeps the name it had', async (_what, name) => {
    const store = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    await store.setOperatorName('Dana');
    expect(() => store.setOperatorName(name)).toThrow();
    expect(store.operatorName()).toBe('Dana');
  });

  it('takes 100 characters, counted as characters, not UTF-16 units', async () => {
    const store = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    await store.setOperatorName('𝒟'.repeat(100));
    expect(store.operatorName()).toBe('𝒟'.repeat(100));
  });

  it('drops a stored name that breaks the rule, and keeps the rest of the file', async () => {
    await writeFile(
      join(dataDir(), 'preferences.json'),
      JSON.stringify({
        version: 1,
        app: { operatorName: 'evil\u202ename', webhookNotifications: ['loan.approved'] },
        workspaces: {},
      }),
    );
    const store = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    expect(store.operatorName()).toBeNull();
    expect(store.effectiveOperator()).toBe('jdoe');
    expect(store.get('app')).toEqual({ webhookNotifications: ['loan.approved'] });
  });

  it('falls back from an account name that cannot be read or shown', () => {
    const env = {
      USER: process.env['USER'],
      LOGNAME: process.env['LOGNAME'],
      USERNAME: process.env['USERNAME'],
    };
    try {
      process.env['USER'] = 'from-env';
      const throws = () => {
        throw new Error('ENOENT: no passwd entry');
      };
      expect(osAccountName(throws)).toBe('from-env');
      expect(osAccountName(() => 'bad\u200bname')).toBe('from-env');
      delete process.env['USER'];
      delete process.env['LOGNAME'];
      delete process.env['USERNAME'];
      expect(osAccountName(throws)).toBe(UNKNOWN_OPERATOR);
      expect(osAccountName(() => 'jdoe')).toBe('jdoe');
    } finally {
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('is read and set through the contract, which refuses a bad name before the store sees it', async () => {
    const store = await PreferencesStore.open({ dataDir: dataDir(), accountName: account });
    const handlers = preferencesHandlers({ preferences: store });
    const router = createRouter(handlers as Parameters<typeof createRouter>[0], log);
    expect(await router.dispatch('preferences.operatorName', {})).toEqual({
      ok: true,
      value: { name: null, accountName: 'jdoe', effective: 'jdoe' },
    });
    expect(await router.dispatch('preferences.setOperatorName', { name: ' Dana ' })).toEqual({
      ok: true,
      value: { name: 'Dana', accountName: 'jdoe', effective: 'Dana' },
    });
    const refused = await router.dispatch('preferences.setOperatorName', { name: 'Da\u202ena' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'bad-input', field: 'name' });
    expect(refused.ok ? '' : refused.error.message).toMatch(/U\+202E/);
    expect(store.operatorName()).toBe('Dana');
    expect(await router.dispatch('preferences.setOperatorName', { name: null })).toMatchObject({
      ok: true,
      value: { name: null, effective: 'jdoe' },
    });
  });
});
