/**
 * The webhooks tab's server state (src/renderer/src/features/webhooks/queries.ts): live deliveries
 * into their workspace's list, the receiver's status kept by the calls' answers, a notification
 * choice shown at once and reverted when refused.
 */
import { describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import type { ReceivedWebhook, WebhookReceiverStatus } from '@shared/contract';
import {
  clearReceived,
  receivedQuery,
  receiverMutation,
  receiverStatusQuery,
  subscribeWebhooks,
} from '../../../../src/renderer/src/features/webhooks/queries';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture((fx) => {
  fx.copper.answerWith('webhooks.status', status());
});

const status = (patch: Partial<WebhookReceiverStatus> = {}): WebhookReceiverStatus =>
  ({
    running: true,
    workspaceId: 'a',
    received: 0,
    notifications: { native: true, eventTypes: [] },
    ...patch,
  }) as WebhookReceiverStatus;

const delivery = (id: string, workspaceId = 'a') =>
  ({ id, workspaceId, event: 'loan.updated', verdict: 'valid' }) as ReceivedWebhook;

function show(wsId: string) {
  const received = q.show<ReceivedWebhook[]>(receivedQuery(wsId));
  return () => received()?.map((e) => e.id);
}

describe('received deliveries', () => {
  it("puts a live delivery into its own workspace's list, newest first, once", async () => {
    q.onClose(subscribeWebhooks(q.client));
    q.copper.answerWith('webhooks.list', [delivery('2'), delivery('1')]);
    const a = show('a');
    await settle();
    q.copper.emit('webhook-received', delivery('3'));
    q.copper.emit('webhook-received', delivery('3'));
    q.copper.emit('webhook-received', delivery('4', 'b'));
    await settle();
    expect(a()).toEqual(['3', '2', '1']);
    // Workspace b's list was never read: its first read brings the delivery.
    expect(q.client.getQueryData(receivedQuery('b').queryKey)).toBeUndefined();
    expect(q.client.getQueryData(receiverStatusQuery.queryKey)?.received).toBe(3);
  });

  it('keeps the deliveries that arrived while the list was being read again', async () => {
    q.onClose(subscribeWebhooks(q.client));
    q.copper.answerWith('webhooks.list', [delivery('1')]);
    const a = show('a');
    await settle();
    q.copper.respond('webhooks.list', () => ok([delivery('2'), delivery('1')]));
    q.copper.emit('webhook-received', delivery('3'));
    await settle();
    await q.client.refetchQueries({ queryKey: receivedQuery('a').queryKey });
    expect(a()).toEqual(['3', '2', '1']);
  });

  it("clearing empties every workspace's list and reads this one again", async () => {
    q.copper.answerWith('webhooks.list', [delivery('1')]);
    show('a');
    show('b');
    await settle();
    q.copper.answerWith('webhooks.clear', null);
    q.copper.answerWith('webhooks.list', []);
    await clearReceived('a', q.client);
    expect(q.client.getQueryData(receivedQuery('a').queryKey)).toEqual([]);
    expect(q.client.getQueryData(receivedQuery('b').queryKey)).toEqual([]);
  });
});

describe('the receiver', () => {
  it('shows a notification choice at once, and the status before it when the main side refuses', async () => {
    q.client.setQueryData(receiverStatusQuery.queryKey, status());
    const mutation = new MutationObserver(q.client, receiverMutation(q.client));
    const done = mutation.mutate({ call: 'webhooks.setNotifications', eventTypes: ['loan.updated'] });
    await settle();
    expect(q.client.getQueryData(receiverStatusQuery.queryKey)?.notifications.eventTypes).toEqual([
      'loan.updated',
    ]);
    q.copper.of('webhooks.setNotifications')[0]?.answer(fail('io', 'Could not save'));
    await done.catch(() => undefined);
    expect(q.client.getQueryData(receiverStatusQuery.queryKey)?.notifications.eventTypes).toEqual([]);
    expect(mutation.getCurrentResult().error?.message).toBe('Could not save');
  });

  it("puts the answer's status in place (start, stop)", async () => {
    q.copper.answerWith('webhooks.startReceiver', status({ workspaceId: 'b', url: 'http://127.0.0.1:1' }));
    const mutation = new MutationObserver(q.client, receiverMutation(q.client));
    await mutation.mutate({ call: 'webhooks.startReceiver', workspaceId: 'b', port: 0 });
    expect(q.copper.of('webhooks.startReceiver').map((c) => c.input)).toEqual([
      { workspaceId: 'b', port: 0 },
    ]);
    expect(q.client.getQueryData(receiverStatusQuery.queryKey)?.workspaceId).toBe('b');
  });
});
