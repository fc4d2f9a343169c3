import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_PART_FILE } from '../../../src/main/exports/publish-file';
import { ExportPaths } from '../../../src/main/handlers/local-handlers';
import { journalHandlers } from '../../../src/main/handlers/journal-handlers';
import { JOURNAL_CSV_COLUMNS } from '../../../src/main/journal/csv-export';
import { Journals } from '../../../src/main/journal/journals';
import type { Logger } from '../../../src/main/log/logger';

const log: Logger = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let journals: Journals;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-csv-'));
  journals = await Journals.open({ dataDir: dir });
  const base = {
    action: 'loans.approve',
    workspaceId: 'w1',
    workspaceName: '=cmd|/c calc',
    environment: 'production',
  } as const;
  await journals.append({ ...base, step: 'prepared', actionId: 'a1', object: '=HYPERLINK("http://x")' });
  await journals.append({
    ...base,
    step: 'outcome',
    actionId: 'a1',
    outcome: 'done',
    detail: { note: '@SUM(1)' },
  });
  await journals.append({
    ...base,
    step: 'outcome',
    actionId: 'a2',
    outcome: 'refused',
    object: 'loan "q", 2',
  });
});
afterEach(async () => {
  await journals.close();
  await rm(dir, { recursive: true, force: true });
});

/** An entry of a sandbox desk's approve, for the tests that add their own workspace. */
const SANDBOX_DESK = { action: 'loans.approve', workspaceName: 'Desk', environment: 'sandbox' } as const;

/**
 * Exports the workspace's journal to `name` in the test folder through the handler, which must
 * succeed; the answer, the file's path and text, and its rows by column.
 */
async function exported(workspaceId: string, name: string) {
  const filePath = join(dir, name);
  const handlers = journalHandlers({ journals, exportPaths: new ExportPaths(), log });
  const res = await handlers['journal.exportCsv']({ workspaceId, filePath });
  expect(res.ok).toBe(true);
  const text = await readFile(filePath, 'utf8');
  return { res, filePath, text, rows: parse(text, { columns: true }) as Record<string, string>[] };
}

