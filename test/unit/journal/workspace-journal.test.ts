/**
 * One workspace's journal on disk (workspace-journal.ts). It promises: opening it finds where the
 * chain ends (the last seq and seal, the newest file and its size), across rotated files; a torn
 * last write is set aside with its bytes kept, a complete line that only lost its newline is kept;
 * the journal is checked against its anchor, and one that is behind it or is another copy is
 * marked damaged (Journals then refuses appends) until the operator accepts it; unkeyed entries
 * past the anchor are named in the next anchor; lines go out whole, rotating past the size bound;
 * the index lists every readable entry with where it is.
 */
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
  appendFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalKeyring, type Anchor } from '../../../src/main/journal/journal-keyring';
import { JournalDamagedError, Journals } from '../../../src/main/journal/journals';
import { encodeEntry, GENESIS_HASH, sha256Hex } from '../../../src/main/journal/line-format';
import type { JournalEntry, JournalRecord } from '../../../src/main/journal/types';
import { WorkspaceJournal } from '../../../src/main/journal/workspace-journal';
import type { Logger } from '../../../src/main/log/logger';
import { memoryItems, type MemoryItems } from '../../support/fixtures/memory-items';

const WS = 'ws-1';
const T0 = Date.UTC(2026, 0, 1);
const record = (i: number, over: Partial<JournalRecord> = {}): JournalRecord => ({
  step: 'prepared',
  actionId: `act-${i}`,
  action: 'loans.approve',
  workspaceId: WS,
  workspaceName: 'Desk',
  environment: 'production',
  ...over,
});

let dataDir: string;
let dir: string;
let items: MemoryItems;
let keyring: JournalKeyring;
let logged: string[];
const log: Logger = {
  info: () => {},
  warn: (service, m) => logged.push(`warn [${service}] ${m}`),
  error: (service, m) => logged.push(`error [${service}] ${m}`),
};
const opened: WorkspaceJournal[] = [];
/** A fresh WorkspaceJournal over the folder, as a new run of the app would make it. */
function journal(k: JournalKeyring | null = keyring): WorkspaceJournal {
  const j = new WorkspaceJournal(WS, dir, log, k ?? undefined);
  opened.push(j);
  return j;
}
const file = (n: number) => join(dir, `journal-${String(n).padStart(6, '0')}.jsonl`);

/**
 * Appends `n` entries as Journals does: the next seq, chained to the last seal, under the journal
 * key unless `key` says otherwise; entry times count from `time`.
 */
