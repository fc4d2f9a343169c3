/**
 * API keys in an encrypted vault file, for machines where no OS keychain answers. The file's shape
 * and the cryptography are in vault-format.ts: scrypt turns the operator's passphrase into an
 * AES-256-GCM key; the key exists only in memory while the vault is unlocked and is wiped on lock.
 * Nothing is ever written in plaintext; every write is atomic and mode 0600.
 *
 * Issue 17: a new passphrase must pass the shared strength floor (zxcvbn score 3); a vault written
 * at a lower scrypt cost is re-encrypted at today's cost on its next successful unlock; and the
 * vault locks itself after an idle time (`IdleLock`) or when the shell calls `lock()`.
 * Issue 26: the passphrase is scored with the names an attacker tries first (`PassphraseContext`).
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../workspaces/atomic-write';
import { processSecrets } from '../security/secret-registry';
import { weakPassphraseMessage } from '../../shared/passphrase-strength';
import { DEFAULT_AUTO_LOCK_MINUTES } from '../../shared/vault-settings';
import { IdleLock, type IdleTimers } from './idle-lock';
import { credentialsSchema } from './credentials';
import { createHmacSigner } from './hmac-signer';
import { KeyStoreError } from './key-store';
import type { ApiCredentials, KeychainLogger, KeyStore, Signer } from './key-store';
import {
  checkMatches,
  DEFAULT_SCRYPT,
  deriveKey,
  newKdf,
  openVault,
  sealVault,
  VAULT_FILE,
  vaultFileSchema,
  weakerThan,
  type VaultFile,
  type VaultKdf,
  type VaultPlaintext,
} from './vault-format';

export interface VaultKeyStoreOptions {
  dataDir: string;
  logger?: KeychainLogger;
  /** scrypt cost for new vaults and migrations; tests may not go below the format's minimum either. */
  scrypt?: { N: number; r: number; p: number };
  /** Minutes without use before the vault locks itself (default 15). */
  autoLockMinutes?: number;
  /** Tests pass timers they fire themselves. */
  idleTimers?: IdleTimers;
  /** Told every time the vault locks (idle, shell, or operator), e.g. to refresh the screen. */
  onLocked?: (reason: 'idle' | 'request') => void;
  /** Names an attacker tries first (workspace names, organization ids), asked at each `create`. */
  passphraseContext?: PassphraseContext;
}

/** Whatever knows the console's own names: the workspace store, in the app. */
export interface PassphraseContext {
  userInputs(): readonly string[];
}

/** The OS account's name, a first guess for anyone at this machine; none when the OS will not say. */
function osAccountName(): string[] {
  try {
    return [userInfo().username];
  } catch {
    return [];
  }
}

interface Unlocked {
  key: Buffer;
  kdf: VaultKdf;
  entries: ReadonlyMap<string, ApiCredentials>;
  items: ReadonlyMap<string, string>;
}

function plaintextOf(u: Pick<Unlocked, 'entries' | 'items'>): VaultPlaintext {
  return {
    entries: Object.fromEntries(u.entries),
    ...(u.items.size > 0 ? { items: Object.fromEntries(u.items) } : {}),
  };
}

export class VaultKeyStore implements KeyStore {
  readonly backend = 'vault' as const;
  readonly path: string;
  private readonly dataDir: string;
  private readonly log: KeychainLogger;
  private readonly cost: { N: number; r: number; p: number };
  private unlocked: Unlocked | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly idle: IdleLock;
  private readonly onLocked: ((reason: 'idle' | 'request') => void) | undefined;
  private readonly context: PassphraseContext | undefined;

  constructor(options: VaultKeyStoreOptions) {
    this.dataDir = options.dataDir;
    this.path = join(options.dataDir, VAULT_FILE);
    this.log = options.logger ?? console;
    this.cost = options.scrypt ?? DEFAULT_SCRYPT;
    this.onLocked = options.onLocked;
    this.context = options.passphraseContext;
    this.idle = new IdleLock(
      () => this.lockFor('idle'),
      options.autoLockMinutes ?? DEFAULT_AUTO_LOCK_MINUTES,
      options.idleTimers,
    );
  }

  get autoLockMinutes(): number {
    return this.idle.idleMinutes;
  }

