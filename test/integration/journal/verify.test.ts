/**
 * `npm run journal -- verify` against a real journal whose key and anchors are in the real OS
 * keychain (a private Secret Service under with-keyring.sh), tampered with the way issue 24 found
 * passing before: each case is built on a fresh journal, and verify must name what is wrong and
 * exit non-zero. Before the MAC and the anchor, every one of these verified "ok".
 */
import { spawnSync } from 'node:child_process';
import {
  appendFile,
  copyFile,
  mkdtemp,
  readFile,
  rename,
  rm,
  truncate,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { osItemStore, runCli } from '../../../src/main/journal/cli';
import { JournalKeyring } from '../../../src/main/journal/journal-keyring';
import { GENESIS_HASH, sha256Hex } from '../../../src/main/journal/line-format';
import { Journals } from '../../../src/main/journal/journals';
import type { JournalRecord } from '../../../src/main/journal/types';

const WS = 'desk-1';
/**
 * The real OS keychain, with room for a slow Secret Service (20 s, within the test's own time): on a
 * loaded machine a call past the 5 s default made the journal write entries without a MAC or skip
 * the anchor, and the intact journal then verified as partial (exit 3). These tests are about
 * tampering, not about a slow keychain (os-keychain.test.ts covers that).
 */
const keychain = () => osItemStore({ timeoutMs: 20_000 });
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const step = (i: number, s: JournalRecord['step'], extra: Partial<JournalRecord> = {}): JournalRecord => ({
  step: s,
  actionId: `act-${i}`,
  action: 'loans.approve',
  workspaceId: WS,
  workspaceName: 'Desk',
  environment: 'production',
  object: `loan L${i}`,
  ...extra,
});

/** A journal of `actions` approves (prepared, sent, answered, outcome), rotated every ~2 KB. */
async function buildJournal(actions = 6): Promise<{ dataDir: string; dir: string; files: string[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-tamper-'));
  dirs.push(dataDir);
  const keyring = new JournalKeyring(await keychain(), dataDir, { create: true });
  const journals = await Journals.open({ dataDir, keyring, maxFileBytes: 2048 });
  for (let i = 0; i < actions; i++) {
    await journals.append(step(i, 'prepared'));
    await journals.append(step(i, 'sent'));
    await journals.append(step(i, 'answered', { detail: { status: 500 } }));
    await journals.append(step(i, 'outcome', { outcome: i === actions - 1 ? 'unknown' : 'done' }));
  }
  await journals.close();
  const dir = join(dataDir, 'journal', WS);
  const files = (await import('node:fs/promises').then((fs) => fs.readdir(dir)))
    .filter((n) => n.endsWith('.jsonl'))
    .sort();
  return { dataDir, dir, files };
}

async function verify(dataDir: string, all = false) {
  const lines: string[] = [];
  const args = all ? ['verify', '--data-dir', dataDir] : ['verify', '--data-dir', dataDir, '--workspace', WS];
  const code = await runCli(args, (l) => lines.push(l), await keychain());
  return { code, out: lines.join('\n') };
}

const linesOf = async (path: string) => (await readFile(path, 'utf8')).trimEnd().split('\n');
const last = (files: string[]) => files[files.length - 1] as string;

/** Re-seals lines as an attacker without the key can: plain SHA-256, the chain recomputed. */
function reseal(lines: string[], prevHash: string): string[] {
  let prev = prevHash;
  return lines.map((line) => {
    const { mac: _m, hash: _h, ...body } = JSON.parse(line) as Record<string, unknown>;
    const json = JSON.stringify({ ...body, prevHash: prev });
    const seal = sha256Hex(json);
    prev = seal;
    return `${json.slice(0, -1)},"hash":"${seal}"}`;
  });
}

describe('verify names each tampering and exits non-zero', () => {
  it('an intact journal verifies with its MACs and anchor (exit 0)', async () => {
    const { dataDir, files } = await buildJournal();
    expect(files.length).toBeGreaterThan(2);
    expect(await verify(dataDir)).toEqual({ code: 0, out: 'ok 24 entries, MACs and anchor checked' });
  });

  it('the last lines dropped: truncated tail', async () => {
    const { dataDir, dir, files } = await buildJournal();
    const path = join(dir, last(files));
    const lines = await linesOf(path);
    await writeFile(path, lines.slice(0, -2).join('\n') + '\n'); // same file, written in place
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: truncated tail at .*ends at seq 22 .*says seq 24/);
  });

  it('the file emptied: truncated tail', async () => {
    const { dataDir, dir, files } = await buildJournal(1);
    await truncate(join(dir, last(files)), 0);
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: truncated tail .*ends at seq 0/);
  });

  it('the only file deleted: missing file', async () => {
    const { dataDir, dir, files } = await buildJournal(1);
    expect(files).toHaveLength(1);
    await unlink(join(dir, files[0] as string));
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: missing file/);
  });

  it('the workspace folder deleted: missing file, found through the anchors', async () => {
    const { dataDir, dir } = await buildJournal(2);
    await rm(dir, { recursive: true });
    const r = await verify(dataDir, true);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/workspace desk-1: broken: missing file/);
  });

  it('the newest rotated file deleted: missing rotated file', async () => {
    const { dataDir, dir, files } = await buildJournal();
    await unlink(join(dir, last(files)));
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: missing rotated file .*is missing/);
  });

  it('an older rotated file deleted: missing rotated file', async () => {
    const { dataDir, dir, files } = await buildJournal();
    await unlink(join(dir, files[1] as string));
    expect((await verify(dataDir)).out).toMatch(/^broken: missing rotated file/);
  });

  it('an outcome rewritten with every hash recomputed: rewritten entry', async () => {
    const { dataDir, dir, files } = await buildJournal();
    const path = join(dir, last(files));
    const lines = await linesOf(path);
    const at = lines.findIndex((l) => l.includes('"outcome":"unknown"'));
    expect(at).toBeGreaterThanOrEqual(0);
    const prevHash =
      at === 0
        ? (JSON.parse(lines[0] as string) as { prevHash: string }).prevHash
        : ((JSON.parse(lines[at - 1] as string) as { mac: string }).mac ?? GENESIS_HASH);
    const edited = [
      ...lines.slice(0, at),
      ...reseal(
        [(lines[at] as string).replace('"outcome":"unknown"', '"outcome":"done"'), ...lines.slice(at + 1)],
        prevHash,
      ),
    ];
    await writeFile(path, edited.join('\n') + '\n');
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: rewritten entry .*seq 24 on have no MAC/);
  });

  it('an outcome rewritten under a made-up MAC: rewritten entry', async () => {
    const { dataDir, dir, files } = await buildJournal();
    const path = join(dir, last(files));
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"outcome":"unknown"', '"outcome":"done"'));
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: rewritten entry .*MAC does not match/);
  });

  it('a forged "settled" entry appended: forged entry (with a MAC), unauthenticated (without)', async () => {
    const { dataDir, dir, files } = await buildJournal();
    const path = join(dir, last(files));
    const lines = await linesOf(path);
    const lastEntry = JSON.parse(lines[lines.length - 1] as string) as { mac: string };
    const forged = {
      seq: 25,
      time: new Date().toISOString(),
      step: 'settled',
      actionId: 'act-5',
      action: 'loans.approve',
      workspaceId: WS,
      workspaceName: 'Desk',
      environment: 'production',
      outcome: 'not-done',
      prevHash: lastEntry.mac,
    };
    const json = JSON.stringify(forged);
    const original = await readFile(path);
    await appendFile(path, `${json.slice(0, -1)},"mac":"${sha256Hex('guess')}"}\n`);
    let r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: forged entry .*line \d+: MAC does not match/);
    // Sealed with a plain hash, as an entry written without the key would be: it cannot be proven
    // either way, and verify says so by name (exit 3), never ok.
    await writeFile(path, original);
    await appendFile(path, `${json.slice(0, -1)},"hash":"${sha256Hex(json)}"}\n`);
    r = await verify(dataDir);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(
      /past the anchor \(seq 25\) has no MAC: written while the journal key was unavailable, or forged/,
    );
  });

  it('an older copy put back: rollback', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'copper-tamper-'));
    dirs.push(dataDir);
    const keyring = new JournalKeyring(await keychain(), dataDir, { create: true });
    let journals = await Journals.open({ dataDir, keyring });
    for (let i = 0; i < 2; i++) await journals.append(step(i, 'prepared'));
    const path = join(dataDir, 'journal', WS, 'journal-000001.jsonl');
    await copyFile(path, join(dataDir, 'backup.jsonl'));
    await journals.append(step(2, 'prepared'));
    await journals.append(step(2, 'sent'));
    await journals.close();
    await rename(join(dataDir, 'backup.jsonl'), path);
    const r = await verify(dataDir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^broken: rollback to an older copy .*another copy was put in its place/);

    // The console refuses to write on top of it, and says why.
    journals = await Journals.open({ dataDir, keyring: new JournalKeyring(await keychain(), dataDir) });
    expect(await journals.damage(WS)).toMatch(/ends at entry 2, but its anchor .* says 4/);
    await expect(journals.append(step(3, 'prepared'))).rejects.toThrow(/nothing more is sent/);
    await journals.close();
  });

  it('runs as the npm script does, with exit code 1 for a broken journal', async () => {
    const { dataDir, dir, files } = await buildJournal(2);
    await unlink(join(dir, last(files)));
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/main/journal/cli.ts', 'verify', '--data-dir', dataDir],
      { encoding: 'utf8' },
    );
    expect(child.stdout).toMatch(/workspace desk-1: broken: (missing rotated file|missing file)/);
    expect(child.status).toBe(1);
  });
});
