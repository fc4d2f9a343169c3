/**
 * API keys in the operating system's keychain through keytar (Secret Service on Linux, Keychain on
 * macOS, Credential Manager on Windows). One item per workspace: service `copper-operator`,
 * account = workspace id, password = JSON `{"apiKey": …, "apiSecret": …}`.
 *
 * Every keytar call is raced against a timeout: on Linux a D-Bus call to a Secret Service that is
 * locked, prompting, or wedged can hang forever, and the operator must get an error instead.
 */
import keytar from 'keytar';
import { credentialsSchema, parseStoredCredentials } from './credentials';
import { createHmacSigner } from './hmac-signer';
import { KeyStoreError } from './key-store';
import type { ApiCredentials, KeychainLogger, KeyStore, Signer } from './key-store';

export const KEYCHAIN_SERVICE = 'copper-operator';
/** Items that are not API keys (the journal's MAC key and anchors) live under their own service. */
export const ITEMS_SERVICE = 'copper-operator-items';
/** Account read by the start-up probe; nothing is ever stored under it. */
export const PROBE_ACCOUNT = '__copper-operator-probe__';
export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 5000;

/** The part of keytar this store uses; tests may pass a stand-in. */
export type KeytarApi = Pick<typeof keytar, 'getPassword' | 'setPassword' | 'deletePassword'>;

export interface OsKeyStoreOptions {
  keytar?: KeytarApi;
  timeoutMs?: number;
  logger?: KeychainLogger;
}

export type ProbeResult = { available: true } | { available: false; error: string };

export class OsKeyStore implements KeyStore {
  readonly backend = 'os-keychain' as const;
  private readonly api: KeytarApi;
  private readonly timeoutMs: number;
  private readonly log: KeychainLogger;

  constructor(options: OsKeyStoreOptions = {}) {
    this.api = options.keytar ?? keytar;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
    this.log = options.logger ?? console;
  }

  /** A harmless read: tells whether a keychain answers at all, and why not when it does not. */
  async probe(): Promise<ProbeResult> {
    try {
      await this.call('probe', () => this.api.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT));
      return { available: true };
    } catch (error) {
      return { available: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async set(workspaceId: string, credentials: ApiCredentials): Promise<void> {
    // Parse first so that only the two known fields are ever written, whatever the caller passed.
    const parsed = credentialsSchema.safeParse(credentials);
    if (!parsed.success)
      throw new KeyStoreError('bad-input', 'The API key and secret must be non-empty text.');
    const clean = parsed.data;
    await this.call('store the key', () =>
      this.api.setPassword(
        KEYCHAIN_SERVICE,
        workspaceId,
        JSON.stringify({ apiKey: clean.apiKey, apiSecret: clean.apiSecret }),
      ),
    );
  }

  async status(workspaceId: string): Promise<{ configured: boolean }> {
    return { configured: (await this.read(workspaceId)) !== null };
  }

  async delete(workspaceId: string): Promise<void> {
    await this.call('delete the key', () => this.api.deletePassword(KEYCHAIN_SERVICE, workspaceId));
  }

  /** A named item under ITEMS_SERVICE (the journal's key and anchors); null when absent. */
  getItem(name: string): Promise<string | null> {
    return this.call('read an item', () => this.api.getPassword(ITEMS_SERVICE, name));
  }

  setItem(name: string, value: string): Promise<void> {
    return this.call('store an item', () => this.api.setPassword(ITEMS_SERVICE, name, value));
  }

  async signer(workspaceId: string): Promise<Signer | null> {
    const creds = await this.read(workspaceId);
    return creds ? createHmacSigner(creds.apiKey, creds.apiSecret) : null;
  }

  private async read(workspaceId: string): Promise<ApiCredentials | null> {
    const stored = await this.call('read the key', () => this.api.getPassword(KEYCHAIN_SERVICE, workspaceId));
    if (stored === null) return null;
    const creds = parseStoredCredentials(stored);
    if (!creds) {
      // Someone else's item under our name; treat it as no key rather than guess. Never log its value.
      this.log.warn(
        `the OS keychain item for workspace ${workspaceId} is not in the expected form; ignoring it`,
      );
    }
    return creds;
  }

  /** Runs one keytar call with the timeout, turning every failure into a KeyStoreError. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new KeyStoreError(
              'keychain-unavailable',
              `The OS keychain did not answer within ${this.timeoutMs / 1000} s (${what}).`,
            ),
          ),
        this.timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      if (error instanceof KeyStoreError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new KeyStoreError('keychain-unavailable', `The OS keychain refused to ${what}: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
