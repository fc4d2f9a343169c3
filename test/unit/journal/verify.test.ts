/**
 * verify.ts promises a verdict on a workspace's whole journal: `ok` when every seal, the chain, the
 * sequence and the anchor were checked; `partial` when nothing wrong was found but something could
 * not be checked (each named); `broken` with the first bad place (file, line, seq) and what is
 * wrong there. describeVerdict and exitCodeOf turn a verdict into the CLI's line and exit code.
 *
 * Journals are written with the real writer over an in-memory key home, or, where a case needs an
 * exact shape (entries without a MAC, a chain an attacker re-sealed), line by line with the real
 * line format (encodeEntry), then tampered with on disk.
 */
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalKeyring, type Anchor } from '../../../src/main/journal/journal-keyring';
import { Journals } from '../../../src/main/journal/journals';
import { encodeEntry, GENESIS_HASH } from '../../../src/main/journal/line-format';
import type { JournalRecord } from '../../../src/main/journal/types';
import {
  describeVerdict,
  exitCodeOf,
  verifyJournal,
  type VerifyResult,
  type VerifyTrust,
} from '../../../src/main/journal/verify';
import { memoryItems } from '../../support/fixtures/memory-items';

const WS = 'w1';
const KEY = Buffer.alloc(32, 7);
const TIME = '2026-11-27T10:00:00.000Z';

let dataDir: string;
let dir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-verify-'));
  dir = join(dataDir, 'journal', WS);
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const record = (i: number, workspaceId = WS): JournalRecord => ({
  step: 'prepared',
  actionId: `a${i}`,
  action: 'loans.approve',
  workspaceId,
  workspaceName: 'Desk',
  environment: 'production',
});

interface Sealed {
  line: string;
  seq: number;
  hash: string;
}

/**
 * Entries `from`, `from + 1`, … chained from `prevHash`; `keyed[i]` false seals entry i with a plain
 * hash (as written while the key was unavailable).
 */
function entries(
  count: number,
  options: { from?: number; prevHash?: string; keyed?: boolean[]; workspaceId?: string } = {},
): Sealed[] {
  let prev = options.prevHash ?? GENESIS_HASH;
  const out: Sealed[] = [];
  for (let i = 0; i < count; i++) {
    const seq = (options.from ?? 1) + i;
    const key = options.keyed?.[i] === false ? null : KEY;
    const { line, entry } = encodeEntry(
      record(seq, options.workspaceId),
      { seq, time: TIME, prevHash: prev },
      key,
    );
    out.push({ line: line.toString('utf8'), seq, hash: entry.hash });
    prev = entry.hash;
  }
  return out;
}

async function writeJournal(index: number, lines: Sealed[] | string[], tail = ''): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `journal-${String(index).padStart(6, '0')}.jsonl`);
  const text = lines.map((l) => (typeof l === 'string' ? l : l.line));
  await writeFile(path, text.map((l) => `${l}\n`).join('') + tail);
  return path;
}

function anchorAt(entry: Sealed, file = 1, extra: Partial<Anchor> = {}): Anchor {
  return { seq: entry.seq, mac: entry.hash, file, bytes: 0, time: TIME, ...extra };
}

const trusted = (anchor: Anchor | null, key: Buffer | null = KEY): VerifyTrust => ({ key, anchor });
const AT = (seq: number, file = 'journal-000001.jsonl') =>
  ` (the anchor, ${TIME}, says seq ${seq} in ${file})`;