  setAutoLockMinutes(minutes: number): void {
    this.idle.setMinutes(minutes);
  }

  async exists(): Promise<boolean> {
    return stat(this.path).then(
      () => true,
      () => false,
    );
  }

  isUnlocked(): boolean {
    return this.unlocked !== null;
  }

  /** Makes a new, empty vault and leaves it unlocked. Refuses to replace an existing one. */
  create(passphrase: string): Promise<void> {
    processSecrets.add(passphrase);
    return this.serial(async () => {
      // The main side is the authority: it scores with every name it knows (the renderer's meter
      // has no OS account name), the app's own words being added by the shared function.
      const weak = weakPassphraseMessage(passphrase, [
        ...osAccountName(),
        ...(this.context?.userInputs() ?? []),
      ]);
      if (weak !== null) throw new KeyStoreError('bad-input', weak);
      if (await this.exists()) {
        throw new KeyStoreError(
          'bad-input',
          `An encrypted vault already exists at ${this.path}; unlock it with its passphrase instead.`,
        );
      }
      const kdf = newKdf(this.cost);
      const key = await deriveKey(passphrase, kdf);
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      await this.write(sealVault(key, kdf, { entries: {} }));
      this.replaceUnlocked({ key, kdf, entries: new Map(), items: new Map() });
      this.idle.arm();
      this.log.info(`created encrypted vault at ${this.path}`);
    });
  }

  /** Opens the vault. A wrong passphrase changes nothing, not even an already-unlocked state. */
  unlock(passphrase: string): Promise<void> {
    processSecrets.add(passphrase);
    return this.serial(async () => {
      const file = await this.readFile();
      const key = await deriveKey(passphrase, file.kdf);
      if (!checkMatches(key, file)) {
        key.fill(0);
        throw new KeyStoreError(
          'vault-passphrase',
          'Wrong passphrase: the vault did not open. Nothing was changed; try again.',
        );
      }
      let entries: Map<string, ApiCredentials>;
      let items: Map<string, string>;
      try {
        const plain = openVault(key, file);
        entries = new Map(Object.entries(plain.entries));
        items = new Map(Object.entries(plain.items ?? {}));
      } catch {
        key.fill(0);
        throw new KeyStoreError(
          'io',
          `The vault at ${this.path} failed its integrity check (it was altered or damaged) and was not opened. It was left unchanged.`,
        );
      }
      const current = weakerThan(file.kdf, this.cost)
        ? await this.migrate(passphrase, file, { key, kdf: file.kdf, entries, items })
        : { key, kdf: file.kdf, entries, items };
      this.replaceUnlocked(current);
      this.idle.arm();
    });
  }

  /**
   * Re-encrypts a vault written at a lower scrypt cost with today's, under a fresh salt, in one
   * atomic write. If that write fails the vault still opens with its old file, which stays intact.
   */
  private async migrate(passphrase: string, file: VaultFile, old: Unlocked): Promise<Unlocked> {
    const kdf = newKdf(this.cost);
    const key = await deriveKey(passphrase, kdf);
    try {
      await this.write(sealVault(key, kdf, plaintextOf(old)));
    } catch (error) {
      key.fill(0);
      this.log.warn(
        `could not re-encrypt the vault at the stronger scrypt cost; it stays at N=${file.kdf.N} until the next unlock: ${error instanceof Error ? error.message : String(error)}`,
      );
      return old;
    }
    old.key.fill(0);
    this.log.info(`re-encrypted the vault with scrypt N=${kdf.N} (was N=${file.kdf.N})`);
    return { ...old, key, kdf };
  }

  /** Forgets the key and the decrypted entries. Signers already handed out keep working. */
  lock(): void {
    this.lockFor('request');
  }

  private lockFor(reason: 'idle' | 'request'): void {
    this.idle.disarm();
    const was = this.unlocked !== null;
    this.replaceUnlocked(null);
    if (!was) return;
    this.log.info(reason === 'idle' ? 'vault locked after idle time' : 'vault locked');
    try {
      this.onLocked?.(reason);
    } catch {
      // A listener's failure must not leave the vault half-locked; it is locked already.
    }
  }

