/**
 * The journal's key and anchors in the key home (journal-keyring.ts). It promises: the key is
 * made once (only where the app may make one) and reused for the rest of the run; the item names
 * carry an installation id taken from the data folder's real path; anchors round-trip, a burst of
 * them costs few writes, and one that could not be written is kept for the next write; a key home
 * that does not answer, or an item that is not what it should be, is said with its reason and
 * never throws.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installationOf, JournalKeyring, type Anchor } from '../../../src/main/journal/journal-keyring';
import type { ItemStore } from '../../../src/main/keychain/key-store';
import { memoryItems, type MemoryItems } from '../../support/fixtures/memory-items';

let dataDir: string;
let items: MemoryItems;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-keyring-'));
  items = memoryItems();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const anchor = (seq: number, over: Partial<Anchor> = {}): Anchor => ({
  seq,
  mac: sha(`entry ${seq}`),
  file: 1,
  bytes: seq * 100,
  time: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A key home over `items` that records the names it writes. */
function countingHome() {
  const writes: string[] = [];
  const store = (): ItemStore => ({
    backend: 'os-keychain',
    available: true,
    items: {
      getItem: async (name) => items.items.get(name) ?? null,
      setItem: async (name, value) => {
        writes.push(name);
        items.items.set(name, value);
      },
    },
  });
  return { store, writes };
}

describe('installationOf', () => {
  it('is the first 32 hex digits of the SHA-256 of the data folder’s real path', async () => {
    const real = await realpath(dataDir);
    expect(installationOf(dataDir)).toBe(sha(real).slice(0, 32));
  });

  it('names a folder reached through a symbolic link like the folder itself', async () => {
    const link = join(dataDir, 'link');
    const target = join(dataDir, 'target');
    await mkdir(target);
    await symlink(target, link);
    expect(installationOf(link)).toBe(installationOf(target));
    expect(installationOf(link)).not.toBe(installationOf(dataDir));
  });

  it('names a folder that does not exist yet by its resolved path', () => {
    const missing = join(dataDir, 'not-yet', '..', 'not-yet', 'data');
    expect(installationOf(missing)).toBe(sha(resolve(missing)).slice(0, 32));
  });

  it('puts the installation in both item names', () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    const installation = installationOf(dataDir);
    expect(keyring.keyName).toBe(`journal-key:${installation}`);
    expect(keyring.anchorsName).toBe(`journal-anchors:${installation}`);
  });
});

