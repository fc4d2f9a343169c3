/**
 * The journals of every workspace (journals.ts) promise: an entry is on disk before `append`
 * resolves; a record holding a secret (the caller's, the known ones, 4 characters or more) is
 * refused with nothing written; "sent" is anchored at once and every other step within a second,
 * once per workspace, a failed anchor write being a warning only; a journal behind its anchor is
 * reported by `damage()` and refuses appends until accepted; `verify` is told why there is no key
 * or no anchor; `warm()` and the queries across workspaces skip folders that are not workspaces;
 * `close()` anchors what is pending and leaves no file open.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Journals,
  JournalDamagedError,
  JournalInputError,
  JournalSecretError,
  type JournalRecord,
} from '../../../src/main/journal/journals';
import { JournalKeyring, type JournalKeyringLike } from '../../../src/main/journal/journal-keyring';
import { verifyJournal } from '../../../src/main/journal/verify';
import { memoryItems } from '../../support/fixtures/memory-items';
import type { Logger } from '../../../src/main/log/logger';

const WS = 'ws-1';
const record = (over: Partial<JournalRecord> = {}): JournalRecord => ({
  step: 'prepared',
  actionId: 'act-1',
  action: 'loans.approve',
  workspaceId: WS,
  workspaceName: 'Desk',
  environment: 'production',
  keyId: 'key-id-1',
  object: 'loan L1',
  ...over,
});

let dataDir: string;
let journals: Journals | null = null;
let clock = Date.UTC(2026, 0, 1);
const now = () => clock++;

let keyring: JournalKeyring;
async function openJournals(extra: Partial<Parameters<typeof Journals.open>[0]> = {}) {
  journals = await Journals.open({ dataDir, now, keyring, ...extra });
  return journals;
}
/** verify as the app runs it: with the journal key and this workspace's anchor. */
async function verifyNow() {
  const j = await Journals.open({ dataDir, keyring });
  return verifyJournal(dataDir, WS, await j.trust(WS));
}
const wsDir = () => join(dataDir, 'journal', WS);
async function journalFiles(): Promise<string[]> {
  return (await readdir(wsDir())).filter((n) => n.endsWith('.jsonl')).sort();
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-test-'));
  keyring = new JournalKeyring(memoryItems().store, dataDir, { create: true });
});
afterEach(async () => {
  vi.useRealTimers();
  await journals?.close();
  journals = null;
  await rm(dataDir, { recursive: true, force: true });
});

describe('Journals.append', () => {
  it('writes one chained line per entry and continues the chain after a reopen', async () => {
    const j = await openJournals();
    const a = await j.append(record());
    const b = await j.append(record({ step: 'sent' }));
    expect(a.seq).toBe(1);
    expect(a.prevHash).toBe('0'.repeat(64));
    expect(b.prevHash).toBe(a.hash);
    await j.close();

    const again = await openJournals();
    const c = await again.append(record({ step: 'outcome', outcome: 'done' }));
    expect(c.seq).toBe(3);
    expect(c.prevHash).toBe(b.hash);
    const lines = (await readFile(join(wsDir(), 'journal-000001.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { step: string }).step)).toEqual([
      'prepared',
      'sent',
      'outcome',
    ]);
    expect(await again.verify(WS)).toMatchObject({ status: 'ok', entries: 3 });
  });

  it('never interleaves concurrent appends', async () => {
    const j = await openJournals();
    const big = 'x'.repeat(4000);
    await Promise.all(
      Array.from({ length: 150 }, (_, i) => j.append(record({ actionId: `a${i}`, detail: { big } }))),
    );
    await j.close(); // anchors what is past the last "sent" (it would be within a second)
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 150 });
  });

  it('rotates past maxFileBytes, chaining the new file to the last hash of the previous one', async () => {
    const j = await openJournals({ maxFileBytes: 2048 });
    const entries = [];
    for (let i = 0; i < 20; i++) entries.push(await j.append(record({ actionId: `a${i}` })));
    const files = await journalFiles();
    expect(files.length).toBeGreaterThan(2);
    const second = (await readFile(join(wsDir(), files[1]!), 'utf8')).split('\n')[0]!;
    const first = (await readFile(join(wsDir(), files[0]!), 'utf8')).trimEnd().split('\n');
    const lastOfFirst = JSON.parse(first.at(-1)!) as { mac: string };
    expect((JSON.parse(second) as { prevHash: string }).prevHash).toBe(lastOfFirst.mac);
    await j.close(); // anchors what is past the last "sent" (it would be within a second)
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 20 });
    // Nothing is deleted: every entry is still in some file.
    const all = (await Promise.all(files.map((f) => readFile(join(wsDir(), f), 'utf8')))).join('');
    expect(all.trimEnd().split('\n')).toHaveLength(20);
  });

  it('trims a large detail and says so', async () => {
    const j = await openJournals();
    const e = await j.append(record({ detail: { answer: 'y'.repeat(100_000) } }));
    expect(e.detail).toMatchObject({ trimmed: true, originalBytes: 100_013 });
    expect(JSON.stringify(e.detail).length).toBeLessThan(17_000);
  });

  it('refuses bad input with a message that says what to fix', async () => {
    const j = await openJournals();
    await expect(j.append(record({ step: 'sideways' as never }))).rejects.toThrow(/step: must be one of/);
    await expect(j.append(record({ workspaceId: '../etc' }))).rejects.toBeInstanceOf(JournalInputError);
    await expect(j.append(record({ step: 'outcome' }))).rejects.toThrow(/outcome/);
    await expect(j.append(record({ detail: { n: 1n } }))).rejects.toThrow(/detail: must be plain JSON/);
  });
});

