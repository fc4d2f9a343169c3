/** The update signature's format, the built-in key's source, and `npm run sign-update`. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { UPDATE_PUBLIC_KEY_PEM } from '../../../src/main/updater/update-public-key';
import {
  builtInUpdateKey,
  checkUpdateSignature,
  sha512File,
} from '../../../src/main/updater/update-signature';

const root = resolve(__dirname, '../../..');
const run = promisify(execFile);
let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'copper-sign-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

function keyPair(name: string) {
  const pair = generateKeyPairSync('ed25519');
  const priv = join(dir, `${name}-private.pem`);
  const pub = join(dir, `${name}-public.pem`);
  return {
    pair,
    priv,
    pub,
    save: async () => {
      await writeFile(priv, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
      await writeFile(pub, pair.publicKey.export({ type: 'spki', format: 'pem' }));
    },
  };
}

describe('the update key', () => {
  it('compiled into the app is build/update-public-key.pem, an Ed25519 key', () => {
    expect(UPDATE_PUBLIC_KEY_PEM).toBe(readFileSync(join(root, 'build/update-public-key.pem'), 'utf8'));
    expect(builtInUpdateKey().asymmetricKeyType).toBe('ed25519');
  });

  it('has no private key anywhere under build/', () => {
    for (const name of ['update-private-key.pem', 'update-public-key.key', 'update-signing-private.pem'])
      expect(existsSync(join(root, 'build', name))).toBe(false);
  });
});

describe('the signature', () => {
  it('is checked over a SHA-512 streamed from the file', async () => {
    const file = join(dir, 'installer.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await writeFile(file, bytes);
    expect(await sha512File(file)).toBe(createHash('sha512').update(bytes).digest('hex'));
  });

  it('npm run sign-update writes <installer>.sig that the app accepts, and only for its key', async () => {
    const release = keyPair('release');
    const other = keyPair('other');
    await release.save();
    await other.save();
    const installer = join(dir, 'Copper Operator Setup 0.2.0.exe');
    await writeFile(installer, 'an installer');
    const script = join(root, 'scripts/sign-update.mjs');
    await run(process.execPath, [script, '--key', release.priv, '--public-key', release.pub, installer]);
    const sig = await readFile(`${installer}.sig`, 'utf8');
    expect(sig).toMatch(/^[A-Za-z0-9+/]{86}==\n$/);
    expect(await checkUpdateSignature(installer, sig, release.pair.publicKey)).toBeNull();
    expect(await checkUpdateSignature(installer, sig, other.pair.publicKey)).toMatch(/does not match/);
    await writeFile(installer, 'an installer, altered');
    expect(await checkUpdateSignature(installer, sig, release.pair.publicKey)).toMatch(/does not match/);

    // A key the app does not trust is refused by the script itself.
    await rm(`${installer}.sig`);
    await expect(
      run(process.execPath, [script, '--key', other.priv, '--public-key', release.pub, installer]),
    ).rejects.toMatchObject({ code: 1 });
    expect(existsSync(`${installer}.sig`)).toBe(false);
    // Without --key: usage, exit 2.
    await expect(run(process.execPath, [script, installer])).rejects.toMatchObject({ code: 2 });
  });
});
