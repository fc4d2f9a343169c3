/**
 * The risk watch's alerts shown by the browser's Notification API when the main side could not
 * raise a desktop one (browser mode). The alerts themselves are server state: `riskAlertsQuery`.
 */
import type { RiskAlert } from '@shared/risk';

export function showBrowserNotification(alert: RiskAlert): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(alert.title, { body: alert.body, tag: `${alert.loanId}:${alert.kind}` });
  } catch {
    // Some browsers refuse page notifications outright; the in-app notice still shows it.
  }
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