async function append(
  j: WorkspaceJournal,
  n: number,
  options: { key?: Buffer | null; maxFileBytes?: number; time?: number } = {},
): Promise<{ entry: JournalEntry; line: Buffer; at: { file: number; offset: number; length: number } }[]> {
  const key = options.key === undefined ? (await keyring.key()).key : options.key;
  const out = [];
  for (let i = 0; i < n; i++) {
    const chain = await j.ensureChain();
    const { line, entry } = encodeEntry(
      record(chain.lastSeq + 1),
      {
        seq: chain.lastSeq + 1,
        time: new Date((options.time ?? T0) + chain.lastSeq).toISOString(),
        prevHash: chain.lastHash,
      },
      key,
    );
    const at = await j.write(line, entry.seq, entry.hash, options.maxFileBytes ?? 1 << 20);
    out.push({ entry, line, at });
  }
  return out;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workspace-journal-'));
  dir = join(dataDir, 'journal', WS);
  items = memoryItems();
  keyring = new JournalKeyring(items.store, dataDir, { create: true });
  logged = [];
});
afterEach(async () => {
  for (const j of opened.splice(0)) await j.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('opening a journal', () => {
  it('makes a private folder and starts a new chain at the genesis hash, writing no file yet', async () => {
    const j = journal();
    expect(j.damage).toBeNull();
    const chain = await j.ensureChain();
    expect(chain).toEqual({
      lastHash: GENESIS_HASH,
      lastSeq: 0,
      fileIndex: 1,
      size: 0,
      handle: null,
      ino: 0,
      damaged: null,
      acceptedUnkeyed: [],
    });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await readdir(dir)).toEqual([]);
    expect(await j.ensureChain()).toBe(chain);
  });

  it('continues the chain where the last run left it', async () => {
    const written = await append(journal(), 3);
    const last = written[2]!.entry;
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({
      lastHash: last.hash,
      lastSeq: 3,
      fileIndex: 1,
      size: (await stat(file(1))).size,
      damaged: null,
    });
  });

  it('finds the chain’s end in the newest file, or in the one before when the newest is empty', async () => {
    const written = await append(journal(), 3);
    await writeFile(file(2), '');
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({ lastHash: written[2]!.entry.hash, lastSeq: 3, fileIndex: 2, size: 0 });
  });

  it('chains to the bytes of a damaged last line and counts every line, saying so in the log', async () => {
    await append(journal(), 2);
    await writeFile(file(2), 'garbage that is no entry\n');
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({
      lastHash: sha256Hex('garbage that is no entry'),
      lastSeq: 3,
      fileIndex: 2,
      size: 25,
    });
    expect(logged).toEqual([
      `error [journal] the last entry of ${file(2)} is damaged (line is too short to be an entry)`,
    ]);
  });
});

describe('a torn last write', () => {
  it('is set aside in a .torn file with its bytes, the journal cut back to its last entry', async () => {
    const written = await append(journal(), 2);
    const intact = await readFile(file(1));
    await appendFile(file(1), '{"seq":3,"time":"2026-01-01T00:00:00.0');
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({ lastSeq: 2, lastHash: written[1]!.entry.hash, size: intact.length });
    expect(await readFile(file(1))).toEqual(intact);
    const torn = (await readdir(dir)).filter((n) => n.endsWith('.torn'));
    expect(torn).toHaveLength(1);
    expect(torn[0]).toMatch(/^journal-000001\.jsonl\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.torn$/);
    expect(await readFile(join(dir, torn[0]!), 'utf8')).toBe('{"seq":3,"time":"2026-01-01T00:00:00.0');
    expect(logged).toEqual([
      `warn [journal] incomplete last line (38 bytes) of ${file(1)} set aside in ${join(dir, torn[0]!)}`,
    ]);
  });

  it('that is a whole entry lacking only its newline is kept as the last entry', async () => {
    const written = await append(journal(), 2);
    const text = await readFile(file(1), 'utf8');
    await writeFile(file(1), text.slice(0, -1));
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({ lastSeq: 2, lastHash: written[1]!.entry.hash, size: text.length });
    expect(await readFile(file(1), 'utf8')).toBe(text);
    expect((await readdir(dir)).filter((n) => n.endsWith('.torn'))).toEqual([]);
  });

  it('that is a whole line under a MAC the journal key does not match is set aside', async () => {
    const [first] = await append(journal(), 1);
    const forged = encodeEntry(
      record(2),
      { seq: 2, time: new Date(T0).toISOString(), prevHash: first!.entry.hash },
      Buffer.alloc(32, 1),
    );
    await appendFile(file(1), forged.line);
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({ lastSeq: 1, lastHash: first!.entry.hash });
    const torn = (await readdir(dir)).filter((n) => n.endsWith('.torn'));
    expect(torn).toHaveLength(1);
    expect(await readFile(join(dir, torn[0]!))).toEqual(forged.line);
  });

  it('is set aside in an older file too, when the newest file is empty', async () => {
    const written = await append(journal(), 2);
    await appendFile(file(1), '{"seq":3');
    await writeFile(file(2), '');
    const chain = await journal().ensureChain();
    expect(chain).toMatchObject({ lastSeq: 2, lastHash: written[1]!.entry.hash, fileIndex: 2, size: 0 });
    expect((await readdir(dir)).filter((n) => n.endsWith('.torn'))).toHaveLength(1);
  });
});

describe('writing', () => {
  it('appends each line whole with its newline and says where it is', async () => {
    const j = journal();
    const written = await append(j, 2);
    const [a, b] = written;
    expect(a!.at).toEqual({ file: 1, offset: 0, length: a!.line.length });
    expect(b!.at).toEqual({ file: 1, offset: a!.line.length + 1, length: b!.line.length });
    expect(await readFile(file(1))).toEqual(
      Buffer.concat([a!.line, Buffer.from('\n'), b!.line, Buffer.from('\n')]),
    );
    expect(b!.entry.prevHash).toBe(a!.entry.hash);
    expect(await j.ensureChain()).toMatchObject({
      lastSeq: 2,
      lastHash: b!.entry.hash,
      size: a!.line.length + b!.line.length + 2,
      ino: (await stat(file(1))).ino,
    });
    expect(await j.readEntry(b!.at)).toEqual(b!.entry);
    expect((await stat(file(1))).mode & 0o777).toBe(0o600);
  });

  it('rotates to the next file once a line would pass the size bound, never before', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    const lineBytes = first!.line.length + 1;
    // Every line here has the same length: two fit exactly, the third starts file 2.
    const written = await append(j, 3, { maxFileBytes: 2 * lineBytes });
    expect(written.map((w) => [w.at.file, w.at.offset])).toEqual([
      [1, lineBytes],
      [2, 0],
      [2, lineBytes],
    ]);
    expect((await stat(file(1))).size).toBe(2 * lineBytes);
    expect(written[1]!.entry.prevHash).toBe(written[0]!.entry.hash);
    expect(await j.ensureChain()).toMatchObject({ fileIndex: 2, size: 2 * lineBytes, lastSeq: 4 });
    // The chain goes on in the newest file after a restart.
    const again = journal();
    expect(await again.ensureChain()).toMatchObject({
      fileIndex: 2,
      lastSeq: 4,
      lastHash: written[2]!.entry.hash,
    });
    const [next] = await append(again, 1, { maxFileBytes: 3 * lineBytes });
    expect(next!.at).toEqual({ file: 2, offset: 2 * lineBytes, length: next!.line.length });
    expect(next!.entry.prevHash).toBe(written[2]!.entry.hash);
  });

  it('rotates on the first write after a restart when the newest file is already full', async () => {
    const [first, second] = await append(journal(), 2);
    const lineBytes = first!.line.length + 1;
    const again = journal();
    expect(await again.ensureChain()).toMatchObject({ fileIndex: 1, size: 2 * lineBytes, lastSeq: 2 });
    const [next] = await append(again, 1, { maxFileBytes: 2 * lineBytes });
    expect(next!.at).toEqual({ file: 2, offset: 0, length: next!.line.length });
    expect(next!.entry).toMatchObject({ seq: 3, prevHash: second!.entry.hash });
    expect((await stat(file(1))).size).toBe(2 * lineBytes);
  });

  it('starts a new file for a line that would pass the bound by one byte', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    const lineBytes = first!.line.length + 1;
    const [second] = await append(j, 1, { maxFileBytes: 2 * lineBytes - 1 });
    expect(second!.at).toEqual({ file: 2, offset: 0, length: second!.line.length });
  });

  it('starts over from disk after a write that failed', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    const lineBytes = first!.line.length + 1;
    await mkdir(file(2)); // the next file cannot be opened for writing
    await expect(append(j, 1, { maxFileBytes: lineBytes })).rejects.toThrow(/EISDIR/);
    await rm(file(2), { recursive: true });
    const [next] = await append(j, 1, { maxFileBytes: lineBytes });
    expect(next!.entry).toMatchObject({ seq: 2, prevHash: first!.entry.hash });
    // File 1 is full for this bound: the line starts file 2, now that it can be opened.
    expect(next!.at).toEqual({ file: 2, offset: 0, length: next!.line.length });
  });

  it('writes again after close, continuing the chain in the same file', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    await j.close();
    await j.close();
    const [second] = await append(j, 1);
    expect(second!.at).toEqual({ file: 1, offset: first!.line.length + 1, length: second!.line.length });
    expect(second!.entry.prevHash).toBe(first!.entry.hash);
  });

  it('runs serial operations one after another, also after one of them failed', async () => {
    const j = journal();
    const order: string[] = [];
    const slow = j.serial(async () => {
      await new Promise((r) => setImmediate(r));
      order.push('first');
      throw new Error('first failed');
    });
    const second = j.serial(async () => {
      order.push('second');
      return 2;
    });
    await expect(slow).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['first', 'second']);
  });
});