describe('verifyJournal on an intact journal', () => {
  it('is ok with the entry count when the real writer wrote it, and reads its rotated files in order', async () => {
    const items = memoryItems();
    const keyring = new JournalKeyring(items.store, dataDir, { create: true });
    const journals = await Journals.open({ dataDir, keyring, maxFileBytes: 1024 });
    for (let i = 1; i <= 12; i++) await journals.append(record(i));
    await journals.close();
    const reopened = await Journals.open({ dataDir, keyring: new JournalKeyring(items.store, dataDir) });
    expect(await reopened.verify(WS)).toEqual({ status: 'ok', ok: true, entries: 12 });
    await reopened.close();
    const names = (await readdir(dir)).sort();
    expect(names.length).toBeGreaterThan(2);

    const key = await keyring.key();
    const anchors = await keyring.anchors();
    const anchor = anchors.anchors?.workspaces[WS] ?? null;
    expect(anchor?.seq).toBe(12);
    const result = await verifyJournal(dataDir, WS, { key: key.key, anchor });
    expect(result).toEqual({ status: 'ok', ok: true, entries: 12 });
    expect(describeVerdict(result)).toBe('ok 12 entries, MACs and anchor checked');
    expect(exitCodeOf(result)).toBe(0);

    // A rotated file in the middle deleted: named, with the entries counted before it.
    await unlink(join(dir, names[1] as string));
    const gap = await verifyJournal(dataDir, WS, { key: key.key, anchor });
    expect(gap).toMatchObject({
      status: 'broken',
      ok: false,
      problem: 'missing-rotated-file',
      file: names[2],
      line: 1,
      reason: `${names[1]} is missing before ${names[2]}`,
    });
    expect(gap.entries).toBeGreaterThan(0);
    expect(gap.entries).toBeLessThan(12);
    expect(exitCodeOf(gap)).toBe(1);
  });

  it('is ok for a workspace with no journal and an anchor at seq 0, or none', async () => {
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({ status: 'ok', ok: true, entries: 0 });
    const empty: Anchor = { seq: 0, mac: GENESIS_HASH, file: 1, bytes: 0, time: TIME };
    expect(await verifyJournal(dataDir, WS, trusted(empty))).toEqual({ status: 'ok', ok: true, entries: 0 });
  });

  it('checks an anchored file by its inode: the same file passes', async () => {
    const lines = entries(3);
    const path = await writeJournal(1, lines);
    const ino = (await stat(path)).ino;
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!, 1, { ino })))).toEqual({
      status: 'ok',
      ok: true,
      entries: 3,
    });
    // Files after the anchored one, written since, are not the anchored file.
    await writeJournal(2, entries(1, { from: 4, prevHash: lines[2]!.hash }));
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!, 1, { ino })))).toEqual({
      status: 'ok',
      ok: true,
      entries: 4,
    });
  });

  it('counts a last entry that only lacks its newline as an entry', async () => {
    const lines = entries(3);
    await writeJournal(1, lines.slice(0, 2), lines[2]!.line);
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!)))).toEqual({
      status: 'ok',
      ok: true,
      entries: 3,
    });
  });
});