describe('secrets', () => {
  const MARKER = 'marker-secret-7f3a9c51e2';

  it('refuses a record that carries a value the caller marks as secret, writing nothing', async () => {
    const j = await openJournals({ knownSecrets: () => ['vault pass "phrase"'] });
    await j.append(record());
    await expect(
      j.append(record({ detail: { headers: { x: `prefix ${MARKER}` } } }), { secrets: [MARKER] }),
    ).rejects.toBeInstanceOf(JournalSecretError);
    await expect(j.append(record({ object: MARKER }), { secrets: [MARKER] })).rejects.toThrow(/secret/);
    // Stored escaped in JSON; still caught.
    await expect(j.append(record({ detail: { p: 'vault pass "phrase"' } }))).rejects.toBeInstanceOf(
      JournalSecretError,
    );
    const text = await readFile(join(wsDir(), 'journal-000001.jsonl'), 'utf8');
    expect(text).not.toContain(MARKER);
    expect(text).not.toContain('phrase');
    await j.close(); // anchors what is past the last "sent" (it would be within a second)
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 1 });
  });
});

describe('verify', () => {
  it('fails at the exact entry when any one byte of any entry is edited', async () => {
    const j = await openJournals({ maxFileBytes: 1500 });
    for (let i = 0; i < 12; i++) await j.append(record({ actionId: `a${i}`, detail: { i: String(i) } }));
    await j.close();
    const files = await journalFiles();
    expect(files.length).toBeGreaterThan(1);
    let checked = 0;
    for (const file of files) {
      const path = join(wsDir(), file);
      const original = await readFile(path);
      const starts = [0];
      for (let i = 0; i < original.length - 1; i++) if (original[i] === 0x0a) starts.push(i + 1);
      for (const [lineIdx, start] of starts.entries()) {
        const end = original.indexOf(0x0a, start);
        // First, middle and last byte of each line, and one in the hash.
        for (const pos of [start, Math.floor((start + end) / 2), end - 1, end - 10]) {
          const edited = Buffer.from(original);
          edited[pos] = edited[pos] === 0x31 ? 0x32 : 0x31;
          await writeFile(path, edited);
          const result = await verifyNow();
          expect(result, `${file} line ${lineIdx + 1} byte ${pos - start}`).toMatchObject({
            ok: false,
            file,
            line: lineIdx + 1,
          });
          checked++;
        }
      }
      await writeFile(path, original);
    }
    expect(checked).toBe(48);
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 12 });
  });

  it('notices a removed entry and a re-hashed edit at the next entry', async () => {
    const j = await openJournals();
    for (let i = 0; i < 4; i++) await j.append(record({ actionId: `a${i}` }));
    await j.close();
    const path = join(wsDir(), 'journal-000001.jsonl');
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    await writeFile(path, [lines[0], lines[2], lines[3]].join('\n') + '\n');
    expect(await verifyNow()).toMatchObject({ ok: false, line: 2, entries: 1 });
  });
});

