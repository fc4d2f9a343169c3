/**
 * Which web permissions the renderer may have: the console copies text to the clipboard and
 * nothing else (notifications go through the main side's Notification in Electron). Everything
 * else (camera, microphone, geolocation, midi, HID, serial, USB, full clipboard read, …) is denied,
 * and so is any permission asked for by a page that is not the app.
 */
import { isAppUrl } from './app-origin';

export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** For `session.setPermissionRequestHandler` and `setPermissionCheckHandler`. */
export function isPermissionAllowed(permission: string, requestingUrl: string, appUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appUrl);
}