describe('verifyJournal: partial, naming what could not be checked', () => {
  it('without a key or anchors given, says neither was checked', async () => {
    await writeJournal(1, entries(2));
    const result = await verifyJournal(dataDir, WS);
    expect(result).toEqual({
      status: 'partial',
      ok: true,
      entries: 2,
      unchecked: [
        'MACs were not checked: no journal key was given',
        'the anchor was not checked: no anchors were given',
      ],
    });
    expect(describeVerdict(result)).toBe(
      'partly checked, nothing wrong found in 2 entries; not checked: MACs were not checked: no journal key was given; the anchor was not checked: no anchors were given',
    );
    expect(exitCodeOf(result)).toBe(3);
  });

  it('says why there was no key, or that none was given', async () => {
    const lines = entries(2);
    await writeJournal(1, lines);
    const anchor = anchorAt(lines[1]!);
    expect(await verifyJournal(dataDir, WS, { key: null, keyWhy: 'the vault is locked', anchor })).toEqual({
      status: 'partial',
      ok: true,
      entries: 2,
      unchecked: ['MACs were not checked: the vault is locked'],
    });
    expect((await verifyJournal(dataDir, WS, { key: null, anchor })).unchecked).toEqual([
      'MACs were not checked: no journal key',
    ]);
  });

  it('says when no anchor is recorded for the workspace, or the anchors could not be read', async () => {
    await writeJournal(1, entries(2));
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'partial',
      ok: true,
      entries: 2,
      unchecked: ['no anchor is recorded for this workspace: a cut-off tail would not show'],
    });
    expect(
      await verifyJournal(dataDir, WS, { key: KEY, anchor: null, anchorsWhy: 'the anchors are damaged' }),
    ).toEqual({
      status: 'partial',
      ok: true,
      entries: 2,
      unchecked: ['the anchor was not checked: the anchors are damaged'],
    });
  });

  it('names one entry without a MAC past the anchor, and a range of them', async () => {
    const one = entries(4, { keyed: [true, true, true, false] });
    await writeJournal(1, one);
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(one[2]!)))).toEqual({
      status: 'partial',
      ok: true,
      entries: 4,
      unchecked: [
        '1 entry past the anchor (seq 4) has no MAC: written while the journal key was unavailable, or forged',
      ],
    });
    const two = entries(5, { keyed: [true, true, true, false, false] });
    await writeJournal(1, two);
    expect((await verifyJournal(dataDir, WS, trusted(anchorAt(two[2]!)))).unchecked).toEqual([
      '2 entries past the anchor (seq 4–5) have no MAC: written while the journal key was unavailable, or forged',
    ]);
  });

  it('names entries without a MAC that a start took on, apart from those it did not', async () => {
    const lines = entries(6, { keyed: [true, true, false, false, false, false] });
    await writeJournal(1, lines);
    const anchor = anchorAt(lines[1]!, 1, {
      acceptedUnkeyed: [
        [3, 3],
        [5, 6],
      ],
    });
    expect(await verifyJournal(dataDir, WS, trusted(anchor))).toEqual({
      status: 'partial',
      ok: true,
      entries: 6,
      unchecked: [
        '1 entry past the anchor (seq 4) has no MAC: written while the journal key was unavailable, or forged',
        '3 entries without a MAC (seq 3–6) were taken on at a start without proof of who wrote them',
      ],
    });
    const single = anchorAt(lines[1]!, 1, { acceptedUnkeyed: [[3, 6]] });
    const result = await verifyJournal(dataDir, WS, trusted(single));
    expect(result.unchecked).toEqual([
      '4 entries without a MAC (seq 3–6) were taken on at a start without proof of who wrote them',
    ]);
    const first = anchorAt(lines[1]!, 1, { acceptedUnkeyed: [[3, 3]] });
    expect((await verifyJournal(dataDir, WS, trusted(first))).unchecked).toEqual([
      '3 entries past the anchor (seq 4–6) have no MAC: written while the journal key was unavailable, or forged',
      '1 entry without a MAC (seq 3) were taken on at a start without proof of who wrote them',
    ]);
  });

  it('does not count entries without a MAC up to the anchor', async () => {
    const lines = entries(3, { keyed: [false, false, false] });
    await writeJournal(1, lines);
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!)))).toEqual({
      status: 'ok',
      ok: true,
      entries: 3,
    });
  });

  it('reports a torn tail in the last file without moving it', async () => {
    const lines = entries(2);
    const path = await writeJournal(1, lines, '{"seq":3,"ti');
    const result = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[1]!)));
    expect(result).toEqual({
      status: 'ok',
      ok: true,
      entries: 2,
      tornTail: { file: 'journal-000001.jsonl', bytes: 12 },
    });
    expect(describeVerdict(result)).toBe(
      'ok 2 entries, MACs and anchor checked (an incomplete last line of 12 bytes in journal-000001.jsonl will be set aside when the app next opens the journal)',
    );
    expect((await readFile(path, 'utf8')).endsWith('{"seq":3,"ti')).toBe(true);
    const partial = await verifyJournal(dataDir, WS, trusted(null));
    expect(describeVerdict(partial)).toBe(
      'partly checked, nothing wrong found in 2 entries (an incomplete last line of 12 bytes in journal-000001.jsonl will be set aside when the app next opens the journal); not checked: no anchor is recorded for this workspace: a cut-off tail would not show',
    );
  });
});