describe('the anchor check at open', () => {
  /** Writes `n` entries and anchors the journal as it is. */
  async function anchored(n: number): Promise<Anchor> {
    const j = journal();
    await append(j, n);
    const anchor = j.anchorOf(await j.ensureChain(), T0);
    await keyring.writeAnchor(WS, anchor);
    return anchor;
  }

  it('accepts a journal that ends at its anchor', async () => {
    await anchored(3);
    const j = journal();
    expect(await j.ensureChain()).toMatchObject({ lastSeq: 3, damaged: null, acceptedUnkeyed: [] });
    expect(j.damage).toBeNull();
    expect(logged).toEqual([]);
  });

  it('marks a journal behind its anchor damaged, naming the removed entries', async () => {
    await anchored(3);
    const lines = (await readFile(file(1), 'utf8')).split('\n');
    await writeFile(file(1), lines.slice(0, 1).join('\n') + '\n');
    const j = journal();
    const damaged =
      'The journal of this workspace ends at entry 1, but its anchor (2026-01-01T00:00:00.000Z) says 3: ' +
      'entries 2–3 were removed. An action among them may have been sent without the console knowing its ' +
      'outcome, so nothing more is sent from this workspace. Run `npm run journal -- verify`, check the ' +
      'platform, then `npm run journal -- accept` for this workspace.';
    expect((await j.ensureChain()).damaged).toBe(damaged);
    expect(j.damage).toBe(damaged);
    expect(logged).toEqual([`error [journal] workspace ${WS}: ${damaged}`]);
  });

  it('says when the journal’s files are gone', async () => {
    await anchored(2);
    await rm(dir, { recursive: true });
    expect(await journal().ensureChain()).toMatchObject({
      lastSeq: 0,
      damaged: expect.stringContaining(
        'ends at entry 0, but its anchor (2026-01-01T00:00:00.000Z) says 2: entries 1–2 were removed (its files are gone). An action',
      ),
    });
  });

  it('marks a journal whose anchored entry is another damaged: another copy was put in its place', async () => {
    await anchored(2);
    await rm(dir, { recursive: true });
    await append(journal(), 2, { time: T0 + 3_600_000 }); // the same seqs, other entries
    logged = [];
    const damaged =
      "Entry 2 of this workspace's journal is not the one anchored at 2026-01-01T00:00:00.000Z: the journal was replaced by another copy. " +
      'Nothing more is sent from this workspace. Run `npm run journal -- verify`, check the platform, then `npm run journal -- accept`.';
    const j = journal();
    expect(await j.ensureChain()).toMatchObject({ lastSeq: 2, damaged });
    expect(logged).toEqual([`error [journal] workspace ${WS}: ${damaged}`]);
  });

  it('finds the anchored entry past which later entries were written, in the anchored file and after', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    const lineBytes = first!.line.length + 1;
    await append(j, 2, { maxFileBytes: 2 * lineBytes }); // seq 2 in file 1, seq 3 in file 2
    const anchor = j.anchorOf(await j.ensureChain(), T0);
    await keyring.writeAnchor(WS, anchor);
    await append(j, 3, { maxFileBytes: 2 * lineBytes }); // seq 4 in file 2, 5–6 in file 3
    expect(anchor).toMatchObject({ seq: 3, file: 2 });
    const again = journal();
    expect(await again.ensureChain()).toMatchObject({
      lastSeq: 6,
      fileIndex: 3,
      damaged: null,
      acceptedUnkeyed: [],
    });
    expect(logged).toEqual([]);
  });

  it('marks it damaged when the entry at the anchored seq past which it goes on is another', async () => {
    await anchored(2);
    await rm(dir, { recursive: true });
    await append(journal(), 4, { time: T0 + 3_600_000 });
    const chain = await journal().ensureChain();
    expect(chain.damaged).toMatch(/^Entry 2 of this workspace's journal is not the one anchored at /);
  });

  it('takes on unkeyed entries past the anchor, naming their range and saying so', async () => {
    await anchored(2);
    const j = journal();
    await append(j, 2, { key: null });
    await j.close();
    const again = journal();
    expect(await again.ensureChain()).toMatchObject({ lastSeq: 4, damaged: null, acceptedUnkeyed: [[3, 4]] });
    expect(logged).toEqual([
      `warn [journal] workspace ${WS}: 2 entries past the anchor have no MAC (written while the journal key was unavailable, or forged); verify will name them`,
    ]);
    // The next anchor names them, beside the ranges taken on before.
    const anchor = again.anchorOf(await again.ensureChain(), T0);
    expect(anchor.acceptedUnkeyed).toEqual([[3, 4]]);
    await keyring.writeAnchor(WS, anchor);
    await append(again, 1, { key: null });
    await again.close();
    expect(await journal().ensureChain()).toMatchObject({
      acceptedUnkeyed: [
        [3, 4],
        [5, 5],
      ],
    });
  });

  it('skips a damaged line past the anchor and counts only the unkeyed entries', async () => {
    await anchored(1);
    const j = journal();
    await append(j, 1);
    await j.close();
    await appendFile(file(1), 'not an entry\n');
    await append(j, 1, { key: null }); // seq 4: the damaged line counts as entry 3
    await j.close();
    expect(await journal().ensureChain()).toMatchObject({
      lastSeq: 4,
      damaged: null,
      acceptedUnkeyed: [[4, 4]],
    });
  });

  it('cannot tell unkeyed entries apart without the key, and names none', async () => {
    await anchored(2);
    const j = journal();
    await append(j, 2, { key: null });
    await j.close();
    const locked = memoryItems();
    const withoutKey = new JournalKeyring(locked.store, dataDir);
    await withoutKey.writeAnchor(WS, (await keyring.anchors()).anchors!.workspaces[WS]!);
    expect(await journal(withoutKey).ensureChain()).toMatchObject({
      lastSeq: 4,
      damaged: null,
      acceptedUnkeyed: [],
    });
    expect(logged).toEqual([]);
  });

  it('checks nothing when there is no anchor for the workspace, or no key home at all', async () => {
    await append(journal(), 2);
    expect(await journal().ensureChain()).toMatchObject({ lastSeq: 2, damaged: null });
    await keyring.writeAnchor(WS, { seq: 9, mac: GENESIS_HASH, file: 1, bytes: 0, time: 'then' });
    expect(await journal(null).ensureChain()).toMatchObject({ lastSeq: 2, damaged: null });
  });

  it('opens unchecked when the anchors cannot be read now', async () => {
    await anchored(2);
    await truncate(file(1), 0);
    const locked = memoryItems();
    locked.items.set(keyring.anchorsName, items.items.get(keyring.anchorsName)!);
    locked.setAvailable(false);
    const j = journal(new JournalKeyring(locked.store, dataDir));
    expect(await j.ensureChain()).toMatchObject({ lastSeq: 0, damaged: null });
  });

  it('opens, sets aside and marks damage without a logger too', async () => {
    const quiet = (k: JournalKeyring | null = keyring) => {
      const j = new WorkspaceJournal(WS, dir, undefined, k ?? undefined);
      opened.push(j);
      return j;
    };
    await anchored(2);
    await append(quiet(), 1, { key: null });
    await appendFile(file(1), '{"seq":');
    expect(await quiet().ensureChain()).toMatchObject({
      lastSeq: 3,
      damaged: null,
      acceptedUnkeyed: [[3, 3]],
    });
    await appendFile(file(1), 'not an entry\n');
    expect(await quiet().ensureChain()).toMatchObject({ lastSeq: 4, damaged: null });
    await keyring.writeAnchor(WS, { seq: 3, mac: GENESIS_HASH, file: 1, bytes: 0, time: 'then' });
    expect(await quiet().ensureChain()).toMatchObject({ damaged: expect.stringContaining('Entry 3') });
    await keyring.writeAnchor(WS, { seq: 9, mac: GENESIS_HASH, file: 1, bytes: 0, time: 'then' });
    expect(await quiet().ensureChain()).toMatchObject({
      damaged: expect.stringContaining('ends at entry 4'),
    });
    // Without a key home, accept still anchors the chain as it is (there is nowhere to store it).
    expect(await quiet(null).accept(T0)).toMatchObject({ seq: 4, file: 1 });
    expect(logged).toEqual([]);
  });

  it('refuses appends through Journals, until the operator accepts the journal as it is', async () => {
    const journals = await Journals.open({ dataDir, keyring, now: () => T0 });
    await journals.append(record(1));
    await journals.append(record(2, { step: 'sent' }));
    await journals.close();
    const lines = (await readFile(file(1), 'utf8')).split('\n');
    await writeFile(file(1), lines[0] + '\n');
    const again = await Journals.open({ dataDir, keyring, now: () => T0 + 60_000 });
    await expect(again.append(record(3))).rejects.toBeInstanceOf(JournalDamagedError);
    await expect(again.append(record(3))).rejects.toThrow(/ends at entry 1, but its anchor .* says 2/);
    expect(await again.accept(WS)).toMatchObject({ seq: 1, file: 1, time: '2026-01-01T00:01:00.000Z' });
    expect(await again.damage(WS)).toBeNull();
    expect((await again.append(record(3))).seq).toBe(2);
    await again.close();
  });
});

