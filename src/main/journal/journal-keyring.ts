/**
 * The journal's key and anchors, kept beside the API keys: in the OS keychain, or in the vault
 * where there is no keychain, never in the data folder (an attacker who can rewrite the data
 * folder must not be able to re-seal what they wrote).
 *
 * Stored items (names carry the installation, so two data folders on one machine never share them):
 *   journal-key:<installation>      base64 of 32 random bytes: the HMAC-SHA-256 key of every entry
 *   journal-anchors:<installation>  JSON AnchorSet: per workspace, the last anchored entry's seq,
 *                                   seal, file and the file's size after it
 * `<installation>` is a SHA-256 prefix of the data folder's real path: a moved data folder is a new
 * installation, and `verify` then says it found no anchor for this folder.
 *
 * The key is read (or made) once and kept in memory for the rest of the run, also after the vault
 * locks: it seals the console's own records and is no use for signing anything on the platform.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ItemStore } from '../keychain/key-store';

export const anchorSchema = z.object({
  seq: z.number().int().nonnegative(),
  /** The seal (mac or hash) of entry `seq`. */
  mac: z.string().regex(/^[0-9a-f]{64}$/),
  /** The journal file holding entry `seq`, and that file's size just after it. */
  file: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  /** That file's inode, where the OS has one: a copy put in its place has another. */
  ino: z.number().int().nonnegative().optional(),
  time: z.string().max(40),
  /**
   * Ranges of unkeyed entries a later start found past the anchor and took on without being able
   * to authenticate them (written while the key was unavailable, or forged): verify names them.
   */
  acceptedUnkeyed: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .max(1000)
    .optional(),
});
export type Anchor = z.infer<typeof anchorSchema>;

const anchorSetSchema = z.object({
  version: z.literal(1),
  workspaces: z.record(z.string().max(128), anchorSchema),
});
export type AnchorSet = z.infer<typeof anchorSetSchema>;

export type KeyState = { key: Buffer } | { key: null; why: string };
export type AnchorsState = { anchors: AnchorSet } | { anchors: null; why: string };
/** An item read from the key home: its value, or why there is none. */
type Read<V> = { value: V } | { why: string };

/** What the journal needs from its key home; tests may pass one over a plain Map. */
export interface JournalKeyringLike {
  key(): Promise<KeyState>;
  anchors(): Promise<AnchorsState>;
  writeAnchor(workspaceId: string, anchor: Anchor): Promise<void>;
}

export function installationOf(dataDir: string): string {
  let path = resolve(dataDir);
  try {
    path = realpathSync(path);
  } catch {
    // A folder that does not exist yet is named by its resolved path.
  }
  return createHash('sha256').update(path).digest('hex').slice(0, 32);
}

export class JournalKeyring implements JournalKeyringLike {
  readonly keyName: string;
  readonly anchorsName: string;
  private cachedKey: Buffer | null = null;
  private cachedAnchors: AnchorSet | null = null;
  private readonly dirty = new Map<string, Anchor>();
  private queue: Promise<unknown> = Promise.resolve();
  private scheduled: Promise<void> | null = null;

  constructor(
    private readonly store: () => ItemStore,
    dataDir: string,
    private readonly options: { create?: boolean; warn?: (message: string) => void } = {},
  ) {
    const installation = installationOf(dataDir);
    this.keyName = `journal-key:${installation}`;
    this.anchorsName = `journal-anchors:${installation}`;
  }

  /**
   * The journal key: read once, made on first use when `create` (the app; `verify` never makes
   * one). Null, with the reason, when no key home answers now.
   */
  async key(): Promise<KeyState> {
    if (this.cachedKey) return { key: this.cachedKey };
    const found = await this.readItem<Buffer>(this.keyName, async (stored, home) => {
      if (stored !== null) {
        const key = Buffer.from(stored, 'base64');
        return key.length === 32
          ? { value: key }
          : { why: `the journal key in the ${home.backend} is damaged` };
      }
      if (!this.options.create) return { why: `no journal key in the ${home.backend} for this data folder` };
      const key = randomBytes(32);
      await home.items.setItem(this.keyName, key.toString('base64'));
      this.options.warn?.(`made a new journal key in the ${home.backend}`);
      return { value: key };
    });
    if (!('value' in found)) return { key: null, why: found.why };
    this.cachedKey = found.value;
    return { key: found.value };
  }

