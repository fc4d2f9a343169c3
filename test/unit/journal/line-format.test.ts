/**
 * One journal line: the entry's JSON with its seal last (`mac` under the journal key, else
 * `hash`), and the decoding that checks a line's own shape and seal, with each refusal's words.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeLine,
  encodeEntry,
  GENESIS_HASH,
  hmacHex,
  sha256Hex,
} from '../../../src/main/journal/line-format';
import type { JournalRecord } from '../../../src/main/journal/types';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const RECORD: JournalRecord = {
  step: 'prepared',
  actionId: 'act-1',
  action: 'loans.approve',
  workspaceId: 'ws-1',
  workspaceName: 'Desk',
  environment: 'sandbox',
};
const META = { seq: 1, time: '2026-01-01T00:00:00.000Z', prevHash: GENESIS_HASH };

/** A hash-sealed line around `body` (a JSON object's text), sealed correctly. */
function hashLine(body: string): Buffer {
  return Buffer.from(`${body.slice(0, -1)},"hash":"${sha256Hex(body)}"}`);
}

describe('seals', () => {
  it('sha256Hex and hmacHex are the hex digests of the bytes', () => {
    expect(sha256Hex('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(sha256Hex(Buffer.from('abc'))).toBe(sha256Hex('abc'));
    expect(hmacHex(KEY, 'abc')).toBe(createHmac('sha256', KEY).update('abc').digest('hex'));
    expect(GENESIS_HASH).toBe('0'.repeat(64));
  });
});

describe('encodeEntry', () => {
  it('writes the members in a fixed order with the seal last; optional fields only when given', () => {
    const { line, entry } = encodeEntry(
      {
        ...RECORD,
        step: 'outcome',
        keyId: 'fp',
        operator: 'alice',
        object: 'loan L1',
        outcome: 'done',
        detail: { a: 1 },
      },
      META,
      null,
    );
    const body =
      '{"seq":1,"time":"2026-01-01T00:00:00.000Z","step":"outcome","actionId":"act-1","action":"loans.approve",' +
      '"workspaceId":"ws-1","workspaceName":"Desk","environment":"sandbox","keyId":"fp","operator":"alice",' +
      `"object":"loan L1","outcome":"done","detail":{"a":1},"prevHash":"${GENESIS_HASH}"}`;
    expect(line.toString()).toBe(`${body.slice(0, -1)},"hash":"${sha256Hex(body)}"}`);
    expect(entry).toMatchObject({ seq: 1, hash: sha256Hex(body), keyed: false, outcome: 'done' });

    const bare = encodeEntry(RECORD, META, null).line.toString();
    expect(bare).not.toMatch(/keyId|operator|object|outcome|detail/);
  });

  it('with a key, seals with the MAC of the same bytes', () => {
    const { line, entry } = encodeEntry(RECORD, META, KEY);
    const text = line.toString();
    const at = text.lastIndexOf(',"mac":"');
    const body = `${text.slice(0, at)}}`;
    expect(text.slice(at)).toBe(`,"mac":"${hmacHex(KEY, body)}"}`);
    expect(entry.hash).toBe(hmacHex(KEY, body));
    expect(entry.keyed).toBe(true);
  });
});

describe('decodeLine', () => {
  it('reads back a hash entry (not authenticated) and a keyed one (authenticated only under its key)', () => {
    const hashed = encodeEntry(RECORD, META, null);
    expect(decodeLine(hashed.line)).toEqual({ ok: true, entry: hashed.entry, authenticated: false });
    expect(decodeLine(hashed.line, KEY)).toEqual({ ok: true, entry: hashed.entry, authenticated: false });

    const keyed = encodeEntry(RECORD, META, KEY);
    expect(decodeLine(keyed.line, KEY)).toEqual({ ok: true, entry: keyed.entry, authenticated: true });
    expect(decodeLine(keyed.line)).toEqual({ ok: true, entry: keyed.entry, authenticated: false });
    expect(decodeLine(keyed.line, OTHER_KEY)).toEqual({
      ok: false,
      kind: 'mac',
      reason: 'MAC does not match the entry under the journal key',
    });
  });

  const damaged = (reason: string) => ({ ok: false, kind: 'damaged', reason });
  const seq1 = `{"seq":1,"prevHash":"${GENESIS_HASH}"}`;

  it.each([
    ['an empty line', Buffer.alloc(0), 'line is too short to be an entry'],
    ['a short line', Buffer.from('{"seq":1}'), 'line is too short to be an entry'],
    ['a seal member alone', Buffer.from(`,"hash":"${'a'.repeat(64)}"}`), 'line is too short to be an entry'],
    [
      'a long line with no seal member',
      Buffer.from(`{"seq":1,"prevHash":"${GENESIS_HASH}","note":"${'x'.repeat(40)}"}`),
      'line does not end with its "mac" or "hash" member',
    ],
    [
      'a line that does not end with "}"',
      Buffer.from(`${hashLine(seq1).toString()} `),
      'line does not end with its "mac" or "hash" member',
    ],
    [
      'a line of exactly the shortest length with no seal',
      Buffer.from(`{"a":"${'x'.repeat(69)}"}`),
      'line does not end with its "mac" or "hash" member',
    ],
    [
      'a seal closed by "]"',
      Buffer.from(`${hashLine(seq1).toString().slice(0, -1)}]`),
      'line does not end with its "mac" or "hash" member',
    ],
    ['invalid JSON', Buffer.from(`{"seq":1,,"hash":"${'a'.repeat(64)}"}`), 'line is not valid JSON'],
    [
      'a seal that is not hex',
      Buffer.from(`{"seq":1,"hash":"${'G'.repeat(64)}"}`),
      'hash is not 64 hex digits',
    ],
    ['a MAC that is not hex', Buffer.from(`{"seq":1,"mac":"${'A'.repeat(64)}"}`), 'mac is not 64 hex digits'],
    [
      'a hash that does not match',
      Buffer.from(`{"seq":2,"prevHash":"${GENESIS_HASH}","hash":"${sha256Hex(seq1)}"}`),
      'hash does not match the entry',
    ],
    ['no seq', hashLine(`{"prevHash":"${GENESIS_HASH}"}`), 'seq is not a number'],
    ['seq 0', hashLine(`{"seq":0,"prevHash":"${GENESIS_HASH}"}`), 'seq is not a number'],
    ['a fractional seq', hashLine(`{"seq":1.5,"prevHash":"${GENESIS_HASH}"}`), 'seq is not a number'],
    ['seq as text', hashLine(`{"seq":"1","prevHash":"${GENESIS_HASH}"}`), 'seq is not a number'],
    [
      'no prevHash',
      hashLine('{"seq":1,"note":"no link to the entry before"}'),
      'prevHash is not 64 hex digits',
    ],
    [
      'a short prevHash',
      hashLine(`{"seq":1,"prevHash":"${'0'.repeat(63)}"}`),
      'prevHash is not 64 hex digits',
    ],
    [
      'a prevHash that is a number',
      hashLine('{"seq":1,"prevHash":12345678901234567890}'),
      'prevHash is not 64 hex digits',
    ],
  ])('refuses %s', (_what, line, reason) => {
    expect(decodeLine(line)).toEqual(damaged(reason));
  });

  it('refuses a line that only looks sealed: not JSON, or an array', () => {
    const line = Buffer.from(`[{"a":1},"hash":"${'a'.repeat(64)}"}`);
    expect(decodeLine(line)).toEqual(damaged('line is not valid JSON'));
    const array = Buffer.from(`[1,{"x":"${'a'.repeat(64)}","hash":"${'a'.repeat(64)}"}]`);
    // Ends with "]", not "}": no seal.
    expect(decodeLine(array)).toEqual(damaged('line does not end with its "mac" or "hash" member'));
  });

  it('reads seq 1 with a valid prevHash: the bounds just inside', () => {
    const ok = decodeLine(hashLine(seq1));
    expect(ok.ok && ok.entry.seq).toBe(1);
    expect(ok.ok && ok.entry.keyed).toBe(false);
  });

  it('keeps the seal as `hash` and drops the `mac` member from the entry', () => {
    const keyed = decodeLine(encodeEntry(RECORD, META, KEY).line, KEY);
    expect(keyed.ok && 'mac' in keyed.entry).toBe(false);
    expect(keyed.ok && keyed.entry.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('finds the seal only as the last member: a "hash" earlier in the line does not count', () => {
    const body = `{"seq":1,"prevHash":"${GENESIS_HASH}"}`;
    // The seal member sits one character too early: the line does not end with it.
    const shifted = Buffer.from(`${body.slice(0, -1)},"hash":"${sha256Hex(body)}" }`);
    expect(decodeLine(shifted)).toEqual(damaged('line does not end with its "mac" or "hash" member'));
  });
});
