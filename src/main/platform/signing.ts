/**
 * Request signing (platform-api.md, Authentication): HMAC-SHA256 over
 * timestamp + METHOD + path-with-query + body, hex, with the API secret as key.
 *
 * This is on every request's hot path, so it does no more than concatenate once and call the
 * signer: no Buffer round trips, no URL parsing, no header-object spreading.
 */
import type { Signer } from '../keychain/key-store';

export interface SignInput {
  method: string;
  /** Path from the server root, starting with `/platform`, plus `?query` exactly as sent. */
  pathWithQuery: string;
  /** The body exactly as sent; undefined or '' when there is none. */
  body?: string;
  /** Unix milliseconds; sent verbatim as X-Timestamp and signed in the same form. */
  timestamp: number | string;
}

/** A type, not an interface, so that it is a `Record<string, string>` the client can complete. */
export type SignedHeaders = {
  Authorization: string;
  'X-Timestamp': string;
  'X-Signature': string;
};

/** The exact string that is signed. Exported so that tests and the sandbox share one definition. */
export function buildPrehash(
  timestamp: number | string,
  method: string,
  pathWithQuery: string,
  body: string | undefined,
): string {
  return `${timestamp}${method.toUpperCase()}${pathWithQuery}${body ?? ''}`;
}

export function signRequest(signer: Signer, input: SignInput): SignedHeaders {
  const timestamp = String(input.timestamp);
  return {
    Authorization: `ApiKey ${signer.apiKey}`,
    'X-Timestamp': timestamp,
    'X-Signature': signer.sign(buildPrehash(timestamp, input.method, input.pathWithQuery, input.body)),
  };
}
