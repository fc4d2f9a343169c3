/**
 * The update signature (issue 26.2), checked before any downloaded update may be installed.
 *
 * Format: beside each installer in the feed, `<installer file name>.sig` holds the base64 of an
 * Ed25519 signature (64 bytes) over the ASCII text of the installer's SHA-512 in lowercase hex
 * (128 characters, no newline). `npm run sign-update` (scripts/sign-update.mjs) writes it. Ed25519
 * signs the message itself (no pre-hash option in node:crypto: `sign(null, …)`), and the message
 * is only 128 bytes because the installer is hashed once, streamed from disk.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { UPDATE_PUBLIC_KEY_PEM } from './update-public-key';

/** The SHA-512 of a file in lowercase hex, read once as a stream (installers are ~150 MB). */
export function sha512File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function builtInUpdateKey(): KeyObject {
  return createPublicKey(UPDATE_PUBLIC_KEY_PEM);
}

/** Null when `signatureText` is a valid signature of `file` by `publicKey`; otherwise why not. */
export async function checkUpdateSignature(
  file: string,
  signatureText: string | null,
  publicKey: KeyObject = builtInUpdateKey(),
): Promise<string | null> {
  if (signatureText === null) return 'the feed has no signature file for it';
  const text = signatureText.trim();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) return 'its signature file is not a base64 Ed25519 signature';
  const digest = await sha512File(file);
  const good = verify(null, Buffer.from(digest, 'ascii'), publicKey, Buffer.from(text, 'base64'));
  return good
    ? null
    : "its signature does not match: the file was altered, or it was not signed with the app's update key";
}