describe('verifyJournal: broken, at the first bad place', () => {
  it('missing file: the anchor names entries but the workspace has no journal file', async () => {
    const anchor: Anchor = { seq: 4, mac: GENESIS_HASH, file: 2, bytes: 10, time: TIME };
    const result = await verifyJournal(dataDir, WS, trusted(anchor));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 0,
      problem: 'missing-file',
      file: 'journal-000002.jsonl',
      line: 0,
      reason: `the workspace has no journal file${AT(4, 'journal-000002.jsonl')}`,
    });
    expect(describeVerdict(result)).toBe(
      `broken: missing file at journal-000002.jsonl: the workspace has no journal file${AT(4, 'journal-000002.jsonl')}`,
    );
  });

  it('missing rotated file: the first file is not journal-000001', async () => {
    await writeJournal(2, entries(2));
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'broken',
      ok: false,
      entries: 0,
      problem: 'missing-rotated-file',
      file: 'journal-000002.jsonl',
      line: 1,
      reason: 'journal-000001.jsonl is missing before journal-000002.jsonl',
    });
  });

  it('missing rotated file: the newest file the anchor names is gone', async () => {
    const lines = entries(4);
    await writeJournal(1, lines.slice(0, 2));
    const result = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[3]!, 2, { ino: 1 })));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'missing-rotated-file',
      file: 'journal-000002.jsonl',
      line: 0,
      reason: `the newest journal file journal-000002.jsonl is missing: the journal ends at seq 2${AT(4, 'journal-000002.jsonl')}`,
    });
  });

  it('truncated tail: the journal ends before the anchored entry', async () => {
    const lines = entries(4);
    await writeJournal(1, lines.slice(0, 2));
    const result = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[3]!)));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'truncated-tail',
      file: 'journal-000001.jsonl',
      line: 0,
      reason: `the journal ends at seq 2${AT(4)}: entries 3–4 were cut off, or an older copy was put back`,
    });
    expect(describeVerdict(result)).toBe(
      `broken: truncated tail at journal-000001.jsonl: the journal ends at seq 2${AT(4)}: entries 3–4 were cut off, or an older copy was put back`,
    );
    // The anchor's file is older than the last one read: still a cut-off tail, in the last file.
    const rotated = entries(5);
    await writeJournal(1, rotated.slice(0, 2));
    await writeJournal(2, rotated.slice(2, 3));
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(rotated[4]!, 1)))).toMatchObject({
      problem: 'truncated-tail',
      file: 'journal-000002.jsonl',
      entries: 3,
    });
  });

  it('truncated tail: the only file emptied', async () => {
    const lines = entries(1);
    await writeJournal(1, []);
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[0]!)))).toMatchObject({
      problem: 'truncated-tail',
      file: 'journal-000001.jsonl',
      entries: 0,
      reason: `the journal ends at seq 0${AT(1)}: entries 1–1 were cut off, or an older copy was put back`,
    });
  });

  it('rewritten entry: a changed entry under its old MAC, up to the anchor', async () => {
    const lines = entries(3);
    await writeJournal(1, [lines[0]!.line, lines[1]!.line.replace('"a2"', '"a9"'), lines[2]!.line]);
    const result = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!)));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 1,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 2,
      seq: 2,
      reason: 'MAC does not match the entry under the journal key: the entry was changed',
    });
    expect(describeVerdict(result)).toBe(
      'broken: rewritten entry at journal-000001.jsonl line 2: MAC does not match the entry under the journal key: the entry was changed',
    );
  });

  it('forged entry: a MAC that does not match past the anchor, or with no anchor', async () => {
    const lines = entries(3);
    await writeJournal(1, [lines[0]!.line, lines[1]!.line, lines[2]!.line.replace('"a3"', '"a9"')]);
    const expected = {
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'forged-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      seq: 3,
      reason: 'MAC does not match the entry under the journal key: not written by this console',
    };
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[1]!)))).toEqual(expected);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual(expected);
  });

  it('damaged or rewritten entry: a line that is not an entry, by where it is', async () => {
    const lines = entries(3);
    const bad = lines[1]!.line.replace(/"mac":"[0-9a-f]{64}"/, '"mac":"xyz"');
    await writeJournal(1, [lines[0]!.line, bad, lines[2]!.line]);
    // Up to the anchor: rewritten.
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!)))).toEqual({
      status: 'broken',
      ok: false,
      entries: 1,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 2,
      seq: 2,
      reason: 'line does not end with its "mac" or "hash" member',
    });
    // The anchored entry itself is up to the anchor.
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[1]!)))).toMatchObject({
      problem: 'rewritten-entry',
      seq: 2,
    });
    // Past the anchor, or with no anchor: damaged.
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[0]!)))).toMatchObject({
      problem: 'damaged-entry',
      seq: 2,
      line: 2,
    });
    expect(await verifyJournal(dataDir, WS, trusted(null))).toMatchObject({
      problem: 'damaged-entry',
      seq: 2,
      reason: 'line does not end with its "mac" or "hash" member',
    });
  });

  it('a line that is not even JSON carries no seq', async () => {
    const lines = entries(2);
    await writeJournal(1, [lines[0]!.line, 'garbage', lines[1]!.line]);
    const anchored = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[1]!)));
    expect(anchored).toEqual({
      status: 'broken',
      ok: false,
      entries: 1,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 2,
      reason: 'line is too short to be an entry',
    });
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      ...anchored,
      problem: 'damaged-entry',
    });
    // A line whose seq is not a whole number carries none either.
    const odd = lines[1]!.line.replace('"seq":2', '"seq":2.5').replace(/"mac":"[0-9a-f]{64}"/, '"mac":"x"');
    await writeJournal(1, [lines[0]!.line, odd]);
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[0]!)))).not.toHaveProperty('seq');
  });

  it('rewritten entry: entries missing from the sequence, or one repeated', async () => {
    const lines = entries(4);
    const skipped = entries(1, { from: 4, prevHash: lines[1]!.hash });
    await writeJournal(1, [lines[0]!, lines[1]!, skipped[0]!]);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      seq: 4,
      reason: 'entries 3–3 are missing before seq 4',
    });
    const again = entries(1, { from: 2, prevHash: lines[1]!.hash });
    await writeJournal(1, [lines[0]!, lines[1]!, again[0]!]);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toMatchObject({
      problem: 'rewritten-entry',
      line: 3,
      seq: 2,
      reason: 'seq 2 follows 2',
    });
    const first = entries(1, { from: 2 });
    await writeJournal(1, first);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toMatchObject({
      line: 1,
      seq: 2,
      reason: 'entries 1–1 are missing before seq 2',
    });
  });

  it('rewritten entry: a link that does not match the previous seal', async () => {
    const lines = entries(2);
    const relinked = entries(1, { from: 3, prevHash: lines[0]!.hash });
    await writeJournal(1, [lines[0]!, lines[1]!, relinked[0]!]);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      seq: 3,
      reason: 'prevHash does not match the previous entry: an entry before it was changed',
    });
    // The first entry must link to the genesis hash.
    await writeJournal(1, entries(1, { prevHash: 'f'.repeat(64) }));
    expect(await verifyJournal(dataDir, WS, trusted(null))).toMatchObject({ line: 1, seq: 1 });
  });

  it("forged entry: an entry of another workspace's journal", async () => {
    const lines = entries(2);
    const other = entries(1, { from: 3, prevHash: lines[1]!.hash, workspaceId: 'w2' });
    await writeJournal(1, [lines[0]!, lines[1]!, other[0]!]);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'forged-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      seq: 3,
      reason: 'entry belongs to workspace w2',
    });
  });

  it('rollback: the anchored entry is another one, or in another file', async () => {
    const lines = entries(3);
    await writeJournal(1, lines);
    const other: Anchor = { ...anchorAt(lines[1]!), mac: 'a'.repeat(64) };
    const result = await verifyJournal(dataDir, WS, trusted(other));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 1,
      problem: 'rollback',
      file: 'journal-000001.jsonl',
      line: 2,
      seq: 2,
      reason: `entry 2 is not the one anchored${AT(2)}: the journal was replaced by another copy`,
    });
    expect(describeVerdict(result)).toMatch(
      /^broken: rollback to an older copy at journal-000001.jsonl line 2: /,
    );
    expect(await verifyJournal(dataDir, WS, trusted(anchorAt(lines[1]!, 2)))).toMatchObject({
      problem: 'rollback',
      line: 2,
      reason: `entry 2 is not the one anchored${AT(2, 'journal-000002.jsonl')}: the journal was replaced by another copy`,
    });
  });

  it('rewritten entry: entries re-sealed without a MAC since the last proven one, so the anchor differs', async () => {
    const proven = entries(2);
    const resealed = entries(2, { from: 3, prevHash: proven[1]!.hash, keyed: [false, false] });
    await writeJournal(1, [...proven, ...resealed]);
    const anchor: Anchor = { ...anchorAt(resealed[1]!), mac: 'b'.repeat(64) };
    expect(await verifyJournal(dataDir, WS, trusted(anchor))).toEqual({
      status: 'broken',
      ok: false,
      entries: 3,
      problem: 'rewritten-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      seq: 3,
      reason: `entries from seq 3 on have no MAC and the anchored entry 4 is not the one anchored${AT(4)}: they were rewritten`,
    });
    // Without the key nothing is proven: another copy.
    expect(await verifyJournal(dataDir, WS, trusted(anchor, null))).toMatchObject({
      problem: 'rollback',
      line: 4,
      seq: 4,
    });
  });

  it('rollback, not rewritten, when a proven entry follows the ones without a MAC', async () => {
    const lines = entries(3, { keyed: [false, true, true] });
    await writeJournal(1, lines);
    const anchor: Anchor = { ...anchorAt(lines[2]!), mac: 'c'.repeat(64) };
    expect(await verifyJournal(dataDir, WS, trusted(anchor))).toMatchObject({
      problem: 'rollback',
      line: 3,
      seq: 3,
    });
  });

  it('rollback: the anchored file is another copy (another inode)', async () => {
    const lines = entries(3);
    const path = await writeJournal(1, lines);
    const ino = (await stat(path)).ino;
    await copyFile(path, join(dataDir, 'copy'));
    await rename(join(dataDir, 'copy'), path);
    expect((await stat(path)).ino).not.toBe(ino);
    const result = await verifyJournal(dataDir, WS, trusted(anchorAt(lines[2]!, 1, { ino })));
    expect(result).toEqual({
      status: 'broken',
      ok: false,
      entries: 3,
      problem: 'rollback',
      file: 'journal-000001.jsonl',
      line: 0,
      reason: `journal-000001.jsonl is not the file anchored${AT(3)}: another copy was put in its place (the journal ends at seq 3)`,
    });
  });

  it('damaged entry: a rotated file that ends in an incomplete line', async () => {
    const lines = entries(3);
    await writeJournal(1, lines.slice(0, 2), '{"seq":3');
    await writeJournal(2, lines.slice(2));
    expect(await verifyJournal(dataDir, WS, trusted(null))).toEqual({
      status: 'broken',
      ok: false,
      entries: 2,
      problem: 'damaged-entry',
      file: 'journal-000001.jsonl',
      line: 3,
      reason: 'a rotated file ends in an incomplete line',
    });
  });

  it('a last entry without its newline is checked like any other', async () => {
    const lines = entries(3);
    const other = entries(1, { from: 3, prevHash: lines[1]!.hash, workspaceId: 'w2' });
    await writeJournal(1, lines.slice(0, 2), other[0]!.line);
    expect(await verifyJournal(dataDir, WS, trusted(null))).toMatchObject({
      problem: 'forged-entry',
      line: 3,
      seq: 3,
    });
  });
});