describe('accept and anchorOf', () => {
  it('anchors the journal as found, clearing the damage mark', async () => {
    const j = journal();
    await append(j, 3);
    await keyring.writeAnchor(WS, j.anchorOf(await j.ensureChain(), T0));
    await truncate(file(1), 0);
    const damaged = journal();
    expect(await damaged.ensureChain()).toMatchObject({
      damaged: expect.stringContaining('ends at entry 0'),
    });
    const anchor = await damaged.accept(T0 + 1000);
    expect(anchor).toEqual({
      seq: 0,
      mac: GENESIS_HASH,
      file: 1,
      bytes: 0,
      time: '2026-01-01T00:00:01.000Z',
    });
    expect(damaged.damage).toBeNull();
    expect((await keyring.anchors()).anchors!.workspaces[WS]).toEqual(anchor);
  });

  it('describes the chain with its inode once written, and its accepted ranges when there are any', async () => {
    const j = journal();
    const written = await append(j, 2);
    const chain = await j.ensureChain();
    expect(j.anchorOf(chain, T0)).toEqual({
      seq: 2,
      mac: written[1]!.entry.hash,
      file: 1,
      bytes: (await stat(file(1))).size,
      ino: (await stat(file(1))).ino,
      time: '2026-01-01T00:00:00.000Z',
    });
    expect(j.anchorOf({ ...chain, ino: 0, acceptedUnkeyed: [[1, 2]] }, T0)).toEqual({
      seq: 2,
      mac: written[1]!.entry.hash,
      file: 1,
      bytes: (await stat(file(1))).size,
      time: '2026-01-01T00:00:00.000Z',
      acceptedUnkeyed: [[1, 2]],
    });
  });
});

