/**
 * The vault file as the store (src/main/keychain/vault-key-store.ts) leaves it on disk and reads
 * it back: owner-only permissions, and a clear, path-naming refusal for a missing, non-JSON or
 * wrongly shaped file that leaves the file as it was. Also who is told of a lock. Found unpinned
 * by mutation testing. scrypt at the format's minimum cost (2^15) to keep it quick.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VaultKeyStore } from '../../../src/main/keychain/vault-key-store';

const PASSPHRASE = 'quartz lantern meadow orbit';
const CHEAP = { N: 2 ** 15, r: 8, p: 1 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-edges-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = (onLocked?: (reason: 'idle' | 'request') => void) =>
  new VaultKeyStore({ dataDir: dir, logger: quiet, scrypt: CHEAP, ...(onLocked ? { onLocked } : {}) });

describe('the vault file', () => {
  it('is written readable by its owner only', async () => {
    const vault = store();
    await vault.create(PASSPHRASE);
    await vault.set('ws-1', { apiKey: 'AK', apiSecret: 'SECRET-edges' });
    expect((await stat(vault.path)).mode & 0o777).toBe(0o600);
  });

  it('a missing vault says where it looked and what to do', async () => {
    await expect(store().unlock(PASSPHRASE)).rejects.toThrow(
      `No encrypted vault exists yet at ${join(dir, 'vault.json')}; create one with a passphrase first.`,
    );
  });

  it('a file that is not JSON is refused as io, named, and left as it was', async () => {
    const vault = store();
    await writeFile(vault.path, '{ not json');
    await expect(vault.unlock(PASSPHRASE)).rejects.toMatchObject({
      code: 'io',
      message: `The vault at ${vault.path} is not valid JSON; it was left unchanged.`,
    });
    expect(await readFile(vault.path, 'utf8')).toBe('{ not json');
  });

  it('a file of the wrong shape names the field at fault', async () => {
    const vault = store();
    await vault.create(PASSPHRASE);
    const file = JSON.parse(await readFile(vault.path, 'utf8'));
    file.kdf.N = 3;
    await writeFile(vault.path, JSON.stringify(file));
    const refused = store().unlock(PASSPHRASE);
    await expect(refused).rejects.toMatchObject({ code: 'io' });
    await expect(refused).rejects.toThrow(
      /^The vault at .+ is not a valid vault \(kdf\.N: .+\); it was left unchanged\.$/,
    );
  });
});

describe('locking', () => {
  it('tells the listener once per lock, with the reason', async () => {
    const reasons: string[] = [];
    const vault = store((reason) => reasons.push(reason));
    await vault.create(PASSPHRASE);
    vault.lock();
    vault.lock();
    expect(reasons).toEqual(['request']);
    expect(vault.isUnlocked()).toBe(false);
  });
});