describe('JournalKeyring.key', () => {
  it('makes a 32-byte key once where it may, stores it as base64 and says so', async () => {
    const warnings: string[] = [];
    const keyring = new JournalKeyring(items.store, dataDir, { create: true, warn: (m) => warnings.push(m) });
    const first = await keyring.key();
    expect(first.key).toHaveLength(32);
    expect(items.items.get(keyring.keyName)).toBe(first.key!.toString('base64'));
    expect(warnings).toEqual(['made a new journal key in the os-keychain']);

    const again = await keyring.key();
    expect(again.key!.equals(first.key!)).toBe(true);
    expect(warnings).toHaveLength(1);
  });

  it('reuses the stored key in a later run, making nothing', async () => {
    const made = await new JournalKeyring(items.store, dataDir, { create: true }).key();
    const warnings: string[] = [];
    const later = new JournalKeyring(items.store, dataDir, { create: true, warn: (m) => warnings.push(m) });
    expect((await later.key()).key!.equals(made.key!)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('keeps the key for the rest of the run once read, also after the key home locks', async () => {
    const keyring = new JournalKeyring(items.store, dataDir, { create: true });
    const made = await keyring.key();
    items.setAvailable(false);
    expect((await keyring.key()).key!.equals(made.key!)).toBe(true);
  });

  it('never makes a key when not asked to (verify), and says there is none', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    expect(await keyring.key()).toEqual({
      key: null,
      why: 'no journal key in the os-keychain for this data folder',
    });
    expect(items.items.size).toBe(0);
  });

  it('says the key home is unavailable, and reads the key once it answers again', async () => {
    const keyring = new JournalKeyring(items.store, dataDir, { create: true });
    items.setAvailable(false);
    expect(await keyring.key()).toEqual({ key: null, why: 'the vault is locked (test)' });
    expect(items.items.size).toBe(0);
    items.setAvailable(true);
    expect((await keyring.key()).key).toHaveLength(32);
  });

  it('refuses a stored key that is not 32 bytes as damaged, and does not replace it', async () => {
    const keyring = new JournalKeyring(items.store, dataDir, { create: true });
    items.items.set(keyring.keyName, Buffer.alloc(31, 7).toString('base64'));
    expect(await keyring.key()).toEqual({ key: null, why: 'the journal key in the os-keychain is damaged' });
    expect(items.items.get(keyring.keyName)).toBe(Buffer.alloc(31, 7).toString('base64'));
  });

  it('says why when the key home fails a call, without throwing', async () => {
    const failing = (): ItemStore => ({
      backend: 'os-keychain',
      available: true,
      items: {
        getItem: () => Promise.reject(new Error('Secret Service did not answer in 5 s')),
        setItem: () => Promise.reject(new Error('unreachable')),
      },
    });
    const keyring = new JournalKeyring(failing, dataDir, { create: true });
    expect(await keyring.key()).toEqual({ key: null, why: 'Secret Service did not answer in 5 s' });
    expect(await keyring.anchors()).toEqual({ anchors: null, why: 'Secret Service did not answer in 5 s' });
  });
});

describe('JournalKeyring.anchors and writeAnchor', () => {
  it('starts from an empty anchor set when none is stored', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    expect(await keyring.anchors()).toEqual({ anchors: { version: 1, workspaces: {} } });
  });

  it('round-trips anchors through the key home, one per workspace, the newest winning', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    await keyring.writeAnchor('ws-1', anchor(1));
    await keyring.writeAnchor('ws-2', anchor(2, { ino: 42, acceptedUnkeyed: [[3, 4]] }));
    await keyring.writeAnchor('ws-1', anchor(5, { file: 2 }));
    expect(JSON.parse(items.items.get(keyring.anchorsName)!)).toEqual({
      version: 1,
      workspaces: {
        'ws-1': anchor(5, { file: 2 }),
        'ws-2': anchor(2, { ino: 42, acceptedUnkeyed: [[3, 4]] }),
      },
    });
    expect(await new JournalKeyring(items.store, dataDir).anchors()).toEqual({
      anchors: {
        version: 1,
        workspaces: {
          'ws-1': anchor(5, { file: 2 }),
          'ws-2': anchor(2, { ino: 42, acceptedUnkeyed: [[3, 4]] }),
        },
      },
    });
  });

  it('keeps the anchors it read or wrote for the rest of the run', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    await keyring.writeAnchor('ws-1', anchor(1));
    items.setAvailable(false);
    expect(await keyring.anchors()).toEqual({ anchors: { version: 1, workspaces: { 'ws-1': anchor(1) } } });
  });

  it('refuses an anchor item that does not match the schema, with a clear reason', async () => {
    const cases: unknown[] = [
      { version: 2, workspaces: {} },
      { version: 1, workspaces: { 'ws-1': { ...anchor(1), mac: 'not hex' } } },
      { version: 1, workspaces: { 'ws-1': { ...anchor(1), seq: -1 } } },
      { version: 1, workspaces: { 'ws-1': { ...anchor(1), file: 0 } } },
      { version: 1, workspaces: { 'ws-1': { ...anchor(1), bytes: 1.5 } } },
      { version: 1, workspaces: { 'ws-1': { ...anchor(1), time: 'x'.repeat(41) } } },
      { version: 1, workspaces: { ['w'.repeat(129)]: anchor(1) } },
      [],
    ];
    for (const stored of cases) {
      const keyring = new JournalKeyring(items.store, dataDir);
      items.items.set(keyring.anchorsName, JSON.stringify(stored));
      expect(await keyring.anchors(), JSON.stringify(stored).slice(0, 80)).toEqual({
        anchors: null,
        why: 'the journal anchors in the os-keychain are damaged',
      });
    }
  });

  it('refuses an anchor item that is not JSON, without throwing', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    items.items.set(keyring.anchorsName, 'not json');
    const state = await keyring.anchors();
    expect(state).toEqual({
      anchors: null,
      why: 'the journal anchors in the os-keychain are damaged (not JSON)',
    });
  });

  it('never writes over a damaged anchor item: the write is refused with the reason', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    items.items.set(keyring.anchorsName, '{"version":1}');
    await expect(keyring.writeAnchor('ws-1', anchor(1))).rejects.toThrow(
      'the journal anchors in the os-keychain are damaged',
    );
    expect(items.items.get(keyring.anchorsName)).toBe('{"version":1}');
  });

  it('refuses a write while the key home is unavailable, and writes it with the next one', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    items.setAvailable(false);
    await expect(keyring.writeAnchor('ws-1', anchor(1))).rejects.toThrow('the vault is locked (test)');
    expect(items.items.size).toBe(0);
    items.setAvailable(true);
    await keyring.writeAnchor('ws-2', anchor(2));
    expect(JSON.parse(items.items.get(keyring.anchorsName)!)).toEqual({
      version: 1,
      workspaces: { 'ws-1': anchor(1), 'ws-2': anchor(2) },
    });
  });

  it('refuses a write when the anchors were read but the key home has locked since', async () => {
    const keyring = new JournalKeyring(items.store, dataDir);
    await keyring.anchors();
    items.setAvailable(false);
    await expect(keyring.writeAnchor('ws-1', anchor(1))).rejects.toThrow('the vault is locked (test)');
    items.setAvailable(true);
    await keyring.writeAnchor('ws-1', anchor(3));
    expect(JSON.parse(items.items.get(keyring.anchorsName)!)).toEqual({
      version: 1,
      workspaces: { 'ws-1': anchor(3) },
    });
  });

  it('keeps a newer anchor over an older one whose write failed', async () => {
    let failNext = true;
    const store = (): ItemStore => ({
      backend: 'os-keychain',
      available: true,
      items: {
        getItem: async (name) => items.items.get(name) ?? null,
        setItem: async (name, value) => {
          if (failNext) {
            failNext = false;
            // A newer anchor for the same workspace arrives while this write is failing.
            void keyring.writeAnchor('ws-1', anchor(9));
            throw new Error('keychain write failed');
          }
          items.items.set(name, value);
        },
      },
    });
    const keyring: JournalKeyring = new JournalKeyring(store, dataDir);
    await expect(keyring.writeAnchor('ws-1', anchor(8))).rejects.toThrow('keychain write failed');
    await keyring.writeAnchor('ws-2', anchor(2));
    expect(JSON.parse(items.items.get(keyring.anchorsName)!)).toEqual({
      version: 1,
      workspaces: { 'ws-1': anchor(9), 'ws-2': anchor(2) },
    });
  });

  it('writes a burst of anchors in few key home writes, resolving each once it is stored', async () => {
    const home = countingHome();
    const keyring = new JournalKeyring(home.store, dataDir);
    const burst = Array.from({ length: 10 }, (_, i) => keyring.writeAnchor(`ws-${i % 3}`, anchor(i + 1)));
    await Promise.all(burst);
    expect(home.writes).toEqual([keyring.anchorsName]);
    expect(JSON.parse(items.items.get(keyring.anchorsName)!)).toEqual({
      version: 1,
      workspaces: { 'ws-0': anchor(10), 'ws-1': anchor(8), 'ws-2': anchor(9) },
    });
  });
  it('tries a burst of anchors once when the key home fails the write, and refuses them all', async () => {
    let attempts = 0;
    const store = (): ItemStore => ({
      backend: 'os-keychain',
      available: true,
      items: {
        getItem: async () => null,
        setItem: async () => {
          attempts++;
          throw new Error('Secret Service did not answer in 5 s');
        },
      },
    });
    const keyring = new JournalKeyring(store, dataDir);
    const burst = Array.from({ length: 5 }, (_, i) => keyring.writeAnchor('ws-1', anchor(i + 1)));
    const results = await Promise.allSettled(burst);
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(attempts).toBe(1);
  });
});

describe('JournalKeyring.fingerprintSync', () => {
  it('names an API key id by a keyed MAC once the key is loaded, and by a hash before', async () => {
    const keyring = new JournalKeyring(items.store, dataDir, { create: true });
    const before = keyring.fingerprintSync('key-id-1');
    expect(before).toBe(`h1:${sha(`${keyring.keyName}\0key-id-1`).slice(0, 24)}`);
    const { key } = await keyring.key();
    const after = keyring.fingerprintSync('key-id-1');
    expect(after).toBe(
      `k1:${createHmac('sha256', key!).update('api-key-id\0key-id-1').digest('hex').slice(0, 24)}`,
    );
    expect(keyring.fingerprintSync('key-id-2')).not.toBe(after);
    expect(after).not.toContain('key-id-1');
  });
});