describe('the index', () => {
  it('lists every readable entry of every file with where it is, leaving out unreadable lines', async () => {
    const j = journal();
    const [first] = await append(j, 1);
    const lineBytes = first!.line.length + 1;
    const written = [first!, ...(await append(j, 2, { maxFileBytes: lineBytes }))];
    await j.close();
    await appendFile(file(2), '42\nnull\n{"seq":\n');
    const reopened = journal();
    expect(reopened.loadedIndex).toBeNull();
    const index = await reopened.ensureIndex();
    expect(reopened.loadedIndex).toBe(index);
    expect(await reopened.ensureIndex()).toBe(index);
    expect(index.size).toBe(3);
    for (const w of written) expect(index.locate(w.entry.seq)).toEqual(w.at);
    expect(index.query({}).rows.map((r) => [r.seq, r.actionId, r.step, r.environment])).toEqual([
      [3, 'act-3', 'prepared', 'production'],
      [2, 'act-2', 'prepared', 'production'],
      [1, 'act-1', 'prepared', 'production'],
    ]);
  });

  it('reads the fields before a detail only, and an entry without a detail whole', async () => {
    const j = journal();
    const key = (await keyring.key()).key;
    const plain = encodeEntry(
      record(1, { step: 'sent' }),
      { seq: 1, time: 't1', prevHash: GENESIS_HASH },
      key,
    );
    await j.write(plain.line, 1, plain.entry.hash, 1 << 20);
    const detailed = encodeEntry(
      record(2, { step: 'outcome', outcome: 'unknown', object: 'loan L2', detail: { note: '},"seq":99' } }),
      { seq: 2, time: 't2', prevHash: plain.entry.hash },
      key,
    );
    await j.write(detailed.line, 2, detailed.entry.hash, 1 << 20);
    const index = await journal().ensureIndex();
    expect(index.query({}).rows).toEqual([
      expect.objectContaining({
        seq: 2,
        step: 'outcome',
        outcome: 'unknown',
        object: 'loan L2',
        unsettled: true,
      }),
      expect.objectContaining({ seq: 1, step: 'sent', outcome: null, object: null, unsettled: true }),
    ]);
    expect(await j.readEntry({ file: 1, offset: 0, length: 10 })).toBeNull();
  });
});
