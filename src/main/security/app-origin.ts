/**
 * Decides whether a URL belongs to the app's own renderer: the app:// protocol in production
 * (security/app-protocol.ts), the dev server in development, or a file:// page. Used to refuse IPC
 * from any other frame and to refuse navigation.
 */
export function isAppUrl(raw: string, appUrl: string): boolean {
  let url: URL;
  let app: URL;
  try {
    url = new URL(raw);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return url.protocol === 'file:' && url.pathname === app.pathname;
  if (app.protocol === 'http:' || app.protocol === 'https:') return url.origin === app.origin;
  // Node's URL gives a custom scheme the origin "null", so the scheme and host are compared instead
  // (Chromium treats app:// as a standard scheme whose origin is exactly these two, no port).
  return (
    url.protocol === app.protocol &&
    url.host === app.host &&
    url.host !== '' &&
    url.username === '' &&
    url.password === ''
  );
}