describe('torn last line', () => {
  it('is detected, set aside in a .torn file with a log line, and the journal stays appendable', async () => {
    const j = await openJournals();
    await j.append(record());
    await j.append(record({ step: 'sent' }));
    await j.close();
    const path = join(wsDir(), 'journal-000001.jsonl');
    await appendFile(path, '{"seq":3,"time":"2026-01-01T00:00:00.0');
    expect(await verifyNow()).toMatchObject({ ok: true, entries: 2, tornTail: { bytes: 38 } });

    const warnings: string[] = [];
    const log: Logger = { info: () => {}, warn: (_s, m) => warnings.push(m), error: () => {} };
    const again = await openJournals({ log });
    const next = await again.append(record({ step: 'outcome', outcome: 'unknown' }));
    expect(next.seq).toBe(3);
    const torn = (await readdir(wsDir())).filter((n) => n.endsWith('.torn'));
    expect(torn).toHaveLength(1);
    expect(await readFile(join(wsDir(), torn[0]!), 'utf8')).toBe('{"seq":3,"time":"2026-01-01T00:00:00.0');
    expect(warnings.join('\n')).toMatch(/incomplete last line \(38 bytes\)/);
    expect(await again.verify(WS)).toMatchObject({ status: 'ok', entries: 3 });
  });
});

describe('unsettled and query', () => {
  it('lists actions whose last outcome is unknown until settled, across a restart', async () => {
    const j = await openJournals();
    await j.append(record({ actionId: 'A', step: 'outcome', outcome: 'unknown' }));
    await j.append(record({ actionId: 'B', step: 'outcome', outcome: 'done' }));
    await j.append(record({ actionId: 'C', step: 'outcome', outcome: 'unknown' }));
    await j.append(record({ actionId: 'C', step: 'settled', outcome: 'done' }));
    expect((await j.unsettled(WS)).map((e) => e.actionId)).toEqual(['A']);
    await j.close();

    const again = await openJournals();
    expect((await again.unsettled()).map((e) => [e.actionId, e.step, e.outcome])).toEqual([
      ['A', 'outcome', 'unknown'],
    ]);
    const page = await again.query(WS, {});
    expect(page.unsettledActions).toBe(1);
    expect(page.rows[0]).toMatchObject({ actionId: 'A', unsettled: true });
    expect(page.rows.slice(1).map((r) => r.seq)).toEqual([4, 3, 2]);
    await again.append(record({ actionId: 'A', step: 'settled', outcome: 'not-done' }));
    expect(await again.unsettled(WS)).toEqual([]);
  });

  it('lists an action that was sent and has no outcome (write-ahead), until an outcome or settled', async () => {
    const j = await openJournals();
    await j.append(record({ actionId: 'S', step: 'prepared' }));
    await j.append(record({ actionId: 'S', step: 'sent' }));
    await j.append(record({ actionId: 'P', step: 'prepared' })); // never sent: not listed
    await j.append(record({ actionId: 'D', step: 'sent' }));
    await j.append(record({ actionId: 'D', step: 'outcome', outcome: 'done' }));
    await j.close();
    const again = await openJournals();
    expect((await again.unsettled(WS)).map((e) => [e.actionId, e.step])).toEqual([['S', 'sent']]);
    await again.append(record({ actionId: 'S', step: 'settled', outcome: 'not-done' }));
    expect(await again.unsettled(WS)).toEqual([]);
  });

  it('takes a complete last line that lost only its newline as an entry, not a torn write', async () => {
    const j = await openJournals();
    await j.append(record({ actionId: 'U', step: 'sent' }));
    await j.append(record({ actionId: 'U', step: 'outcome', outcome: 'unknown' }));
    await j.close();
    const path = join(wsDir(), 'journal-000001.jsonl');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.slice(0, -1));
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 2 });
    const again = await openJournals();
    expect((await again.unsettled(WS)).map((e) => [e.actionId, e.outcome])).toEqual([['U', 'unknown']]);
    expect((await readdir(wsDir())).filter((n) => n.endsWith('.torn'))).toEqual([]);
    await again.append(record({ actionId: 'V' }));
    expect(await verifyNow()).toMatchObject({ status: 'ok', entries: 3 });
  });

  it('filters by action, outcome, time and id, pages, and returns a full entry by seq', async () => {
    const j = await openJournals();
    for (let i = 0; i < 30; i++)
      await j.append(
        record({
          actionId: `id-${i}`,
          action: i % 2 ? 'loans.approve' : 'exchange.submit',
          step: 'outcome',
          outcome: i % 3 ? 'done' : 'refused',
          detail: { i },
        }),
      );
    expect((await j.query(WS, { action: 'exchange.submit' })).total).toBe(15);
    expect((await j.query(WS, { outcome: 'refused' })).total).toBe(10);
    expect((await j.query(WS, { search: 'ID-29' })).rows.map((r) => r.seq)).toEqual([30]);
    const all = await j.query(WS, { limit: 10, offset: 10 });
    expect(all).toMatchObject({ total: 30, offset: 10, actions: ['exchange.submit', 'loans.approve'] });
    expect(all.rows.map((r) => r.seq)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    const t5 = all.rows.find((r) => r.seq === 15)!.time;
    expect((await j.query(WS, { from: t5 })).total).toBe(16);
    expect((await j.query(WS, { to: t5 })).total).toBe(15);
    expect(await j.entry(WS, 7)).toMatchObject({ seq: 7, actionId: 'id-6', detail: { i: 6 } });
    expect(await j.entry(WS, 99)).toBeNull();
  });
});

