/**
 * The page's Notification API (browser mode): the permission, and asking for it. Asked only on an
 * operator's click, never by a delivery or an alert. Shared by the webhook receiver's and the
 * risk watch's notifications.
 */
export type WebPermission = NotificationPermission | 'unsupported';

export function webPermission(): WebPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function requestWebPermission(): Promise<WebPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}