describe('journal.exportCsv', () => {
  it('writes matching entries oldest first with formula cells neutralised, and refuses unsafe paths', async () => {
    const handlers = journalHandlers({ journals, exportPaths: new ExportPaths(), log });
    const filePath = join(dir, 'out.csv');
    const res = await handlers['journal.exportCsv']({ workspaceId: 'w1', filePath, action: 'loans.approve' });
    expect(res).toMatchObject({ ok: true, value: { rows: 3, path: filePath } });
    const rows = parse(await readFile(filePath, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['seq'])).toEqual(['1', '2', '3']);
    expect(rows[0]?.['object']).toBe('\'=HYPERLINK("http://x")');
    expect(rows[0]?.['workspaceName']).toBe("'=cmd|/c calc");
    expect(rows[1]?.['detail']).toBe('{"note":"@SUM(1)"}');
    expect(rows[2]?.['object']).toBe('loan "q", 2');
    expect(rows[2]?.['hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(res.ok && res.value.neutralisedCells).toBe(4);

    // Never over an existing file, never a relative path.
    expect(await handlers['journal.exportCsv']({ workspaceId: 'w1', filePath })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
    expect(await handlers['journal.exportCsv']({ workspaceId: 'w1', filePath: 'rel.csv' })).toMatchObject({
      ok: false,
    });
    expect(existsSync(join(dir, 'rel.csv'))).toBe(false);
  });

  it('answers a bad workspace id with a clear error', async () => {
    const handlers = journalHandlers({ journals, exportPaths: new ExportPaths(), log });
    const res = await handlers['journal.query']({ workspaceId: '../../etc' });
    expect(res).toMatchObject({
      ok: false,
      error: { code: 'bad-input', message: expect.stringMatching(/workspaceId/) },
    });
    const verdict = await handlers['journal.verify']({ workspaceId: 'w1' });
    // This journal has no key home: verify checks the chain and says what it could not check.
    expect(verdict).toMatchObject({
      ok: true,
      value: { status: 'partial', ok: true, entries: 3, text: expect.stringMatching(/^partly checked/) },
    });
  });

  it('never replaces a file created at the target while the export runs, and says so', async () => {
    const filePath = join(dir, 'race.csv');
    // The journal as the export reads it, except that someone saves a file at the target name
    // while the rows are being written.
    const racing = Object.create(journals) as Journals;
    racing.export = async function* (...args: Parameters<Journals['export']>) {
      let first = true;
      for await (const item of journals.export(...args)) {
        yield item;
        if (first) await writeFile(filePath, 'theirs, saved during the export');
        first = false;
      }
    };
    const handlers = journalHandlers({ journals: racing, exportPaths: new ExportPaths(), log });
    const res = await handlers['journal.exportCsv']({ workspaceId: 'w1', filePath });
    expect(res).toMatchObject({
      ok: false,
      error: {
        code: 'bad-input',
        message: expect.stringMatching(/race\.csv appeared in .* while the export ran; it was not replaced/),
      },
    });
    expect(await readFile(filePath, 'utf8')).toBe('theirs, saved during the export');
    // No temporary file is left beside it.
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.part$|\.tmp$/));
  });

  it('writes under a temporary name the start-up sweep knows, then publishes a 0600 file alone', async () => {
    const filePath = join(dir, 'plain.csv');
    // What the folder holds while the rows are written.
    let during: string[] = [];
    const watched = Object.create(journals) as Journals;
    watched.export = async function* (...args: Parameters<Journals['export']>) {
      for await (const item of journals.export(...args)) yield item;
      during = await readdir(dir);
    };
    const handlers = journalHandlers({ journals: watched, exportPaths: new ExportPaths(), log });
    expect((await handlers['journal.exportCsv']({ workspaceId: 'w1', filePath })).ok).toBe(true);
    const temps = during.filter((n) => n.includes('plain.csv'));
    expect(temps).toHaveLength(1);
    expect(temps[0]).toMatch(EXPORT_PART_FILE);
    expect(temps[0]?.startsWith('.plain.csv.')).toBe(true);
    expect((await stat(filePath)).mode & 0o777).toBe(0o600);
    expect((await stat(filePath)).nlink).toBe(1);
    expect((await readdir(dir)).filter((n) => n.includes('plain.csv'))).toEqual(['plain.csv']);
  });

  it('writes the header and every column of each entry, CRLF-ended, quoting what needs it, and counts the bytes', async () => {
    await journals.append({
      ...SANDBOX_DESK,
      workspaceId: 'w2',
      step: 'outcome',
      actionId: 'b1',
      keyId: 'fp-1',
      object: 'line one\nline two',
      outcome: 'unknown',
      detail: { a: 1 },
    });
    const { res, filePath, text, rows } = await exported('w2', 'all.csv');
    expect(res).toEqual({
      ok: true,
      value: {
        path: filePath,
        rows: 1,
        bytes: Buffer.byteLength(text, 'utf8'),
        pages: 1,
        neutralisedCells: 0,
      },
    });
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe(JOURNAL_CSV_COLUMNS.join(','));
    expect(header).toBe(
      'seq,time,step,action,actionId,object,workspaceName,environment,keyId,outcome,detail,prevHash,hash',
    );
    expect(rest.at(-1)).toBe('');
    const entry = (await journals.query('w2', {})).rows[0];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      seq: '1',
      time: entry?.time,
      step: 'outcome',
      action: 'loans.approve',
      actionId: 'b1',
      object: 'line one\nline two',
      workspaceName: 'Desk',
      environment: 'sandbox',
      keyId: 'fp-1',
      outcome: 'unknown',
      detail: '{"a":1}',
      prevHash: '0'.repeat(64),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The multi-line object is one quoted cell; the detail's quotes are doubled; plain cells are bare.
    expect(text).toContain('"line one\nline two"');
    expect(text).toContain('"{""a"":1}"');
    expect(
      rest[0]?.startsWith(
        `1,${entry?.time},outcome,loans.approve,b1,"line one\nline two",Desk,sandbox,fp-1,unknown,"{`,
      ),
    ).toBe(true);
  });

  it('writes an absent object, key, outcome and detail as empty cells', async () => {
    await journals.append({
      ...SANDBOX_DESK,
      workspaceId: 'w3',
      step: 'prepared',
      actionId: 'c1',
    });
    const { rows } = await exported('w3', 'bare.csv');
    expect(rows[0]).toMatchObject({ object: '', keyId: '', outcome: '', detail: '', workspaceName: 'Desk' });
  });

  it('writes an entry it can no longer read from its index row, and says to run verify', async () => {
    const path = join(dir, 'journal', 'w1', 'journal-000001.jsonl');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"step":"prepared"', '"step":"prepareD"'));
    const { rows } = await exported('w1', 'damaged.csv');
    // The row holds what the index read from the line's first fields; the rest is not trusted.
    expect(rows[0]).toMatchObject({
      seq: '1',
      step: 'prepareD',
      actionId: 'a1',
      workspaceName: '',
      keyId: '',
      detail: '',
      prevHash: '',
      hash: '(entry unreadable: run journal verify)',
    });
    expect(rows[1]?.['hash']).toMatch(/^[0-9a-f]{64}$/);
  });
});
