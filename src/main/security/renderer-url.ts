/**
 * Where the window loads the renderer from. `ELECTRON_RENDERER_URL` (set by the dev loop) is
 * honoured only in an unpackaged app and only for a loopback http URL: in an installed app an
 * inherited environment variable must not be able to point the trusted window, which holds the
 * IPC bridge, at another page.
 */
import { APP_ENTRY_URL } from './app-protocol';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function chooseRendererUrl(options: {
  isPackaged: boolean;
  devServerUrl: string | undefined;
}): string {
  const dev = options.devServerUrl;
  if (options.isPackaged || dev === undefined || dev === '') return APP_ENTRY_URL;
  let url: URL;
  try {
    url = new URL(dev);
  } catch {
    return APP_ENTRY_URL;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || url.username || url.password)
    return APP_ENTRY_URL;
  return url.href;
}
