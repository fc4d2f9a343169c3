/**
 * The webhook service over stand-in workspaces and keys: what it refuses before it touches the
 * receiver or the sandbox, which deliveries notify, what the verify tool answers, and the
 * notification choices surviving a restart (a real preferences file).
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedWebhook } from '../../../src/shared/contract';
import { SANDBOX_FIRED_EVENTS } from '../../../src/shared/platform/enums';
import { fail, ok } from '../../../src/shared/result';
import { EventBus } from '../../../src/main/events/event-bus';
import type { KeyService } from '../../../src/main/keychain/key-service';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import type { Logger } from '../../../src/main/log/logger';
import type { SandboxControls } from '../../../src/main/platform/sandbox-controls';
import { PreferencesStore } from '../../../src/main/preferences/preferences-store';
import { WebhookReceiver } from '../../../src/main/webhooks/receiver';
import { WebhookService, type WebhookServiceDeps } from '../../../src/main/webhooks/webhook-service';
import type { WorkspaceStore } from '../../../src/main/workspaces/workspace-store';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const SECRET = 'webhook-service-test-secret';
const NOW = 1_750_000_000_000;
const WORKSPACES: Record<string, { name: string; environment: string; baseUrl: string }> = {
  sand: { name: 'Sandbox desk', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4010/platform' },
  other: { name: 'Other sandbox', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4020/platform' },
  prod: { name: 'Prod desk', environment: 'production', baseUrl: 'https://api.example.com' },
  keyless: { name: 'No key', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4030/platform' },
};

const workspaces = {
  get: (id: string) =>
    WORKSPACES[id] ? ok({ id, ...WORKSPACES[id] }) : fail('workspace-not-found', `no workspace ${id}`),
} as unknown as WorkspaceStore;
const keys = {
  signerFor: async (id: string) => ok(id === 'keyless' ? null : createHmacSigner(`AK-${id}`, SECRET)),
} as unknown as KeyService;

/** The sandbox controls, recording what would be sent. */
function recordingControls() {
  const subscribed: {
    controlUrl: string;
    body: { url: string; events: readonly string[]; apiKey: string };
  }[] = [];
  const controls = {
    subscribe: async (
      controlUrl: string,
      body: { url: string; events: readonly string[]; apiKey: string },
    ) => {
      subscribed.push({ controlUrl, body });
      return ok({ subscriptionId: 'sub-1', url: body.url, events: [...body.events] });
    },
  } as unknown as SandboxControls;
  return { controls, subscribed };
}

function service(overrides: Partial<WebhookServiceDeps> = {}) {
  const events = new EventBus();
  const pushed: ReceivedWebhook[] = [];
  events.subscribe((event, payload) => {
    if (event === 'webhook-received') pushed.push(payload as ReceivedWebhook);
  });
  const { controls, subscribed } = recordingControls();
  const receiver = new WebhookReceiver();
  const webhooks = new WebhookService({
    receiver,
    controls,
    workspaces,
    keys,
    events,
    log,
    notifier: null,
    now: () => NOW,
    ...overrides,
  });
  return { webhooks, receiver: overrides.receiver ?? receiver, pushed, subscribed };
}

const running: WebhookReceiver[] = [];
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'webhook-service-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
  await rm(dataDir, { recursive: true, force: true });
});

function entry(overrides: Partial<ReceivedWebhook>): ReceivedWebhook {
  return {
    id: 'r-1',
    workspaceId: 'sand',
    receivedAt: String(NOW),
    path: '/webhooks',
    event: 'loan-updated',
    eventId: 'evt-1',
    subscriptionId: 'sub-1',
    timestamp: String(NOW),
    headers: {},
    rawBody: '{}',
    payload: null,
    verdict: 'valid',
    reason: 'signature valid',
    curl: 'curl',
    ...overrides,
  };
}

/** A receiver whose deliveries the test hands in, as the real one does after verifying. */
function handInReceiver() {
  const receiver = new WebhookReceiver();
  let deliver: (e: ReceivedWebhook) => void = () => undefined;
  receiver.onReceived = (listener) => {
    deliver = listener ?? (() => undefined);
  };
  return { receiver, deliver: (e: ReceivedWebhook) => deliver(e) };
}