/** A key home that records the anchors written to it (workspace and seq), then stores them. */
function recordingKeyring(inner: JournalKeyringLike = keyring) {
  const writes: [string, number][] = [];
  const like: JournalKeyringLike = {
    key: () => inner.key(),
    anchors: () => inner.anchors(),
    writeAnchor: async (id, anchor) => {
      writes.push([id, anchor.seq]);
      await inner.writeAnchor(id, anchor);
    },
  };
  return { like, writes };
}

/** A logger that keeps its warnings and errors as [service, message, error]. */
function recordingLog() {
  const warnings: [string, string][] = [];
  const errors: [string, string, unknown][] = [];
  const log: Logger = {
    info: () => {},
    warn: (service, message) => void warnings.push([service, message]),
    error: (service, message, error) => void errors.push([service, message, error]),
  };
  return { log, warnings, errors };
}

/** The files this process has open (Linux). */
const openFiles = async () => (await readdir('/proc/self/fd')).length;

describe('Journals.open', () => {
  it('stamps each entry with the time of the clock it is given', async () => {
    const j = await openJournals({ now: () => Date.UTC(2026, 4, 6, 7, 8, 9, 10) });
    expect((await j.append(record())).time).toBe('2026-05-06T07:08:09.010Z');
  });

  it('refuses a maxFileBytes that is not an integer of at least 1024, and takes 1024', async () => {
    for (const maxFileBytes of [1023, 2048.5, 0]) {
      const opening = Journals.open({ dataDir, maxFileBytes });
      await expect(opening).rejects.toBeInstanceOf(RangeError);
      await expect(opening).rejects.toThrow('maxFileBytes must be an integer of at least 1024');
    }
    const j = await openJournals({ maxFileBytes: 1024 });
    expect((await j.append(record())).seq).toBe(1);
  });

  it('makes the journal folder, private to the user, in a data folder that does not exist yet', async () => {
    const fresh = join(dataDir, 'fresh');
    await Journals.open({ dataDir: fresh });
    const info = await stat(join(fresh, 'journal'));
    expect(info.isDirectory()).toBe(true);
    expect(info.mode & 0o777).toBe(0o700);
  });
});

describe('which workspace', () => {
  it('refuses a workspace id that is not a safe folder name, with the message that says so', async () => {
    const j = await openJournals();
    const message = 'workspaceId: must be letters, digits, "-" or "_" (at most 128).';
    await expect(j.query('../etc', {})).rejects.toThrow(message);
    await expect(j.damage('.hidden')).rejects.toBeInstanceOf(JournalInputError);
    await expect(j.verify('a b')).rejects.toThrow(message);
  });
});

