/**
 * Makes sure `window.copper` exists before the app renders. Under Electron the preload has
 * exposed it already; in browser mode it is built here from the token in the URL.
 */
import { createWebApi, readToken } from './web-client';

export type TransportState = { ok: true } | { ok: false; message: string };

export function installTransport(): TransportState {
  if ('copper' in window && window.copper) return { ok: true };
  const token = readToken();
  if (!token) {
    return {
      ok: false,
      message:
        'This page needs the connection token printed by `npm run web` (the full URL ending in #token=...). Open that URL.',
    };
  }
  Object.defineProperty(window, 'copper', {
    value: createWebApi(token),
    writable: false,
    configurable: false,
  });
  return { ok: true };
}
