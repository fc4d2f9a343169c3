/**
 * The webhooks tab's server state (src/renderer/src/features/webhooks/queries.ts): live deliveries
 * into their workspace's list, the receiver's status kept by the calls' answers, a notification
 * choice shown at once and reverted when refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { fail, ok } from '@shared/result';
import type { ReceivedWebhook, WebhookReceiverStatus } from '@shared/contract';
import { createQueryClient } from '../../../../src/renderer/src/state/query-client';
import {
  clearReceived,
  receivedQuery,
  receiverMutation,
  receiverStatusQuery,
  subscribeWebhooks,
} from '../../../../src/renderer/src/features/webhooks/queries';
import { fakeCopper, settle, type FakeCopper } from '../../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;
const closers: (() => void)[] = [];

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

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
  copper.answerWith('webhooks.status', status());
});

afterEach(() => {
  for (const close of closers.splice(0)) close();
  client.clear();
  vi.unstubAllGlobals();
});

function show(wsId: string) {
  const observer = new QueryObserver(client, receivedQuery(wsId));
  closers.push(observer.subscribe(() => undefined));
  return () => observer.getCurrentResult().data?.map((e) => e.id);
}

describe('received deliveries', () => {
  it("puts a live delivery into its own workspace's list, newest first, once", async () => {
    closers.push(subscribeWebhooks(client));
    copper.answerWith('webhooks.list', [delivery('2'), delivery('1')]);
    const a = show('a');
    await settle();
    copper.emit('webhook-received', delivery('3'));
    copper.emit('webhook-received', delivery('3'));
    copper.emit('webhook-received', delivery('4', 'b'));
    await settle();
    expect(a()).toEqual(['3', '2', '1']);
    // Workspace b's list was never read: its first read brings the delivery.
    expect(client.getQueryData(receivedQuery('b').queryKey)).toBeUndefined();
    expect(client.getQueryData(receiverStatusQuery.queryKey)?.received).toBe(3);
  });

  it('keeps the deliveries that arrived while the list was being read again', async () => {
    closers.push(subscribeWebhooks(client));
    copper.answerWith('webhooks.list', [delivery('1')]);
    const a = show('a');
    await settle();
    copper.respond('webhooks.list', () => ok([delivery('2'), delivery('1')]));
    copper.emit('webhook-received', delivery('3'));
    await settle();
    await client.refetchQueries({ queryKey: receivedQuery('a').queryKey });
    expect(a()).toEqual(['3', '2', '1']);
  });

  it("clearing empties every workspace's list and reads this one again", async () => {
    copper.answerWith('webhooks.list', [delivery('1')]);
    show('a');
    show('b');
    await settle();
    copper.answerWith('webhooks.clear', null);
    copper.answerWith('webhooks.list', []);
    await clearReceived('a', client);
    expect(client.getQueryData(receivedQuery('a').queryKey)).toEqual([]);
    expect(client.getQueryData(receivedQuery('b').queryKey)).toEqual([]);
  });
});

describe('the receiver', () => {
  it('shows a notification choice at once, and the status before it when the main side refuses', async () => {
    client.setQueryData(receiverStatusQuery.queryKey, status());
    const mutation = new MutationObserver(client, receiverMutation(client));
    const done = mutation.mutate({ call: 'webhooks.setNotifications', eventTypes: ['loan.updated'] });
    await settle();
    expect(client.getQueryData(receiverStatusQuery.queryKey)?.notifications.eventTypes).toEqual([
      'loan.updated',
    ]);
    copper.of('webhooks.setNotifications')[0]?.answer(fail('io', 'Could not save'));
    await done.catch(() => undefined);
    expect(client.getQueryData(receiverStatusQuery.queryKey)?.notifications.eventTypes).toEqual([]);
    expect(mutation.getCurrentResult().error?.message).toBe('Could not save');
  });

  it("puts the answer's status in place (start, stop)", async () => {
    copper.answerWith('webhooks.startReceiver', status({ workspaceId: 'b', url: 'http://127.0.0.1:1' }));
    const mutation = new MutationObserver(client, receiverMutation(client));
    await mutation.mutate({ call: 'webhooks.startReceiver', workspaceId: 'b', port: 0 });
    expect(copper.of('webhooks.startReceiver').map((c) => c.input)).toEqual([{ workspaceId: 'b', port: 0 }]);
    expect(client.getQueryData(receiverStatusQuery.queryKey)?.workspaceId).toBe('b');
  });
});
