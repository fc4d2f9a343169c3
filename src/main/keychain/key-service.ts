/**
 * The keychain as the router sees it: picks the key store for each workspace and turns store
 * failures into error values. The rule, in order:
 *   1. a workspace registered with `registerMemoryKey` (only the built-in sandbox) → memory;
 *   2. the OS keychain, when it answered the start-up probe;
 *   3. the encrypted vault, when it is unlocked;
 *   4. otherwise an error (`vault-locked` or `keychain-unavailable`).
 * There is never a silent fallback to plaintext or to memory for a real workspace.
 */
import type { KeychainStatus } from '../../shared/contract';
import type { VaultAutoLock } from '../../shared/vault-settings';
import { readKeychainSettings, writeKeychainSettings } from './keychain-settings';
import type { IdleTimers } from './idle-lock';
import { fail, ok, type Result } from '../../shared/result';
import {
  KeyStoreError,
  type ApiCredentials,
  type ItemStore,
  type KeychainLogger,
  type KeyStore,
  type Signer,
} from './key-store';
import { MemoryKeyStore } from './memory-key-store';
import { processSecrets } from '../security/secret-registry';
import { OsKeyStore, type ProbeResult } from './os-key-store';
import { VaultKeyStore, type PassphraseContext } from './vault-key-store';

export interface KeyServiceDeps {
  dataDir: string;
  logger?: KeychainLogger;
  /** Defaults to the real OS keychain through keytar. */
  osKeyStore?: OsKeyStore;
  /** Defaults to `vault.json` in `dataDir`, auto-locking after the persisted idle time. */
  vault?: VaultKeyStore;
  /** For the default vault: tests pass timers they fire themselves. */
  idleTimers?: IdleTimers;
  /**
   * For the default vault: what knows the names a new passphrase must not lean on (the workspace
   * store: workspace names and organization ids).
   */
  names?: PassphraseContext;
}

export class KeyService {
  private readonly memory = new MemoryKeyStore();
  private probeResult: ProbeResult = { available: false, error: 'not probed yet' };
  private readonly lockListeners = new Set<() => void>();
  /** Set when the vault locked itself for idle time; cleared when it opens again (issue 29.4). */
  private autoLocked: { afterMinutes: number; at: string } | null = null;

  private constructor(
    private readonly os: OsKeyStore,
    private readonly vault: VaultKeyStore,
    private readonly log: KeychainLogger,
    private readonly dataDir: string,
  ) {}

  /** Builds the service and probes the OS keychain once (bounded by the store's timeout). */
  static async start(deps: KeyServiceDeps): Promise<KeyService> {
    const log = deps.logger ?? console;
    const settings = await readKeychainSettings(deps.dataDir, log);
    // The vault is built before the service exists, so its lock notice goes through this box.
    const notify: { service?: KeyService } = {};
    const service = new KeyService(
      deps.osKeyStore ?? new OsKeyStore({ logger: log }),
      deps.vault ??
        new VaultKeyStore({
          dataDir: deps.dataDir,
          logger: log,
          autoLockMinutes: settings.autoLockMinutes,
          idleTimers: deps.idleTimers,
          passphraseContext: deps.names,
          onLocked: (reason) => notify.service?.vaultLocked(reason),
        }),
      log,
      deps.dataDir,
    );
    notify.service = service;
    await service.probe();
    return service;
  }

  /** `listener` runs whenever the vault locks (idle, suspend, the operator); returns an unsubscribe. */
  onVaultLocked(listener: () => void): () => void {
    this.lockListeners.add(listener);
    return () => this.lockListeners.delete(listener);
  }

  /** Remembers an idle lock (the screen says so, not just "locked"), then tells the listeners. */
  private vaultLocked(reason: 'idle' | 'request'): void {
    this.autoLocked =
      reason === 'idle' ? { afterMinutes: this.vault.autoLockMinutes, at: new Date().toISOString() } : null;
    this.lockListeners.forEach((listener) => listener());
  }

  autoLock(): VaultAutoLock {
    return { minutes: this.vault.autoLockMinutes };
  }