  set(workspaceId: string, credentials: ApiCredentials): Promise<void> {
    const parsed = credentialsSchema.safeParse(credentials);
    if (!parsed.success)
      return Promise.reject(new KeyStoreError('bad-input', 'The API key and secret must be non-empty text.'));
    const clean: ApiCredentials = { apiKey: parsed.data.apiKey, apiSecret: parsed.data.apiSecret };
    return this.serial(() => this.rewrite((entries) => entries.set(workspaceId, clean)));
  }

  async status(workspaceId: string): Promise<{ configured: boolean }> {
    // Asking whether a key exists (every workspace list does) is not using it: no re-arm.
    return { configured: this.requireUnlocked({ touch: false }).entries.has(workspaceId) };
  }

  delete(workspaceId: string): Promise<void> {
    return this.serial(() => this.rewrite((entries) => entries.delete(workspaceId)));
  }

  /**
   * Handing out a signer is not using the key: the guard meter reads which key a workspace has every
   * 15 s, and re-arming then would keep the vault open for ever (issue 29.4). Each signature
   * restarts the idle countdown, while the vault is unlocked.
   */
  async signer(workspaceId: string): Promise<Signer | null> {
    const creds = this.requireUnlocked({ touch: false }).entries.get(workspaceId);
    if (!creds) return null;
    const inner = createHmacSigner(creds.apiKey, creds.apiSecret);
    return Object.freeze({
      apiKey: inner.apiKey,
      sign: (message: string | Buffer) => {
        if (this.unlocked) this.idle.arm();
        return inner.sign(message);
      },
    });
  }

  /**
   * A named item kept beside the keys (the journal's key and anchors); null when absent. Reading
   * it is not using a key: the idle countdown is not restarted.
   */
  async getItem(name: string): Promise<string | null> {
    return this.requireUnlocked({ touch: false }).items.get(name) ?? null;
  }

  /** Stores a named item (atomic, fsync'd, re-encrypted); refused while locked. */
  setItem(name: string, value: string): Promise<void> {
    return this.serial(() => this.rewrite((_entries, items) => items.set(name, value), { touch: false }));
  }

  /** Applies `edit` to a copy of the entries, re-encrypts with a fresh IV, writes, then commits. */
  private async rewrite(
    edit: (entries: Map<string, ApiCredentials>, items: Map<string, string>) => void,
    options: { touch: boolean } = { touch: true },
  ): Promise<void> {
    const current = this.requireUnlocked(options);
    const entries = new Map(current.entries);
    const items = new Map(current.items);
    edit(entries, items);
    // Sealed before any await, so a lock() during the write cannot hand a wiped key to the cipher.
    const sealed = sealVault(current.key, current.kdf, plaintextOf({ ...current, entries, items }));
    await this.write(sealed);
    if (this.unlocked === current) this.unlocked = { ...current, entries, items };
  }

  /** The unlocked state; a use of a key (signing, storing, deleting) restarts the idle countdown. */
  private requireUnlocked(options: { touch: boolean } = { touch: true }): Unlocked {
    if (!this.unlocked) {
      throw new KeyStoreError(
        'vault-locked',
        'The encrypted vault is locked. Unlock it with its passphrase to use the keys stored in it.',
      );
    }
    if (options.touch) this.idle.arm();
    return this.unlocked;
  }

  private replaceUnlocked(next: Unlocked | null): void {
    // Wipe the old key's bytes so they do not linger in memory until garbage collection.
    if (this.unlocked && this.unlocked.key !== next?.key) this.unlocked.key.fill(0);
    this.unlocked = next;
  }

  private async readFile(): Promise<VaultFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new KeyStoreError(
          'vault-locked',
          `No encrypted vault exists yet at ${this.path}; create one with a passphrase first.`,
        );
      }
      throw new KeyStoreError(
        'io',
        `Could not read the vault at ${this.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new KeyStoreError('io', `The vault at ${this.path} is not valid JSON; it was left unchanged.`);
    }
    const parsed = vaultFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown shape';
      throw new KeyStoreError(
        'io',
        `The vault at ${this.path} is not a valid vault (${where}); it was left unchanged.`,
      );
    }
    return parsed.data;
  }

  private async write(file: VaultFile): Promise<void> {
    try {
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      throw new KeyStoreError(
        'io',
        `Could not write the vault at ${this.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Runs vault operations one at a time so that two writes never race on the file. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
