/**
 * The risk watch's alerts shown by the browser's Notification API when the main side could not
 * raise a desktop one (browser mode). Permission is asked only on the operator's click (the alert
 * centre's button), never by an alert. The alerts themselves are server state: `riskAlertsQuery`.
 */
import type { RiskAlert } from '@shared/risk';
import { requestWebPermission, webPermission, type WebPermission } from '../../lib/page-notifications';

export type PagePermission = WebPermission;

export function showBrowserNotification(alert: RiskAlert): void {
  if (webPermission() !== 'granted') return;
  try {
    new Notification(alert.title, { body: alert.body, tag: `${alert.loanId}:${alert.kind}` });
  } catch {
    // Some browsers refuse page notifications outright; the alert centre still shows it.
  }
}

/** The page's permission, and asking for it: the same as for webhook deliveries. */
export { webPermission as notificationPermission, requestWebPermission as requestNotificationPermission };

/** What the centre says about page notifications, or null when there is nothing to say. */
export function permissionText(permission: PagePermission): string | null {
  switch (permission) {
    case 'denied':
      return 'Notifications are blocked by the browser; allow them in the site settings.';
    case 'unsupported':
      return 'This browser cannot show notifications: alerts appear here only.';
    case 'granted':
      return 'Risk alerts are also shown as browser notifications.';
    default:
      return null;
  }
}
