/**
 * The Electron shell's desktop notifier for chosen webhook event types. Electron's Notification
 * is used only here (the shell); the services see the plain `Notifier` interface.
 */
import { Notification } from 'electron';
import type { Notifier } from '../webhooks/notifier';

export function createElectronNotifier(): Notifier | undefined {
  if (!Notification.isSupported()) return undefined;
  return {
    notify(title, body) {
      // Silent: a burst of deliveries must not become a burst of sounds.
      new Notification({ title: title.slice(0, 120), body: body.slice(0, 300), silent: true }).show();
    },
  };
}