describe('WebhookService', () => {
  it('pushes every delivery to the screen but notifies only valid ones of the chosen types', async () => {
    const notified: [string, string][] = [];
    const { receiver, deliver } = handInReceiver();
    const { webhooks, pushed } = service({
      receiver,
      notifier: { notify: (title, body) => notified.push([title, body]) },
    });
    await webhooks.setNotifications(['loan-updated']);

    deliver(entry({ verdict: 'invalid', reason: 'signature does not match' }));
    deliver(entry({ event: 'deposit-created' }));
    deliver(entry({ event: null, verdict: 'malformed' }));
    deliver(entry({}));

    expect(pushed).toHaveLength(4);
    expect(notified).toEqual([['Webhook: loan-updated', 'Subscription sub-1, signature valid']]);
  });

  it('keeps the notification choices across a restart', async () => {
    const first = service({ preferences: await PreferencesStore.open({ dataDir }) }).webhooks;
    expect((await first.setNotifications(['loan.approved', 'deposit.created'])).ok).toBe(true);

    const second = service({ preferences: await PreferencesStore.open({ dataDir }) }).webhooks;
    expect(second.status().notifications).toEqual({
      eventTypes: ['loan.approved', 'deposit.created'],
      native: false,
    });
  });

  it('applies notification choices it could not save, and says they were not saved', async () => {
    const preferences = {
      get: () => ({}),
      update: () => Promise.reject(new Error('disk full')),
    } as unknown as PreferencesStore;
    const { webhooks } = service({ preferences });
    const set = await webhooks.setNotifications(['loan-updated']);
    expect(!set.ok && set.error.code).toBe('io');
    expect(webhooks.status().notifications.eventTypes).toEqual(['loan-updated']);
  });

  it('does not start the receiver for a workspace without a key', async () => {
    const { webhooks, receiver } = service();
    const started = await webhooks.startReceiver('keyless', 0);
    expect(!started.ok && started.error.code).toBe('no-key');
    expect(receiver.status().running).toBe(false);
  });

  it('says a port is taken rather than failing vaguely', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { webhooks } = service();
      const started = await webhooks.startReceiver('sand', port);
      expect(!started.ok && started.error).toMatchObject({
        code: 'io',
        message: expect.stringMatching(/in use/),
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('subscribes the running receiver with the key it verifies with, and nothing else', async () => {
    const { webhooks, receiver, subscribed } = service();
    const early = await webhooks.subscribeSandbox('sand', undefined);
    expect(!early.ok && early.error.code).toBe('bad-input');
    const prod = await webhooks.subscribeSandbox('prod', undefined);
    expect(!prod.ok && prod.error.code).toBe('unsupported');

    const started = await webhooks.startReceiver('sand', 0);
    running.push(receiver);
    expect(started.ok && started.value).toMatchObject({ running: true, workspaceId: 'sand' });
    const elsewhere = await webhooks.subscribeSandbox('other', undefined);
    expect(!elsewhere.ok && elsewhere.error.message).toMatch(/another workspace/);
    expect(subscribed).toEqual([]);

    const sub = await webhooks.subscribeSandbox('sand', undefined);
    expect(sub.ok).toBe(true);
    expect(subscribed).toEqual([
      {
        controlUrl: 'http://127.0.0.1:4010/sandbox',
        body: { url: receiver.status().url, events: SANDBOX_FIRED_EVENTS, apiKey: 'AK-sand' },
      },
    ]);
  });

  it("verifies a pasted delivery with the workspace's key and does not echo its payload", async () => {
    const { webhooks } = service();
    const body = JSON.stringify({
      event: 'loan-updated',
      eventId: 'evt-9',
      subscriptionId: 'sub-9',
      payload: { loanId: 'l-1' },
    });
    const timestamp = String(NOW - 1000);
    const signed = (secret: string) => ({
      'X-Signature': createHmac('sha256', secret)
        .update(timestamp + 'evt-9' + body)
        .digest('hex'),
      'X-Timestamp': timestamp,
    });

    const good = await webhooks.verify('sand', signed(SECRET), Buffer.from(body));
    expect(good).toEqual({
      ok: true,
      value: {
        verdict: 'valid',
        reason: expect.any(String),
        event: 'loan-updated',
        eventId: 'evt-9',
        subscriptionId: 'sub-9',
        timestamp,
      },
    });
    const bad = await webhooks.verify('sand', signed('another-secret'), Buffer.from(body));
    expect(bad.ok && bad.value.verdict).toBe('invalid');
    const none = await webhooks.verify('nope', signed(SECRET), Buffer.from(body));
    expect(!none.ok && none.error.code).toBe('workspace-not-found');
  });
});
