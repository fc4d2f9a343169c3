import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from '../../../src/main/journal/cli';
import { Journals } from '../../../src/main/journal/journals';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'journal-cli-'));
  const journals = await Journals.open({ dataDir });
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
  const code = await runCli(args, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

it('prints ok N entries and exits 0 on an intact journal', async () => {
  expect(await run('verify', '--data-dir', dataDir, '--workspace', 'w1')).toEqual({
    code: 0,
    out: 'ok 3 entries',
  });
  expect(await run('verify', '--data-dir', dataDir)).toEqual({
    code: 0,
    out: 'workspace w1: ok 3 entries\nok 3 entries',
  });
});

it('prints the first broken entry and exits non-zero', async () => {
  const path = join(dataDir, 'journal', 'w1', 'journal-000001.jsonl');
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace('"step":"confirmed"', '"step":"confirmeD"'));
  const result = await run('verify', '--data-dir', dataDir, '--workspace', 'w1');
  expect(result).toEqual({
    code: 1,
    out: 'broken at journal-000001.jsonl line 2: hash does not match the entry',
  });
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
  expect(child.stdout.trim()).toBe('ok 3 entries');
  expect(child.status).toBe(0);
});
