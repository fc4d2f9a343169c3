/**
 * The one interface every key backend implements (OS keychain, encrypted vault, in-memory for the
 * embedded sandbox). There is deliberately no method that returns a secret: callers get `status`
 * or a `Signer` whose secret stays in its closure.
 */
import type { KeyBackend } from '../../shared/contract';

export interface ApiCredentials {
  apiKey: string;
  apiSecret: string;
}

/** Signs with a workspace's API secret without ever exposing it. */
export interface Signer {
  /** The API key sent as `Authorization: ApiKey <key>`. Not secret, but never logged either. */
  readonly apiKey: string;
  /** Lower-case hex HMAC-SHA256 of `message` with the API secret. */
  sign(message: string | Buffer): string;
}

export interface KeyStore {
  readonly backend: KeyBackend;
  set(workspaceId: string, credentials: ApiCredentials): Promise<void>;
  status(workspaceId: string): Promise<{ configured: boolean }>;
  delete(workspaceId: string): Promise<void>;
  /** A signer for the workspace's key, or null when none is configured. */
  signer(workspaceId: string): Promise<Signer | null>;
}

/**
 * What a KeyStore throws. `code` is one of the contract's error codes so the KeyService can hand
 * it on as a value; `message` is written for the operator and never contains a key or secret.
 */
export class KeyStoreError extends Error {
  constructor(
    readonly code: 'keychain-unavailable' | 'vault-locked' | 'vault-passphrase' | 'bad-input' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'KeyStoreError';
  }
}

/** The log sink the keychain services write to; `console` fits. Lines carry the service name. */
export type KeychainLogger = Pick<Console, 'info' | 'warn' | 'error'>;

/** Named values kept beside the keys (never API keys): what `KeyService.itemStore` hands out. */
export interface NamedItems {
  getItem(name: string): Promise<string | null>;
  setItem(name: string, value: string): Promise<void>;
}

export type ItemStore =
  | { backend: KeyBackend; available: true; items: NamedItems }
  | { backend: KeyBackend; available: false; why: string };
