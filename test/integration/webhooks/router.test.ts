/**
 * webhooks.* through the contract router of a real createMainApp (its embedded sandbox, a temp
 * data folder): receiver, one-click sandbox subscription, live events, verify tool, delivery log,
 * notifications, copy-as-curl replay, and the refusals.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainApp } from '../../../src/main/app/create-app';
import { startTestApp, type TestApp } from '../../support/main-app';
import type {
  ReceivedWebhook,
  SandboxDelivery,
  SandboxSubscription,
  WebhookReceiverStatus,
  WebhookVerification,
} from '../../../src/shared/contract';
import type { Loan } from '../../../src/shared/platform/resources';
import { until } from '../../support/until';

let test: TestApp;
let app: MainApp;
let ws: string;
const notified: [string, string][] = [];
const pushed: ReceivedWebhook[] = [];

const call = <T>(name: string, input: unknown) => test.call<T>(name, input);
const value = <T>(name: string, input: unknown) => test.value<T>(name, input);

beforeAll(async () => {
  test = await startTestApp('webhooks', {
    notifier: { notify: (title, body) => notified.push([title, body]) },
  });
  app = test.app;
  app.events.subscribe((event, payload) => {
    if (event === 'webhook-received') pushed.push(payload as ReceivedWebhook);
  });
  ws = test.builtInId;
});

afterAll(() => test.close());

describe('webhooks through the router', () => {
  it('refuses bad input before anything starts', async () => {
    expect((await call('webhooks.startReceiver', { workspaceId: ws, port: 80 })).ok).toBe(false);
    const low = await call('webhooks.startReceiver', { workspaceId: ws, port: 1023 });
    expect(!low.ok && low.error.code).toBe('bad-input');
    const none = await call('webhooks.startReceiver', { workspaceId: 'nope', port: 0 });
    expect(!none.ok && none.error.code).toBe('workspace-not-found');
    const early = await call('webhooks.subscribeSandbox', { workspaceId: ws });
    expect(!early.ok && early.error.code).toBe('bad-input');
    const badEvent = await call('webhooks.subscribeSandbox', { workspaceId: ws, events: ['nope'] });
    expect(!badEvent.ok && badEvent.error.code).toBe('bad-input');
    const status = await value<WebhookReceiverStatus>('webhooks.status', {});
    expect(status).toMatchObject({ running: false, url: null, windowMs: 300_000 });
  });

  it('receives a sandbox event end to end, verifies it and agrees with the verify tool', async () => {
    const started = await value<WebhookReceiverStatus>('webhooks.startReceiver', {
      workspaceId: ws,
      port: 0,
    });
    expect(started).toMatchObject({ running: true, workspaceId: ws });
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    await value('webhooks.setNotifications', { eventTypes: ['loan-updated'] });
    const sub = await value<SandboxSubscription>('webhooks.subscribeSandbox', { workspaceId: ws });
    expect(sub.url).toBe(started.url);
    expect(sub.events).toContain('agent-wallet-activated');
    expect(JSON.stringify(sub)).not.toContain(app.sandbox.apiKey);
    const subs = await value<SandboxSubscription[]>('webhooks.sandboxSubscriptions', { workspaceId: ws });
    expect(subs.map((s) => s.subscriptionId)).toContain(sub.subscriptionId);

    const loans = await value<{ items: Loan[] }>('loans.list', { workspaceId: ws, limit: 1000 });
    const loan = loans.items.find((l) => l.externalId === 'sandbox-approve-lend-3');
    const prepared = await value<{ id: string }>('actions.prepare', {
      workspaceId: ws,
      action: { kind: 'loans.approve', loanId: loan?.loanId },
    });
    await value('actions.execute', { id: prepared.id });
    const [entry] = await until(
      () => value<ReceivedWebhook[]>('webhooks.list', { eventType: 'loan-updated' }),
      (l) => l.length > 0,
    );
    expect(entry).toMatchObject({
      workspaceId: ws,
      verdict: 'valid',
      event: 'loan-updated',
      subscriptionId: sub.subscriptionId,
    });
    // Each delivery belongs to the workspace whose key verified it; another sees none of it.
    expect((await value<ReceivedWebhook[]>('webhooks.list', { workspaceId: ws })).map((e) => e.id)).toContain(
      entry?.id,
    );
    expect(await value<ReceivedWebhook[]>('webhooks.list', { workspaceId: 'another-workspace' })).toEqual([]);
    expect(pushed.some((p) => p.id === entry?.id)).toBe(true);
    expect(notified).toEqual([
      ['Webhook: loan-updated', `Subscription ${sub.subscriptionId}, signature valid`],
    ]);

    const headers = {
      'X-Signature': entry!.headers['X-Signature'] ?? '',
      'X-Timestamp': entry!.headers['X-Timestamp'] ?? '',
      'X-Id': entry!.headers['X-Id'],
    };
    const same = await value<WebhookVerification>('webhooks.verify', {
      workspaceId: ws,
      headers,
      body: entry!.rawBody,
    });
    expect(same.verdict).toBe(entry!.verdict);
    expect(same.eventId).toBe(entry!.eventId);
    const tampered = await value<WebhookVerification>('webhooks.verify', {
      workspaceId: ws,
      headers,
      body: entry!.rawBody.replace('"approve"', '"cancel"'),
    });
    expect(tampered.verdict).toBe('invalid');
    const garbled = await value<WebhookVerification>('webhooks.verify', {
      workspaceId: ws,
      headers: { 'X-Signature': '', 'X-Timestamp': '' },
      body: '',
    });
    expect(garbled.verdict).toBe('malformed');

    const log = await until(
      () =>
        value<SandboxDelivery[]>('webhooks.sandboxDeliveries', {
          workspaceId: ws,
          subscriptionId: sub.subscriptionId,
        }),
      (l) => l.some((d) => d.eventId === entry!.eventId && d.state === 'delivered'),
    );
    expect(log.find((d) => d.eventId === entry!.eventId)?.attempts[0]?.status).toBe(200);

    // Copy as curl replays the same bytes: within the window it verifies again.
    const before = (await value<ReceivedWebhook[]>('webhooks.list', {})).length;
    await promisify(execFile)('sh', ['-c', entry!.curl]);
    const after = await until(
      () => value<ReceivedWebhook[]>('webhooks.list', {}),
      (l) => l.length > before,
    );
    expect(after[0]).toMatchObject({ verdict: 'valid', eventId: entry!.eventId, rawBody: entry!.rawBody });

    expect((await value<WebhookReceiverStatus>('webhooks.status', {})).notifications).toEqual({
      eventTypes: ['loan-updated'],
      native: true,
    });
    await value('webhooks.unsubscribeSandbox', { workspaceId: ws, subscriptionId: sub.subscriptionId });
    const gone = await call('webhooks.unsubscribeSandbox', {
      workspaceId: ws,
      subscriptionId: sub.subscriptionId,
    });
    expect(!gone.ok && gone.error.code).toBe('not-found');
    await value('webhooks.clear', {});
    expect(await value<ReceivedWebhook[]>('webhooks.list', {})).toEqual([]);
    const stopped = await value<WebhookReceiverStatus>('webhooks.stopReceiver', {});
    expect(stopped.running).toBe(false);
  });

  it('subscribes only sandbox workspaces, and only with the receiver verifying for them', async () => {
    const demo = await value<{ id: string }>('workspaces.create', {
      name: 'Demo',
      environment: 'demo',
      organizationId: 'org-demo',
    });
    const denied = await call('webhooks.subscribeSandbox', { workspaceId: demo.id });
    expect(!denied.ok && denied.error.code).toBe('unsupported');
    const deliveries = await call('webhooks.sandboxDeliveries', { workspaceId: demo.id });
    expect(!deliveries.ok && deliveries.error.code).toBe('unsupported');
    const other = await value<{ id: string }>('workspaces.create', {
      name: 'Other sandbox',
      environment: 'sandbox',
      organizationId: app.sandbox.organizationId,
      baseUrl: app.sandbox.baseUrl,
    });
    await value('webhooks.startReceiver', { workspaceId: ws, port: 0 });
    const mismatch = await call('webhooks.subscribeSandbox', { workspaceId: other.id });
    expect(!mismatch.ok && mismatch.error.code).toBe('bad-input');
    await value('webhooks.stopReceiver', {});
  });
});
