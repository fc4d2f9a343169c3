import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from '../../../src/main/journal/cli';
import { JournalKeyring } from '../../../src/main/journal/journal-keyring';
import { Journals } from '../../../src/main/journal/journals';
import { memoryItems, type MemoryItems } from '../../support/fixtures/memory-items';

let dataDir: string;
let items: MemoryItems;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-cli-'));
  items = memoryItems();
  const keyring = new JournalKeyring(items.store, dataDir, { create: true });
  const journals = await Journals.open({ dataDir, keyring });
  for (const step of ['prepared', 'confirmed', 'sent'] as const)
    await journals.append({
      step,
      actionId: 'a1',
      action: 'loans.approve',
      workspaceId: 'w1',
      workspaceName: 'Desk',
      environment: 'production',
    });
  await journals.close();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runCli(args, (l) => lines.push(l), items.store);
  return { code, out: lines.join('\n') };
}

it('prints ok N entries and exits 0 on an intact journal', async () => {
  expect(await run('verify', '--data-dir', dataDir, '--workspace', 'w1')).toEqual({
    code: 0,
    out: 'ok 3 entries, MACs and anchor checked',
  });
  expect(await run('verify', '--data-dir', dataDir)).toEqual({
    code: 0,
    out: 'workspace w1: ok 3 entries, MACs and anchor checked\nok 3 entries',
  });
});

it('prints the first broken entry, what is wrong with it, and exits 1', async () => {
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace('"step":"confirmed"', '"step":"confirmeD"'));
  const result = await run('verify', '--data-dir', dataDir, '--workspace', 'w1');
  expect(result).toEqual({
    code: 1,
    out: 'broken: rewritten entry at journal-000001.jsonl line 2: MAC does not match the entry under the journal key: the entry was changed',
  });
});

it('without the key, checks what it can, says what it could not, and exits 3', async () => {
  items.setAvailable(false);
  const result = await run('verify', '--data-dir', dataDir, '--workspace', 'w1');
  expect(result.code).toBe(3);
  expect(result.out).toMatch(
    /^partly checked, nothing wrong found in 3 entries; not checked: MACs were not checked: the vault is locked/,
  );
  expect(result.out).toMatch(/the anchor was not checked/);
  // The chain is still checked without the key.
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
  await writeFile(path, [lines[0], lines[2]].join('\n') + '\n');
  expect((await run('verify', '--data-dir', dataDir, '--workspace', 'w1')).code).toBe(1);
});

it('accept anchors a journal as it is, after entries were removed', async () => {
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
  await writeFile(path, lines.slice(0, 2).join('\n') + '\n');
  expect((await run('verify', '--data-dir', dataDir, '--workspace', 'w1')).code).toBe(1);
  expect(await run('accept', '--data-dir', dataDir, '--workspace', 'w1')).toEqual({
    code: 0,
    out: 'accepted: the journal of w1 is anchored at entry 2',
  });
  expect((await run('verify', '--data-dir', dataDir, '--workspace', 'w1')).code).toBe(0);
});

it('says what to fix on bad arguments', async () => {
  expect((await run('verify')).out).toMatch(/--data-dir is required/);
  expect((await run('verify', '--data-dir', join(dataDir, 'nope'))).code).toBe(2);
  expect((await run('verify', '--data-dir', dataDir, '--workspace', '../x')).out).toMatch(
    /--workspace must be/,
  );
  expect((await run('check')).out).toMatch(/unknown command check/);
});

it('runs as the npm script does, with the exit code', () => {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/main/journal/cli.ts', 'verify', '--data-dir', dataDir, '--workspace', 'w1'],
    { encoding: 'utf8' },
  );
  // The child reads the OS keychain (a private one under with-keyring.sh), which holds no journal
  // key for this folder: it says so and exits 3.
  expect(child.stdout.trim()).toMatch(
    /^partly checked, nothing wrong found in 3 entries; not checked: MACs were not checked/,
  );
  expect(child.status).toBe(3);
});

const USAGE =
  'usage: npm run journal -- verify --data-dir DIR [--workspace ID] | accept --data-dir DIR --workspace ID';

it.each<[string, (dir: string) => string[], string]>([
  ['no command', () => [], `unknown command (none); ${USAGE}`],
  ['an unknown command', () => ['check'], `unknown command check; ${USAGE}`],
  ['a flag without its value', () => ['verify', '--data-dir'], `--data-dir needs a value; ${USAGE}`],
  [
    'a flag followed by another flag',
    (dir) => ['verify', '--workspace', '--data-dir', dir],
    `--workspace needs a value; ${USAGE}`,
  ],
  ['an unknown option', (dir) => ['verify', '--data-dir', dir, '--all'], `unknown option --all; ${USAGE}`],
  ['no data folder', () => ['verify', '--workspace', 'w1'], `--data-dir is required; ${USAGE}`],
  [
    'accept without a workspace',
    (dir) => ['accept', '--data-dir', dir],
    `accept needs --workspace; ${USAGE}`,
  ],
  [
    'a workspace id that is not one',
    (dir) => ['verify', '--data-dir', dir, '--workspace', '-w'],
    '--workspace must be a workspace id (letters, digits, "-" or "_")',
  ],
])('refuses %s with exit 2, saying what to fix', async (_what, args, out) => {
  expect(await run(...args(dataDir))).toEqual({ code: 2, out });
});

