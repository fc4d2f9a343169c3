/**
 * The Content-Type of a file of the built renderer, served by the app:// protocol (Electron) and
 * by the loopback bridge (browser mode). One table, so both serve the same bytes the same way; an
 * unknown extension is `application/octet-stream`, which the browser will not run as script.
 */
import { extname } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export function staticContentType(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}