  /** Sets and persists the vault's idle time; a running countdown restarts with it. */
  async setAutoLock(minutes: number): Promise<Result<VaultAutoLock>> {
    const saved = await this.attempt('save the auto-lock time', async () => {
      try {
        await writeKeychainSettings(this.dataDir, { version: 1, autoLockMinutes: minutes });
      } catch (error) {
        throw new KeyStoreError(
          'io',
          `Could not save the auto-lock time: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    if (!saved.ok) return saved;
    this.vault.setAutoLockMinutes(minutes);
    return ok(this.autoLock());
  }

  /** Asks the OS keychain again, e.g. after the operator started or unlocked it. */
  async probe(): Promise<ProbeResult> {
    this.probeResult = await this.os.probe();
    if (this.probeResult.available) this.log.info('OS keychain available');
    else this.log.warn(`OS keychain unavailable: ${this.probeResult.error}`);
    return this.probeResult;
  }

  async status(): Promise<KeychainStatus> {
    const status: KeychainStatus = {
      backend: this.probeResult.available ? 'os-keychain' : 'vault',
      osKeychainAvailable: this.probeResult.available,
      vault: { exists: await this.vault.exists(), unlocked: this.vault.isUnlocked(), path: this.vault.path },
    };
    if (this.autoLocked && !status.vault.unlocked) status.vault.autoLocked = this.autoLocked;
    if (!this.probeResult.available) status.osKeychainError = this.probeResult.error;
    return status;
  }

  async setKey(workspaceId: string, credentials: ApiCredentials): Promise<Result<{ configured: true }>> {
    // Registered first: even a refused or mistyped secret must never reach the journal.
    processSecrets.add(credentials.apiSecret);
    if (this.memory.has(workspaceId)) {
      return fail(
        'bad-input',
        "The Local sandbox's key is made by the app at each start and cannot be replaced.",
      );
    }
    const store = await this.storeFor(workspaceId);
    if (!store.ok) return store;
    return this.attempt('store the key', async () => {
      await store.value.set(workspaceId, credentials);
      this.log.info(`stored the key of workspace ${workspaceId} in ${store.value.backend}`);
      return { configured: true as const };
    });
  }

  /**
   * Deletes the workspace's key from every store that may hold it, so no answer says "no key"
   * while a copy stays behind. A locked vault cannot be read, so whether it holds this key cannot
   * be told: when one exists, the delete is refused until it is unlocked (even with an OS keychain
   * answering now, the key may have gone to the vault on a day it did not). With nothing refused,
   * every store that can be reached is emptied, stopping at the first failure.
   */
  async deleteKey(workspaceId: string): Promise<Result<{ configured: false }>> {
    // Deleting it would leave the Local sandbox without a key until the next start (setKey refuses
    // to replace it), so it is refused like setKey.
    if (this.memory.has(workspaceId)) {
      return fail(
        'bad-input',
        "The Local sandbox's key is made by the app at each start and cannot be deleted.",
      );
    }
    if (!this.vault.isUnlocked() && (await this.vault.exists())) {
      return fail(
        'vault-locked',
        'The encrypted vault is locked, so the key stored in it cannot be removed. Unlock the vault first, then try again.',
      );
    }
    const stores: KeyStore[] = [];
    if (this.probeResult.available) stores.push(this.os);
    if (this.vault.isUnlocked()) stores.push(this.vault);
    for (const store of stores) {
      const done = await this.attempt('delete the key', () => store.delete(workspaceId));
      if (!done.ok) return done;
    }
    return ok({ configured: false });
  }

  /** Whether a key is stored for the workspace. False when the store cannot be asked; never throws. */
  async isConfigured(workspaceId: string): Promise<boolean> {
    const store = await this.storeFor(workspaceId);
    if (!store.ok) return false;
    const status = await this.attempt('read the key status', () => store.value.status(workspaceId));
    return status.ok && status.value.configured;
  }

  /** A signer for the workspace, or null when no key is stored (the router's `no-key`). */
  async signerFor(workspaceId: string): Promise<Result<Signer | null>> {
    const store = await this.storeFor(workspaceId);
    if (!store.ok) return store;
    return this.attempt('read the key', () => store.value.signer(workspaceId));
  }

  /** Holds the built-in sandbox's fresh key pair in memory; that workspace then always uses it. */
  async registerMemoryKey(workspaceId: string, credentials: ApiCredentials): Promise<void> {
    await this.memory.set(workspaceId, credentials);
  }

  async createVault(passphrase: string): Promise<Result<KeychainStatus>> {
    const done = await this.attempt('create the vault', () => this.vault.create(passphrase));
    return done.ok ? ok(await this.status()) : done;
  }

  async unlockVault(passphrase: string): Promise<Result<KeychainStatus>> {
    const done = await this.attempt('unlock the vault', () => this.vault.unlock(passphrase));
    return done.ok ? ok(await this.status()) : done;
  }

  async lockVault(): Promise<Result<KeychainStatus>> {
    this.vault.lock();
    return ok(await this.status());
  }

  /**
   * Where small named secrets beside the keys live (the journal's MAC key and its anchors): the OS
   * keychain when it answered the probe, else the vault. `available: false` says why there is none
   * now (a locked or absent vault on a machine without a keychain); never the data folder.
   */
  itemStore(): ItemStore {
    if (this.probeResult.available) return { backend: 'os-keychain', available: true, items: this.os };
    if (this.vault.isUnlocked()) return { backend: 'vault', available: true, items: this.vault };
    return {
      backend: 'vault',
      available: false,
      why: this.probeResult.error
        ? `no OS keychain answered (${this.probeResult.error}) and the vault is locked or not created`
        : 'the vault is locked or not created',
    };
  }

  private async storeFor(workspaceId: string): Promise<Result<KeyStore>> {
    if (this.memory.has(workspaceId)) return ok(this.memory);
    if (this.probeResult.available) return ok(this.os);
    if (this.vault.isUnlocked()) return ok(this.vault);
    if (await this.vault.exists()) {
      return fail(
        'vault-locked',
        'The encrypted vault is locked. Unlock it with its passphrase to use the keys stored in it.',
      );
    }
    return fail(
      'keychain-unavailable',
      `No OS keychain answered (${this.probeResult.error}). Create or unlock an encrypted vault to store keys.`,
    );
  }

  /** Runs a store call, turning a KeyStoreError into its code and anything else into `internal`. */
  private async attempt<T>(what: string, run: () => Promise<T>): Promise<Result<T>> {
    try {
      return ok(await run());
    } catch (error) {
      if (error instanceof KeyStoreError) return fail(error.code, error.message);
      // Unexpected: log the message only (store errors never carry secrets) and stay generic outside.
      this.log.error(`failed to ${what}: ${error instanceof Error ? error.message : String(error)}`);
      return fail('internal', `The keychain failed to ${what}; see the log for details.`);
    }
  }
}