it('names a data folder that does not exist', async () => {
  const missing = join(dataDir, 'nope');
  expect(await run('verify', '--data-dir', missing)).toEqual({
    code: 2,
    out: `--data-dir ${missing} does not exist`,
  });
});

it('every workspace: an empty data folder has no journal yet; the worst verdict decides the exit code', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'journal-cli-empty-'));
  try {
    expect(await run('verify', '--data-dir', empty)).toEqual({
      code: 0,
      out: 'ok 0 entries (no journal yet)',
    });
    items.setAvailable(false);
    const noKeychain = await run('verify', '--data-dir', empty);
    expect(noKeychain.code).toBe(3);
    expect(noKeychain.out).toMatch(/^no journal yet; .+/);
    items.setAvailable(true);
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
  const keyring = new JournalKeyring(items.store, dataDir, { create: true });
  const journals = await Journals.open({ dataDir, keyring });
  await journals.append({
    step: 'prepared',
    actionId: 'b1',
    action: 'loans.approve',
    workspaceId: 'w2',
    workspaceName: 'Desk 2',
    environment: 'production',
  });
  await journals.close();
  expect(await run('verify', '--data-dir', dataDir)).toEqual({
    code: 0,
    out: [
      'workspace w1: ok 3 entries, MACs and anchor checked',
      'workspace w2: ok 1 entries, MACs and anchor checked',
      'ok 4 entries',
    ].join('\n'),
  });
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  await writeFile(path, (await readFile(path, 'utf8')).replace('"step":"confirmed"', '"step":"confirmeD"'));
  const broken = await run('verify', '--data-dir', dataDir);
  expect(broken.code).toBe(1);
  expect(broken.out.split('\n').at(-1)).toBe('something is wrong: see the workspace lines above');
  expect(broken.out).toContain('workspace w2: ok 1 entries');

  // Without the key: w1 (a line removed, the chain breaks) is wrong, w2 only partly checked; wrong wins.
  await writeFile(path, (await readFile(path, 'utf8')).replace('"step":"confirmeD"', '"step":"confirmed"'));
  const intact = await readFile(path, 'utf8');
  const lines = intact.trimEnd().split('\n');
  await writeFile(path, [lines[0], lines[2]].join('\n') + '\n');
  items.setAvailable(false);
  const mixed = await run('verify', '--data-dir', dataDir);
  expect(mixed.code).toBe(1);
  expect(mixed.out.split('\n').at(-1)).toBe('something is wrong: see the workspace lines above');
  await writeFile(path, intact);
  const unkeyed = await run('verify', '--data-dir', dataDir);
  expect(unkeyed.code).toBe(3);
  expect(unkeyed.out.split('\n').at(-1)).toBe(
    'nothing wrong found in 4 entries, but not everything could be checked',
  );
});

it('every workspace: finds a deleted workspace folder through its anchor, in id order, and skips folders that are not workspace ids', async () => {
  const journals = await Journals.open({ dataDir, keyring: new JournalKeyring(items.store, dataDir) });
  await journals.append({
    step: 'prepared',
    actionId: 'x1',
    action: 'loans.approve',
    workspaceId: 'x2',
    workspaceName: 'Desk X',
    environment: 'production',
  });
  await journals.close();
  await rm(join(dataDir, 'journal', 'w1'), { recursive: true });
  await mkdir(join(dataDir, 'journal', '.trash'));
  const result = await run('verify', '--data-dir', dataDir);
  expect(result.code).toBe(1);
  const lines = result.out.split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(
    /^workspace w1: broken: missing file at journal-000001\.jsonl: the workspace has no journal file \(the anchor, \S+, says seq 3 in journal-000001\.jsonl\)$/,
  );
  expect(lines[1]).toBe('workspace x2: ok 1 entries, MACs and anchor checked');
  expect(lines[2]).toBe('something is wrong: see the workspace lines above');
});

it('every workspace: a partly checked workspace makes the exit code 3 unless another is wrong', async () => {
  // Written while the key home was unavailable: no MACs and no anchor for a0.
  items.setAvailable(false);
  const journals = await Journals.open({ dataDir, keyring: new JournalKeyring(items.store, dataDir) });
  await journals.append({
    step: 'prepared',
    actionId: 'c1',
    action: 'loans.approve',
    workspaceId: 'a0',
    workspaceName: 'Desk 0',
    environment: 'production',
  });
  await journals.close();
  items.setAvailable(true);
  expect(await run('verify', '--data-dir', dataDir)).toEqual({
    code: 3,
    out: [
      'workspace a0: partly checked, nothing wrong found in 1 entries; not checked: no anchor is recorded for this workspace: a cut-off tail would not show',
      'workspace w1: ok 3 entries, MACs and anchor checked',
      'nothing wrong found in 4 entries, but not everything could be checked',
    ].join('\n'),
  });
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  await writeFile(path, (await readFile(path, 'utf8')).replace('"step":"confirmed"', '"step":"confirmeD"'));
  const broken = await run('verify', '--data-dir', dataDir);
  expect(broken.code).toBe(1);
  expect(broken.out.split('\n').at(-1)).toBe('something is wrong: see the workspace lines above');
});