describe('the anchor', () => {
  it('is written before append resolves for "sent", and once within a second per workspace for other steps', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { like, writes } = recordingKeyring();
    const j = await openJournals({ keyring: like });
    await j.append(record());
    await j.append(record({ actionId: 'a2', step: 'confirmed' }));
    await j.append(record({ workspaceId: 'ws-2' }));
    expect(writes).toEqual([]);

    await vi.advanceTimersByTimeAsync(999);
    await j.damage(WS); // waits for whatever the workspaces' queues hold
    await j.damage('ws-2');
    expect(writes).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await j.damage(WS);
    await j.damage('ws-2');
    expect(writes.sort()).toEqual([
      ['ws-1', 2],
      ['ws-2', 1],
    ]);

    writes.length = 0;
    await j.append(record({ step: 'sent' }));
    expect(writes).toEqual([['ws-1', 3]]);
    await vi.advanceTimersByTimeAsync(5_000);
    await j.damage(WS);
    expect(writes).toEqual([['ws-1', 3]]);
    expect((await keyring.anchors()).anchors?.workspaces[WS]).toMatchObject({ seq: 3 });
  });

  it('is written by close() for what is pending, and not again after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { like, writes } = recordingKeyring();
    const j = await openJournals({ keyring: like });
    await j.append(record());
    await j.append(record({ workspaceId: 'ws-2' }));
    await j.append(record({ workspaceId: 'ws-2', step: 'confirmed' }));
    await j.close();
    expect(writes.sort()).toEqual([
      ['ws-1', 1],
      ['ws-2', 2],
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes).toHaveLength(2);
  });

  it('that cannot be written is logged as a warning, and the entry still stands', async () => {
    const { log, warnings } = recordingLog();
    const failing: JournalKeyringLike = {
      key: () => keyring.key(),
      anchors: () => keyring.anchors(),
      writeAnchor: () => Promise.reject(new Error('the keychain is locked')),
    };
    const j = await openJournals({ keyring: failing, log });
    const sent = await j.append(record({ step: 'sent' }));
    expect(sent.seq).toBe(1);
    expect(warnings).toEqual([
      ['journal', 'could not write the journal anchor of workspace ws-1: the keychain is locked'],
    ]);
    expect((await j.query(WS)).total).toBe(1);
  });

  it('that cannot be written does not fail the append either when there is no logger', async () => {
    const failing: JournalKeyringLike = {
      key: () => keyring.key(),
      anchors: () => keyring.anchors(),
      writeAnchor: () => Promise.reject(new Error('the keychain is locked')),
    };
    const j = await openJournals({ keyring: failing, log: undefined });
    expect((await j.append(record({ step: 'sent' }))).seq).toBe(1);
  });

  it('is not written, and nothing is logged, by a journal without a key home', async () => {
    const { log, warnings, errors } = recordingLog();
    const j = await openJournals({ keyring: undefined, log });
    await j.append(record());
    await j.append(record({ step: 'sent' }));
    await j.close();
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a journal cut while it is open', () => {
  /**
   * Appends a large "prepared" entry (its anchor pending), removes the workspace's folder, and
   * makes the next append fail on rotation, so that the journal is read from disk again.
   */
  async function cutWhilePending(j: Journals, restore: string | null) {
    await j.append(record({ actionId: 'big', detail: { pad: 'x'.repeat(1100) } }));
    await rm(wsDir(), { recursive: true, force: true });
    await expect(j.append(record({ actionId: 'next' }))).rejects.toMatchObject({ code: 'ENOENT' });
    if (restore !== null) {
      await mkdir(wsDir(), { recursive: true });
      await writeFile(join(wsDir(), 'journal-000001.jsonl'), restore);
    }
    await vi.advanceTimersByTimeAsync(1_000);
  }

  it('is not anchored as empty by the pending anchor', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { like, writes } = recordingKeyring();
    const j = await openJournals({ keyring: like, maxFileBytes: 1024 });
    await cutWhilePending(j, null);
    expect(await j.damage(WS)).toBeNull();
    expect(writes).toEqual([]);
  });

  it('is not re-anchored by the pending anchor once it is found behind its anchor', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { like, writes } = recordingKeyring();
    const j = await openJournals({ keyring: like, maxFileBytes: 1024 });
    await j.append(record());
    await j.append(record({ step: 'sent' }));
    const first = (await readFile(join(wsDir(), 'journal-000001.jsonl'), 'utf8')).split('\n')[0]!;
    await cutWhilePending(j, first + '\n');
    expect(await j.damage(WS)).toMatch(
      /^The journal of this workspace ends at entry 1, but its anchor \(.*\) says 2: /,
    );
    expect(writes).toEqual([['ws-1', 2]]);
    expect(await (await Journals.open({ dataDir, keyring })).damage(WS)).toMatch(
      /ends at entry 1, .* says 2/,
    );
  });
});

