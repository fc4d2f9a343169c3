import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/main/events/event-bus';
import { registerWebhookHandlers, type WebhookDeps } from '../../../src/main/handlers/webhook-handlers';
import type { Logger } from '../../../src/main/log/logger';
import { PreferencesStore } from '../../../src/main/preferences/preferences-store';
import { WebhookReceiver } from '../../../src/main/webhooks/receiver';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'prefs-test-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

function handlers(preferences: PreferencesStore) {
  const deps = {
    receiver: new WebhookReceiver(),
    events: new EventBus(),
    log,
    notifier: null,
    preferences,
  } as unknown as WebhookDeps; // the notification calls use none of the other services
  return registerWebhookHandlers(deps);
}

describe('preferences', () => {
  it('keep the webhook notification choices across a restart', async () => {
    const first = handlers(await PreferencesStore.open({ dataDir }));
    const set = await first['webhooks.setNotifications']({
      eventTypes: ['loan.approved', 'deposit.created'],
    });
    expect(set.ok).toBe(true);

    const second = handlers(await PreferencesStore.open({ dataDir }));
    const status = await second['webhooks.status']({});
    expect(status.ok && status.value.notifications.eventTypes).toEqual(['loan.approved', 'deposit.created']);
  });

  it('keep per-workspace choices apart and forget a removed workspace', async () => {
    const store = await PreferencesStore.open({ dataDir });
    await store.update({ workspaceId: 'w1' }, { webhookNotifications: ['a'] });
    await store.update({ workspaceId: 'w2' }, { webhookNotifications: ['b'] });
    await store.forget('w1');
    const again = await PreferencesStore.open({ dataDir });
    expect(again.get({ workspaceId: 'w1' })).toEqual({});
    expect(again.get({ workspaceId: 'w2' })).toEqual({ webhookNotifications: ['b'] });
    expect(again.get('app')).toEqual({});
  });

  it('set an unreadable file aside and start with the defaults', async () => {
    await writeFile(join(dataDir, 'preferences.json'), '{"version":1,"app":{"webhookNotifications":[4');
    const warnings: string[] = [];
    const store = await PreferencesStore.open({
      dataDir,
      log: { ...log, warn: (_s, m) => warnings.push(m) },
    });
    expect(store.get('app')).toEqual({});
    expect(
      (await readdir(dataDir)).some((n) => n.startsWith('preferences.json.') && n.endsWith('.bad')),
    ).toBe(true);
    expect(warnings.join()).toMatch(/set aside/);
  });
});