  async anchors(): Promise<AnchorsState> {
    if (this.cachedAnchors) return { anchors: this.cachedAnchors };
    const found = await this.readItem<AnchorSet>(this.anchorsName, (stored, home) => {
      if (stored === null) return { value: { version: 1, workspaces: {} } };
      const damaged = { why: `the journal anchors in the ${home.backend} are damaged` };
      let json: unknown;
      try {
        json = JSON.parse(stored);
      } catch {
        return { why: `${damaged.why} (not JSON)` };
      }
      const parsed = anchorSetSchema.safeParse(json);
      return parsed.success ? { value: parsed.data } : damaged;
    });
    if (!('value' in found)) return { anchors: null, why: found.why };
    this.cachedAnchors = found.value;
    return { anchors: found.value };
  }

  /**
   * One item from the key home, turned into a value by `decode` (given null when it is absent), or
   * why not: the home does not answer now, the item is not what it should be, or a call failed.
   */
  private async readItem<V>(
    name: string,
    decode: (
      stored: string | null,
      home: Extract<ItemStore, { available: true }>,
    ) => Read<V> | Promise<Read<V>>,
  ): Promise<Read<V>> {
    const home = this.store();
    if (!home.available) return { why: home.why };
    try {
      return await decode(await home.items.getItem(name), home);
    } catch (error) {
      return { why: (error as Error).message };
    }
  }

  /**
   * Records a workspace's anchor. Writes are one at a time; anchors that arrive while one is being
   * written go out together in the next write (the newest per workspace), so a burst of appends
   * costs one keychain write, not one each. Resolves once a write holding this anchor is stored.
   */
  writeAnchor(workspaceId: string, anchor: Anchor): Promise<void> {
    this.dirty.set(workspaceId, anchor);
    if (this.scheduled) return this.scheduled;
    const run = this.queue.then(async () => {
      this.scheduled = null;
      await this.flush();
    });
    this.scheduled = run;
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const batch = new Map(this.dirty);
    this.dirty.clear();
    try {
      const current = await this.anchors();
      if (current.anchors === null) throw new Error(current.why);
      const home = this.store();
      if (!home.available) throw new Error(home.why);
      const next: AnchorSet = {
        version: 1,
        workspaces: { ...current.anchors.workspaces, ...Object.fromEntries(batch) },
      };
      await home.items.setItem(this.anchorsName, JSON.stringify(next));
      this.cachedAnchors = next;
    } catch (error) {
      // Put back what did not get written, unless a newer anchor arrived meanwhile.
      for (const [id, anchor] of batch) if (!this.dirty.has(id)) this.dirty.set(id, anchor);
      throw error;
    }
  }

  /**
   * A fingerprint of an API key id that names it in the journal and the guard's state without
   * revealing it: an HMAC under the journal key (`k1:`), or, while there is no key, a SHA-256 of
   * the installation and the id (`h1:`), which resists a dictionary only as far as the id's length.
   * Computed from the key as loaded so far (the app loads it at start and again when the vault is
   * unlocked): for the hot path of every request, which must not wait for a keychain.
   */
  fingerprintSync(apiKeyId: string): string {
    if (this.cachedKey) {
      const mac = createHmac('sha256', this.cachedKey).update(`api-key-id\0${apiKeyId}`).digest('hex');
      return `k1:${mac.slice(0, 24)}`;
    }
    const digest = createHash('sha256').update(`${this.keyName}\0${apiKeyId}`).digest('hex');
    return `h1:${digest.slice(0, 24)}`;
  }
}
