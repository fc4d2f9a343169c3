/**
 * Desktop notifications for chosen webhook event types. Electron's shell passes one built on
 * Electron's `Notification`; the browser mode passes none and the renderer uses the Web
 * Notification API on `webhook-received` instead. Kept as an interface so no service imports
 * electron.
 */
export interface Notifier {
  notify(title: string, body: string): void;
}
