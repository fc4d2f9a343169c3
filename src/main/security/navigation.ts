/**
 * Navigation is locked to the app's origin: a link, a form or a script that tries to take the
 * window elsewhere is stopped (`will-navigate`, `will-redirect`), and no new window ever opens
 * (`setWindowOpenHandler`); an allow-listed https link goes to the OS browser instead.
 */
import { isAppUrl } from './app-origin';
import { isAllowedExternalUrl } from './external-links';

export function mayNavigate(targetUrl: string, appUrl: string): boolean {
  return isAppUrl(targetUrl, appUrl);
}

export interface WindowOpenDecision {
  /** Always 'deny': the app has one window. */
  action: 'deny';
  /** The URL to hand to shell.openExternal, or null to drop the request. */
  openExternally: string | null;
}

export function decideWindowOpen(targetUrl: string): WindowOpenDecision {
  return { action: 'deny', openExternally: isAllowedExternalUrl(targetUrl) ? targetUrl : null };
}
