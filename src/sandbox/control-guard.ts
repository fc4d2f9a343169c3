/**
 * Who may use `/sandbox/...` controls. They mint keys and reset state, so a web page must not
 * reach them: a DNS-rebinding page can send a foreign Host, a foreign Origin and a text/plain body,
 * and cannot know the control token. Every refusal says what to fix.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mediaTypeOf } from './body';
import { HttpError, forbidden } from './errors';

export const CONTROL_TOKEN_HEADER = 'x-sandbox-token';

export function generateControlToken(): string {
  return randomBytes(32).toString('hex');
}

export function checkControlToken(token: string): string {
  if (!/^[\x21-\x7e]{16,200}$/.test(token))
    throw new Error('control token must be 16 to 200 printable ASCII characters without spaces');
  return token;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Digests first, so the comparison takes the same time whatever the length of the guess. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function single(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Throws 403 (or 415 for the media type) unless the request may use the controls. */
export function guardControl(req: IncomingMessage, body: Buffer, token: string): void {
  if (!isLoopbackAddress(req.socket.remoteAddress))
    throw forbidden('sandbox controls answer loopback clients only');
  const port = req.socket.localPort;
  const host = (single(req, 'host') ?? '').toLowerCase();
  const allowed = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!allowed.includes(host))
    throw forbidden(
      `sandbox controls need a loopback Host header (127.0.0.1:${port}, localhost:${port} or [::1]:${port}), not ${JSON.stringify(host.slice(0, 100))}`,
    );
  if (req.headers.origin !== undefined)
    throw forbidden(
      'sandbox controls refuse requests carrying an Origin header (browser pages may not use them)',
    );
  const given = single(req, CONTROL_TOKEN_HEADER);
  if (given === undefined || given === '')
    throw forbidden('sandbox controls need the control token in the X-Sandbox-Token header');
  if (!sameToken(given, token)) throw forbidden("X-Sandbox-Token is not this sandbox's control token");
  const hasBody = body.length > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && mediaTypeOf(single(req, 'content-type')) !== 'application/json')
    throw new HttpError(
      415,
      'unsupported-media-type',
      'sandbox control bodies must be sent with Content-Type: application/json',
    );
}
