/**
 * One journal entry = one line: the entry's JSON with `"hash":"<sha256>"` as its last member. The
 * hash is the SHA-256 of the line's own bytes without that member (so the exact bytes on disk are
 * what is checked, never a re-serialisation), and `prevHash` is the previous entry's hash: editing
 * any byte of an entry breaks that entry's hash, and rewriting a hash breaks the next entry's link.
 */
import { createHash } from 'node:crypto';
import type { JournalEntry, JournalRecord } from './types';

/** prevHash of the very first entry of a workspace's journal. */
export const GENESIS_HASH = '0'.repeat(64);

const HASH_PREFIX = Buffer.from(',"hash":"', 'utf8');
const HASH_SUFFIX_BYTES = HASH_PREFIX.length + 64 + 2; // ,"hash":"<64 hex>"}
const CLOSE = Buffer.from('}', 'utf8');

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Builds the line (without its newline) and the entry it holds. */
export function encodeEntry(
  record: JournalRecord,
  meta: { seq: number; time: string; prevHash: string },
): { line: Buffer; entry: JournalEntry } {
  // Key order is fixed here: it is what a reader of the file sees first.
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
    ...(record.object !== undefined ? { object: record.object } : {}),
    ...(record.outcome !== undefined ? { outcome: record.outcome } : {}),
    ...(record.detail !== undefined ? { detail: record.detail } : {}),
    prevHash: meta.prevHash,
  };
  const bodyJson = JSON.stringify(body);
  const hash = sha256Hex(bodyJson);
  const line = Buffer.from(`${bodyJson.slice(0, -1)},"hash":"${hash}"}`, 'utf8');
  return { line, entry: { ...body, hash } };
}

export type DecodedLine = { ok: true; entry: JournalEntry } | { ok: false; reason: string };

const HEX64 = /^[0-9a-f]{64}$/;

/** Checks one line's own integrity (shape and hash); the chain is checked by the caller. */
export function decodeLine(line: Buffer): DecodedLine {
  if (line.length < HASH_SUFFIX_BYTES + 2) return { ok: false, reason: 'line is too short to be an entry' };
  const at = line.length - HASH_SUFFIX_BYTES;
  if (!line.subarray(at, at + HASH_PREFIX.length).equals(HASH_PREFIX) || line[line.length - 1] !== 0x7d)
    return { ok: false, reason: 'line does not end with its "hash" member' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.toString('utf8'));
  } catch {
    return { ok: false, reason: 'line is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'line is not a JSON object' };
  const entry = parsed as JournalEntry;
  if (typeof entry.hash !== 'string' || !HEX64.test(entry.hash))
    return { ok: false, reason: 'hash is not 64 hex digits' };
  const body = Buffer.concat([line.subarray(0, at), CLOSE]);
  if (sha256Hex(body) !== entry.hash) return { ok: false, reason: 'hash does not match the entry' };
  if (!Number.isSafeInteger(entry.seq) || entry.seq < 1) return { ok: false, reason: 'seq is not a number' };
  if (typeof entry.prevHash !== 'string' || !HEX64.test(entry.prevHash))
    return { ok: false, reason: 'prevHash is not 64 hex digits' };
  return { ok: true, entry };
}
