#!/usr/bin/env node
/**
 * `npm run sign-update -- --key <private key file> <installer> [<installer> …]`
 *
 * Writes `<installer>.sig` beside each installer: the base64 of an Ed25519 signature over the ASCII
 * text of the installer's SHA-512 in lowercase hex (128 characters). Publish each .sig next to its
 * installer and latest*.yml on the update feed; the app refuses any update without a valid one
 * (src/main/updater/update-signature.ts). Sign every file a latest*.yml lists (on macOS that is the
 * .zip the updater downloads, not only the .dmg).
 *
 * The private key is a PKCS#8 PEM Ed25519 key (`openssl genpkey -algorithm ed25519`) kept by the
 * release manager outside the repository. The signature is checked against
 * build/update-public-key.pem before it is written: a release signed with a key the app does not
 * trust is refused here rather than by every installed app.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function usage(message) {
  console.error(
    `${message}\nUsage: npm run sign-update -- --key <private key file> <installer> [<installer> …]`,
  );
  process.exit(2);
}

function sha512Hex(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

let parsed;
try {
  parsed = parseArgs({
    options: { key: { type: 'string' }, 'public-key': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  usage(error.message);
}
const { values, positionals } = parsed;
if (!values.key) usage('--key <private key file> is required');
if (positionals.length === 0) usage('name at least one installer');

let privateKey;
try {
  privateKey = createPrivateKey(readFileSync(values.key));
} catch (error) {
  usage(`cannot read the private key ${values.key}: ${error.message}`);
}
if (privateKey.asymmetricKeyType !== 'ed25519') usage(`${values.key} is not an Ed25519 private key`);
const trusted = createPublicKey(
  readFileSync(values['public-key'] ?? join(root, 'build/update-public-key.pem')),
);

for (const installer of positionals) {
  const digest = Buffer.from(await sha512Hex(installer), 'ascii');
  const signature = sign(null, digest, privateKey);
  if (!verify(null, digest, trusted, signature)) {
    console.error(
      `The key ${values.key} does not match build/update-public-key.pem: the app would refuse this release.`,
    );
    process.exit(1);
  }
  writeFileSync(`${installer}.sig`, signature.toString('base64') + '\n');
  console.info(`${installer}.sig`);
}
