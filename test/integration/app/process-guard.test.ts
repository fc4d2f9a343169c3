/**
 * The process guard in a real Node process (issue 25): a throw in a timer and an unhandled
 * rejection are logged and the process goes on; without the guard the same process exits 1 (the
 * browser-mode main process exited exactly so on a loan with `"extra": null`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../../support/guarded-child.ts', import.meta.url));

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('process guard', () => {
  it('keeps a process alive through an uncaught exception and an unhandled rejection, and logs both', async () => {
    const guarded = await run('guard');
    expect(guarded.stdout).toBe('alive\n');
    expect(guarded.code).toBe(0);
    expect(guarded.stderr).toMatch(
      /ERROR \[process\] uncaught exception .*keeps running \(TypeError: Cannot read/,
    );
    expect(guarded.stderr).toMatch(
      /ERROR \[process\] unhandled promise rejection .*\(Error: a cycle nobody awaited\)/,
    );
  });

  it('without it the same process ends at the first throw (what the guard prevents)', async () => {
    const bare = await run();
    expect(bare.stdout).toBe('');
    expect(bare.code).toBe(1);
  });
});
