/**
 * The renderer is served from `app://copper/` instead of file://. A file:// page shares its origin
 * with every local file and cannot be given a CSP header; a privileged standard scheme has an
 * origin of its own, so `'self'` in the CSP means the app and nothing else.
 *
 * Pure functions (no electron import): shell/app-protocol.ts registers the scheme and answers
 * requests with what `resolveAppRequest` decides.
 */
import { extname, isAbsolute, normalize, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './csp';
import { staticContentType } from './static-content-type';

export const APP_SCHEME = 'app';
export const APP_HOST = 'copper';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Passed to `protocol.registerSchemesAsPrivileged` before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  // Not granted: bypassCSP (the CSP must apply), corsEnabled, allowServiceWorkers, stream, codeCache.
} as const;

export type AppRequestDecision =
  | { kind: 'file'; path: string; headers: Record<string, string> }
  | { kind: 'refuse'; status: 400 | 403 | 404 | 405; reason: string };

/** Headers of every file the app protocol serves: the same CSP as the browser mode's bridge. */
export function appResponseHeaders(filePath: string): Record<string, string> {
  return {
    'Content-Type': staticContentType(filePath),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

/**
 * Maps an app:// request to a file under `rendererRoot` (out/renderer), or refuses it: another
 * host, a method other than GET/HEAD, a malformed escape, or a path that leaves the root.
 * A path without an extension is a client-side route and gets index.html.
 */
export function resolveAppRequest(rawUrl: string, method: string, rendererRoot: string): AppRequestDecision {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'refuse', status: 405, reason: 'method' };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refuse', status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password)
    return { kind: 'refuse', status: 403, reason: 'not the app origin' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refuse', status: 400, reason: 'malformed escape' };
  }
  if (pathname.includes('\0') || pathname.includes('\\'))
    return { kind: 'refuse', status: 400, reason: 'forbidden character' };
  const wanted = pathname === '/' || extname(pathname) === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = normalize(rendererRoot);
  const file = normalize(`${root}${sep}${wanted}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { kind: 'refuse', status: 404, reason: 'outside the renderer folder' };
  return { kind: 'file', path: file, headers: appResponseHeaders(file) };
}
