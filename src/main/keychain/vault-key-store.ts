/**
 * API keys in an encrypted vault file, for machines where no OS keychain answers. The file's shape
 * and the cryptography are in vault-format.ts: scrypt turns the operator's passphrase into an
 * AES-256-GCM key; the key exists only in memory while the vault is unlocked and is wiped on lock.
 * Nothing is ever written in plaintext; every write is atomic and mode 0600.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../workspaces/atomic-write';
import { credentialsSchema } from './credentials';
import { createHmacSigner } from './hmac-signer';
import {
  KeyStoreError,
  type ApiCredentials,
  type KeychainLogger,
  type KeyStore,
  type Signer,
} from './key-store';
import {
  checkMatches,
  DEFAULT_SCRYPT,
  deriveKey,
  newKdf,
  openVault,
  sealVault,
  VAULT_FILE,
  vaultFileSchema,
  type VaultFile,
  type VaultKdf,
} from './vault-format';

export const MIN_PASSPHRASE_LENGTH = 12;

export interface VaultKeyStoreOptions {
  dataDir: string;
  logger?: KeychainLogger;
  /** scrypt cost for new vaults; tests may not go below the format's minimum either. */
  scrypt?: { N: number; r: number; p: number };
}

interface Unlocked {
  key: Buffer;
  kdf: VaultKdf;
  entries: ReadonlyMap<string, ApiCredentials>;
}

export class VaultKeyStore implements KeyStore {
  readonly backend = 'vault' as const;
  readonly path: string;
  private readonly dataDir: string;
  private readonly log: KeychainLogger;
  private readonly cost: { N: number; r: number; p: number };
  private unlocked: Unlocked | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: VaultKeyStoreOptions) {
    this.dataDir = options.dataDir;
    this.path = join(options.dataDir, VAULT_FILE);
    this.log = options.logger ?? console;
    this.cost = options.scrypt ?? DEFAULT_SCRYPT;
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
    return this.serial(async () => {
      if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
        throw new KeyStoreError(
          'bad-input',
          `The vault passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters.`,
        );
      }
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
      this.replaceUnlocked({ key, kdf, entries: new Map() });
      this.log.info(`created encrypted vault at ${this.path}`);
    });
  }

  /** Opens the vault. A wrong passphrase changes nothing, not even an already-unlocked state. */
  unlock(passphrase: string): Promise<void> {
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
      try {
        entries = new Map(Object.entries(openVault(key, file).entries));
      } catch {
        key.fill(0);
        throw new KeyStoreError(
          'io',
          `The vault at ${this.path} failed its integrity check (it was altered or damaged) and was not opened. It was left unchanged.`,
        );
      }
      this.replaceUnlocked({ key, kdf: file.kdf, entries });
    });
  }

  /** Forgets the key and the decrypted entries. Signers already handed out keep working. */
  lock(): void {
    this.replaceUnlocked(null);
  }

  set(workspaceId: string, credentials: ApiCredentials): Promise<void> {
    const parsed = credentialsSchema.safeParse(credentials);
    if (!parsed.success)
      return Promise.reject(new KeyStoreError('bad-input', 'The API key and secret must be non-empty text.'));
    const clean: ApiCredentials = { apiKey: parsed.data.apiKey, apiSecret: parsed.data.apiSecret };
    return this.serial(() => this.rewrite((entries) => entries.set(workspaceId, clean)));
  }

  async status(workspaceId: string): Promise<{ configured: boolean }> {
    return { configured: this.requireUnlocked().entries.has(workspaceId) };
  }

  delete(workspaceId: string): Promise<void> {
    return this.serial(() => this.rewrite((entries) => entries.delete(workspaceId)));
  }

  async signer(workspaceId: string): Promise<Signer | null> {
    const creds = this.requireUnlocked().entries.get(workspaceId);
    return creds ? createHmacSigner(creds.apiKey, creds.apiSecret) : null;
  }

  /** Applies `edit` to a copy of the entries, re-encrypts with a fresh IV, writes, then commits. */
  private async rewrite(edit: (entries: Map<string, ApiCredentials>) => void): Promise<void> {
    const current = this.requireUnlocked();
    const entries = new Map(current.entries);
    edit(entries);
    // Sealed before any await, so a lock() during the write cannot hand a wiped key to the cipher.
    const sealed = sealVault(current.key, current.kdf, { entries: Object.fromEntries(entries) });
    await this.write(sealed);
    if (this.unlocked === current) this.unlocked = { ...current, entries };
  }

  private requireUnlocked(): Unlocked {
    if (!this.unlocked) {
      throw new KeyStoreError(
        'vault-locked',
        'The encrypted vault is locked. Unlock it with its passphrase to use the keys stored in it.',
      );
    }
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
