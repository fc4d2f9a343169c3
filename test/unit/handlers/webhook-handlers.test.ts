/**
 * webhooks.* handlers: the byte limit the schema cannot check, then a plain call of the webhook
 * service (its behaviour: test/unit/webhooks/webhook-service.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_BODY_BYTES } from '../../../src/shared/contract';
import { ok } from '../../../src/shared/result';
import { webhookHandlers } from '../../../src/main/handlers/webhook-handlers';
import type { WebhookService } from '../../../src/main/webhooks/webhook-service';

/** A service that records each call and answers a marker. */
function recordingService() {
  const calls: [string, ...unknown[]][] = [];
  const service = new Proxy(
    {},
    {
      get:
        (_target, name: string) =>
        (...args: unknown[]) => {
          calls.push([name, ...args]);
          return name === 'status' || name === 'list' || name === 'clear'
            ? `${name}-answer`
            : Promise.resolve(name === 'stopReceiver' ? 'stopped' : ok(`${name}-answer`));
        },
    },
  ) as WebhookService;
  return { handlers: webhookHandlers({ webhooks: service }), calls };
}

const HEADERS = { 'X-Signature': 'ab', 'X-Timestamp': '1750000000000' };

describe('webhook handlers', () => {
  it('refuse a pasted body over 1 MB in UTF-8 bytes without asking the service', async () => {
    const { handlers, calls } = recordingService();
    // Under the schema's character limit, over the byte limit: 'é' is two bytes.
    const body = 'é'.repeat(MAX_WEBHOOK_BODY_BYTES / 2 + 1);
    const answer = await handlers['webhooks.verify']({ workspaceId: 'w1', headers: HEADERS, body });
    expect(!answer.ok && answer.error.code).toBe('bad-input');
    expect(calls).toEqual([]);
  });

  it('hand the verify tool the exact bytes that were pasted, up to the limit', async () => {
    const { handlers, calls } = recordingService();
    const body = 'é'.repeat(MAX_WEBHOOK_BODY_BYTES / 2);
    const answer = await handlers['webhooks.verify']({ workspaceId: 'w1', headers: HEADERS, body });
    expect(answer).toEqual(ok('verify-answer'));
    expect(calls.map((c) => c.slice(0, 3))).toEqual([['verify', 'w1', HEADERS]]);
    const rawBody = calls[0]?.[3];
    // Compared as bytes: a deep equality over a megabyte is slow.
    expect(Buffer.isBuffer(rawBody) && rawBody.equals(Buffer.from(body, 'utf8'))).toBe(true);
  });

  it('pass every other call to the service as it came', async () => {
    const { handlers, calls } = recordingService();
    expect(await handlers['webhooks.status']({})).toEqual(ok('status-answer'));
    expect(await handlers['webhooks.startReceiver']({ workspaceId: 'w1', port: 0 })).toEqual(
      ok('startReceiver-answer'),
    );
    expect(await handlers['webhooks.stopReceiver']({})).toEqual(ok('stopped'));
    expect(await handlers['webhooks.list']({ verdict: 'valid', limit: 5 })).toEqual(ok('list-answer'));
    expect(await handlers['webhooks.clear']({})).toEqual(ok(null));
    await handlers['webhooks.subscribeSandbox']({ workspaceId: 'w1', events: ['loan-updated'] });
    await handlers['webhooks.sandboxSubscriptions']({ workspaceId: 'w1' });
    await handlers['webhooks.unsubscribeSandbox']({ workspaceId: 'w1', subscriptionId: 's1' });
    await handlers['webhooks.sandboxDeliveries']({ workspaceId: 'w1', subscriptionId: 's1' });
    await handlers['webhooks.setNotifications']({ eventTypes: ['loan-updated'] });
    expect(calls).toEqual([
      ['status'],
      ['startReceiver', 'w1', 0],
      ['stopReceiver'],
      ['list', { verdict: 'valid', limit: 5 }],
      ['clear'],
      ['subscribeSandbox', 'w1', ['loan-updated']],
      ['sandboxSubscriptions', 'w1'],
      ['unsubscribeSandbox', 'w1', 's1'],
      ['sandboxDeliveries', 'w1', 's1'],
      ['setNotifications', ['loan-updated']],
    ]);
  });
});
