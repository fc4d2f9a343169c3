/**
 * Decides whether a URL belongs to the app's own renderer: the packaged file, or the dev server
 * electron-vite started. Used to refuse IPC from any other frame and to refuse navigation.
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
  return url.origin === app.origin;
}
