/**
 * webhooks.*: the router's side of the webhook service (webhooks/webhook-service.ts). The contract
 * has checked each input's shape; what is left here is the one check the schema cannot make (a
 * pasted body's size in bytes), then a call of the service.
 */
import { MAX_WEBHOOK_BODY_BYTES } from '../../shared/contract';
import { fail, ok } from '../../shared/result';
import type { WebhookService } from '../webhooks/webhook-service';
import type { HandlersFor } from './types';

export function webhookHandlers({ webhooks }: { webhooks: WebhookService }): HandlersFor<'webhooks'> {
  return {
    'webhooks.status': async () => ok(webhooks.status()),
    'webhooks.startReceiver': ({ workspaceId, port }) => webhooks.startReceiver(workspaceId, port),
    'webhooks.stopReceiver': async () => ok(await webhooks.stopReceiver()),
    'webhooks.list': async (filter) => ok(webhooks.list(filter)),
    'webhooks.clear': async () => {
      webhooks.clear();
      return ok(null);
    },
    'webhooks.subscribeSandbox': ({ workspaceId, events }) => webhooks.subscribeSandbox(workspaceId, events),
    'webhooks.sandboxSubscriptions': ({ workspaceId }) => webhooks.sandboxSubscriptions(workspaceId),
    'webhooks.unsubscribeSandbox': ({ workspaceId, subscriptionId }) =>
      webhooks.unsubscribeSandbox(workspaceId, subscriptionId),
    'webhooks.sandboxDeliveries': ({ workspaceId, subscriptionId }) =>
      webhooks.sandboxDeliveries(workspaceId, subscriptionId),
    'webhooks.verify': async ({ workspaceId, headers, body }) => {
      // The schema counts characters; the limit is on the bytes the signature covers.
      const rawBody = Buffer.from(body, 'utf8');
      if (rawBody.length > MAX_WEBHOOK_BODY_BYTES) return fail('bad-input', 'body: is larger than 1 MB');
      return webhooks.verify(workspaceId, headers, rawBody);
    },
    'webhooks.setNotifications': ({ eventTypes }) => webhooks.setNotifications(eventTypes),
  };
}
