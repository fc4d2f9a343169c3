/**
 * Desktop notifications in browser mode (`notifications.native` false): the Web Notification API.
 * Permission is asked only on the operator's action; a delivery never asks. Only valid deliveries
 * notify, since anything on this machine can POST to the receiver.
 */
import type { ReceivedWebhook } from '@shared/contract';
import { webPermission } from '../../lib/page-notifications';

export { requestWebPermission, webPermission, type WebPermission } from '../../lib/page-notifications';

export function showWebNotification(entry: ReceivedWebhook): void {
  if (webPermission() !== 'granted') return;
  try {
    // Title and body are shown as plain text by the browser.
    new Notification(`Webhook: ${entry.event ?? '?'}`, {
      body: `Subscription ${entry.subscriptionId ?? '?'}, signature valid`,
      tag: `webhook-${entry.id}`,
    });
  } catch {
    // Some browsers allow notifications only from a service worker: nothing more to do here.
  }
}
