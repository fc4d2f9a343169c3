/**
 * One journal entry = one line: the entry's JSON with its seal as the last member, either
 *
 *   `"mac":"<hex>"`  HMAC-SHA-256 of the line's own bytes without that member, under the
 *                    installation's journal key (journal-keyring.ts): only a holder of the key
 *                    can write or rewrite such an entry; or
 *   `"hash":"<hex>"` plain SHA-256 of the same bytes: entries written while the journal key was
 *                    unavailable (no keychain and the vault locked), and every entry of journals
 *                    written before the key existed. They are authenticated only through the
 *                    chain up to an anchored entry (verify.ts).
 *
 * The exact bytes on disk are what is sealed, never a re-serialisation. `prevHash` is the previous
 * entry's seal (its mac or hash): editing any byte of an entry breaks its own seal, and rewriting
 * a seal breaks the next entry's link.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { JournalEntry, JournalRecord } from './types';

/** prevHash of the very first entry of a workspace's journal. */
export const GENESIS_HASH = '0'.repeat(64);

const MAC_PREFIX = Buffer.from(',"mac":"', 'utf8');
const HASH_PREFIX = Buffer.from(',"hash":"', 'utf8');
const CLOSE = Buffer.from('}', 'utf8');
const SEAL_HEX = 64;

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function hmacHex(key: Buffer, bytes: Buffer | string): string {
  return createHmac('sha256', key).update(bytes).digest('hex');
}

/** Builds the line (without its newline) and the entry it holds; keyed when `key` is given. */
export function encodeEntry(
  record: JournalRecord,
  meta: { seq: number; time: string; prevHash: string },
  key: Buffer | null,
): { line: Buffer; entry: JournalEntry } {
  // Key order is fixed here: it is what a reader of the file sees first, and the index parses the
  // fields before `detail` only (journals.ts, indexFields).
  const body = {
    seq: meta.seq,
    time: meta.time,
    step: record.step,
    actionId: record.actionId,
    action: record.action,
    workspaceId: record.workspaceId,
    workspaceName: record.workspaceName,
    environment: record.environment,
    ...(record.keyId !== undefined ? { keyId: record.keyId } : {}),
    ...(record.operator !== undefined ? { operator: record.operator } : {}),
    ...(record.object !== undefined ? { object: record.object } : {}),
    ...(record.outcome !== undefined ? { outcome: record.outcome } : {}),
    ...(record.detail !== undefined ? { detail: record.detail } : {}),
    prevHash: meta.prevHash,
  };
  const bodyJson = JSON.stringify(body);
  const seal = key ? hmacHex(key, bodyJson) : sha256Hex(bodyJson);
  const member = key ? 'mac' : 'hash';
  const line = Buffer.from(`${bodyJson.slice(0, -1)},"${member}":"${seal}"}`, 'utf8');
  return { line, entry: { ...body, hash: seal, keyed: key !== null } };
}

/**
 * `authenticated`: the MAC was checked under the key. False for a keyed entry read without the key
 * (its seal could not be checked) and for every `hash` entry (integrity only, no author).
 */
export type DecodedLine =
  | { ok: true; entry: JournalEntry; authenticated: boolean }
  | { ok: false; reason: string; kind: 'damaged' | 'mac' };

const HEX64 = /^[0-9a-f]{64}$/;

function sealOf(line: Buffer): { keyed: boolean; at: number } | null {
  if (line[line.length - 1] !== 0x7d) return null;
  for (const [prefix, keyed] of [
    [MAC_PREFIX, true],
    [HASH_PREFIX, false],
  ] as const) {
    const at = line.length - (prefix.length + SEAL_HEX + 2);
    if (at > 0 && line.subarray(at, at + prefix.length).equals(prefix)) return { keyed, at };
  }
  return null;
}

/**
 * Checks one line's own integrity (shape and seal); the chain is checked by the caller. With
 * `key`, a keyed entry's MAC is checked (kind 'mac' when it does not match); without it, only its
 * shape.
 */
export function decodeLine(line: Buffer, key: Buffer | null = null): DecodedLine {
  const seal = sealOf(line);
  if (seal === null)
    return line.length < HASH_PREFIX.length + SEAL_HEX + 4
      ? { ok: false, kind: 'damaged', reason: 'line is too short to be an entry' }
      : { ok: false, kind: 'damaged', reason: 'line does not end with its "mac" or "hash" member' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.toString('utf8'));
  } catch {
    return { ok: false, kind: 'damaged', reason: 'line is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, kind: 'damaged', reason: 'line is not a JSON object' };
  const raw = parsed as Record<string, unknown>;
  const value = seal.keyed ? raw.mac : raw.hash;
  if (typeof value !== 'string' || !HEX64.test(value))
    return { ok: false, kind: 'damaged', reason: `${seal.keyed ? 'mac' : 'hash'} is not 64 hex digits` };
  const body = Buffer.concat([line.subarray(0, seal.at), CLOSE]);
  let authenticated = false;
  if (seal.keyed) {
    if (key !== null) {
      if (!sameHex(hmacHex(key, body), value))
        return { ok: false, kind: 'mac', reason: 'MAC does not match the entry under the journal key' };
      authenticated = true;
    }
  } else if (sha256Hex(body) !== value) {
    return { ok: false, kind: 'damaged', reason: 'hash does not match the entry' };
  }
  const { mac: _mac, ...rest } = raw;
  const entry = { ...rest, hash: value, keyed: seal.keyed } as unknown as JournalEntry;
  if (!Number.isSafeInteger(entry.seq) || entry.seq < 1)
    return { ok: false, kind: 'damaged', reason: 'seq is not a number' };
  if (typeof entry.prevHash !== 'string' || !HEX64.test(entry.prevHash))
    return { ok: false, kind: 'damaged', reason: 'prevHash is not 64 hex digits' };
  return { ok: true, entry, authenticated };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