describe('damage and accept', () => {
  /** Two entries, "sent" anchored, then the second cut from the file. */
  async function damagedJournal() {
    const j = await openJournals();
    await j.append(record());
    await j.append(record({ step: 'sent' }));
    await j.close();
    const path = join(wsDir(), 'journal-000001.jsonl');
    const [first] = (await readFile(path, 'utf8')).split('\n');
    await writeFile(path, first + '\n');
    const anchor = (await keyring.anchors()).anchors!.workspaces[WS]!;
    return {
      path,
      message:
        `The journal of this workspace ends at entry 1, but its anchor (${anchor.time}) says 2: ` +
        'entries 2–2 were removed. An action among them may have been sent without the console knowing ' +
        'its outcome, so nothing more is sent from this workspace. Run `npm run journal -- verify`, ' +
        'check the platform, then `npm run journal -- accept` for this workspace.',
    };
  }

  it('damage() says why a journal behind its anchor refuses appends, and null for an intact one', async () => {
    const { message } = await damagedJournal();
    const j = await openJournals();
    expect(await j.damage(WS)).toBe(message);
    expect(await j.damage('ws-2')).toBeNull();
  });

  it('refuses an append to a damaged journal with JournalDamagedError, writing nothing', async () => {
    const { message, path } = await damagedJournal();
    const before = await readFile(path, 'utf8');
    const j = await openJournals();
    const appending = j.append(record({ step: 'outcome', outcome: 'done' }));
    await expect(appending).rejects.toBeInstanceOf(JournalDamagedError);
    await expect(appending).rejects.toMatchObject({ name: 'JournalDamagedError', message });
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('accept() anchors the journal as it is, and appends go on from there', async () => {
    await damagedJournal();
    const j = await openJournals();
    expect(await j.accept(WS)).toMatchObject({ seq: 1, file: 1 });
    expect(await j.damage(WS)).toBeNull();
    expect((await j.append(record({ step: 'outcome', outcome: 'done' }))).seq).toBe(2);
    expect((await keyring.anchors()).anchors?.workspaces[WS]).toMatchObject({ seq: 1 });
  });
});

describe('verify trust', () => {
  it('says there is no key and no key home when the journal has no key home', async () => {
    const j = await openJournals({ keyring: undefined });
    expect(await j.trust(WS)).toStrictEqual({
      key: null,
      keyWhy: 'this journal has no key configured',
      anchor: null,
      anchorsWhy: 'no key home',
    });
  });

  it('gives the key and the workspace anchor, and no reasons, when both are there', async () => {
    const j = await openJournals();
    await j.append(record({ step: 'sent' }));
    expect(await j.trust(WS)).toStrictEqual({
      key: expect.any(Buffer),
      anchor: expect.objectContaining({ seq: 1, file: 1 }),
    });
    expect(await j.trust('ws-2')).toStrictEqual({ key: expect.any(Buffer), anchor: null });
  });

  it('says why, when the key home does not answer', async () => {
    const items = memoryItems();
    items.setAvailable(false);
    const j = await openJournals({ keyring: new JournalKeyring(items.store, dataDir) });
    expect(await j.trust(WS)).toStrictEqual({
      key: null,
      keyWhy: 'the vault is locked (test)',
      anchor: null,
      anchorsWhy: 'the vault is locked (test)',
    });
  });
});

describe('secrets, by length', () => {
  it('refuses secrets of four characters or more, read at every append, and ignores shorter values', async () => {
    const known: unknown[] = ['k3y', '', null];
    const j = await openJournals({ knownSecrets: () => known as string[] });
    expect((await j.append(record({ object: 'loan k3y' }), { secrets: ['L1', ''] })).seq).toBe(1);
    await expect(j.append(record({ object: 'loan k3y9' }), { secrets: ['k3y9'] })).rejects.toThrow(
      'The journal refused a record that contains a value marked as secret.',
    );
    known.push('pw42');
    await expect(j.append(record({ object: 'loan pw42' }))).rejects.toBeInstanceOf(JournalSecretError);
    const text = await readFile(join(wsDir(), 'journal-000001.jsonl'), 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('across workspaces', () => {
  /** ws-1 and ws-2 with one unknown outcome each, and folders that are not workspaces. */
  async function twoWorkspaces() {
    const j = await openJournals();
    await j.append(record({ actionId: 'A', step: 'outcome', outcome: 'unknown' }));
    await j.append(record({ workspaceId: 'ws-2', actionId: 'B', step: 'outcome', outcome: 'unknown' }));
    await mkdir(join(dataDir, 'journal', '.trash'));
    await mkdir(join(dataDir, 'journal', 'not a workspace'));
    await writeFile(join(dataDir, 'journal', 'notes.txt'), 'not a folder');
    return j;
  }

  it('lists the unsettled actions of every workspace, skipping folders that are not workspaces', async () => {
    const j = await twoWorkspaces();
    expect((await j.unsettled()).map((e) => [e.workspaceId, e.actionId])).toEqual([
      ['ws-1', 'A'],
      ['ws-2', 'B'],
    ]);
    expect((await j.unsettled('ws-2')).map((e) => e.actionId)).toEqual(['B']);
    expect(await j.unsettled('ws-3')).toEqual([]);
  });

  it('leaves out an unsettled entry whose line can no longer be read (verify names it)', async () => {
    const j = await openJournals();
    await j.append(record({ actionId: 'A', step: 'outcome', outcome: 'unknown' }));
    await j.append(record({ actionId: 'B', step: 'outcome', outcome: 'unknown' }));
    await j.append(record({ actionId: 'C' }));
    await j.close();
    const path = join(wsDir(), 'journal-000001.jsonl');
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[0] = lines[0]!.slice(0, -3) + 'g"}'; // the mac is no longer hex
    await writeFile(path, lines.join('\n'));
    const again = await openJournals();
    expect((await again.unsettled(WS)).map((e) => e.actionId)).toEqual(['B']);
  });

  it('warm() reads every workspace, skips other folders, and logs a journal it cannot read', async () => {
    const j0 = await twoWorkspaces();
    await j0.close();
    await mkdir(join(dataDir, 'journal', 'ws-0', 'journal-000001.jsonl'), { recursive: true });
    const { log, errors } = recordingLog();
    const j = await openJournals({ log });
    await expect(j.warm()).resolves.toBeUndefined();
    expect(errors).toEqual([
      [
        'journal',
        'could not read the journal of workspace ws-0',
        expect.objectContaining({ code: 'EISDIR' }),
      ],
    ]);
    expect((await j.query('ws-2')).rows.map((r) => r.actionId)).toEqual(['B']);
    // Without a logger, the same journal is skipped quietly.
    await expect((await Journals.open({ dataDir, keyring })).warm()).resolves.toBeUndefined();
  });

  it('actions() gives one row per action of the workspace asked', async () => {
    const j = await twoWorkspaces();
    await j.append(record({ actionId: 'A', step: 'settled', outcome: 'done' }));
    const page = await j.actions(WS);
    expect(page.rows.map((r) => [r.actionId, r.stepCount, r.unsettled])).toEqual([['A', 2, false]]);
    expect((await j.actions('ws-2')).rows.map((r) => [r.actionId, r.unsettled])).toEqual([['B', true]]);
  });
});

describe('export', () => {
  it('yields the matching rows oldest first with their full entries, across rotated files', async () => {
    const j = await openJournals({ maxFileBytes: 1024 });
    for (let i = 0; i < 6; i++) await j.append(record({ actionId: `a${i}`, detail: { i } }));
    expect((await readdir(wsDir())).filter((n) => n.endsWith('.jsonl')).length).toBeGreaterThan(1);
    const out = [];
    for await (const { row, entry } of j.export(WS, {})) out.push([row.seq, entry?.actionId, entry?.detail]);
    expect(out).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i + 1, `a${i}`, { i }]));
  });

  it.skipIf(process.platform !== 'linux')('leaves no file open, also when stopped early', async () => {
    const j = await openJournals({ maxFileBytes: 1024 });
    for (let i = 0; i < 6; i++) await j.append(record({ actionId: `a${i}` }));
    await j.close();
    await j.query(WS); // the index, read now, not during the counts below
    const before = await openFiles();
    let rows = 0;
    for await (const _ of j.export(WS, {})) rows++;
    expect(rows).toBe(6);
    expect(await openFiles()).toBe(before);
    for await (const { row } of j.export(WS, {})) if (row.seq === 4) break;
    expect(await openFiles()).toBe(before);
  });
});

describe('close', () => {
  it.skipIf(process.platform !== 'linux')('closes the journal file of every workspace', async () => {
    const before = await openFiles();
    const j = await openJournals();
    await j.append(record());
    await j.append(record({ workspaceId: 'ws-2' }));
    expect(await openFiles()).toBe(before + 2);
    await j.close();
    expect(await openFiles()).toBe(before);
  });
});
