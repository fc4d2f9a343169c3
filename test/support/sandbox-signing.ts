/**
 * An independent implementation of the specification's request signature, for tests: it uses
 * node:crypto directly and shares no code with the sandbox.
 */
import { createHmac } from 'node:crypto';

/** hex HMAC-SHA256(secret, timestamp + METHOD + path-with-query + body). */
export function signPlatformRequest(
  secret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string | Buffer = '',
): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(timestamp + method.toUpperCase() + pathWithQuery);
  hmac.update(body);
  return hmac.digest('hex');
}

let lastTimestamp = 0;
/**
 * Strictly increasing millisecond timestamps: two identical requests signed in the same
 * millisecond would carry the same signature, which the sandbox refuses as a replay.
 */
export function uniqueTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return String(lastTimestamp);
}

export function platformHeaders(
  apiKey: string,
  secret: string,
  method: string,
  pathWithQuery: string,
  body: string | Buffer = '',
  timestamp: string = uniqueTimestamp(),
): Record<string, string> {
  return {
    Authorization: `ApiKey ${apiKey}`,
    'X-Timestamp': timestamp,
    'X-Signature': signPlatformRequest(secret, timestamp, method, pathWithQuery, body),
  };
}
