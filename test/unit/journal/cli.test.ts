import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
