import { mkdtemp, readdir, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Journals,
  JournalInputError,
  JournalSecretError,
  type JournalRecord,
} from '../../../src/main/journal/journals';
import { JournalKeyring } from '../../../src/main/journal/journal-keyring';
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