describe('describeVerdict and exitCodeOf', () => {
  const broken: VerifyResult = {
    status: 'broken',
    ok: false,
    entries: 0,
    file: 'journal-000001.jsonl',
    line: 0,
    reason: 'r',
  };

  it('names a broken verdict without a problem as a damaged entry, and leaves out line 0', () => {
    expect(describeVerdict(broken)).toBe('broken: damaged entry at journal-000001.jsonl: r');
    expect(describeVerdict({ ...broken, line: 7, problem: 'forged-entry' })).toBe(
      'broken: forged entry at journal-000001.jsonl line 7: r',
    );
    expect(exitCodeOf(broken)).toBe(1);
  });

  it.each<[NonNullable<VerifyResult['problem']>, string]>([
    ['truncated-tail', 'truncated tail'],
    ['missing-file', 'missing file'],
    ['missing-rotated-file', 'missing rotated file'],
    ['rewritten-entry', 'rewritten entry'],
    ['forged-entry', 'forged entry'],
    ['rollback', 'rollback to an older copy'],
    ['damaged-entry', 'damaged entry'],
  ])('words the problem %s as "%s"', (problem, words) => {
    expect(describeVerdict({ ...broken, problem })).toBe(`broken: ${words} at journal-000001.jsonl: r`);
  });

  it('words a partial verdict with nothing listed, and gives it exit code 3', () => {
    const partial: VerifyResult = { status: 'partial', ok: true, entries: 1 };
    expect(describeVerdict(partial)).toBe('partly checked, nothing wrong found in 1 entries; not checked: ');
    expect(exitCodeOf(partial)).toBe(3);
    expect(exitCodeOf({ status: 'ok', ok: true, entries: 0 })).toBe(0);
  });
});
