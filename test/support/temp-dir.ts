/**
 * Folders for tests: a fresh, empty one under the OS temp folder for each test (removed after
 * it), and the files below a folder.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A fresh, empty folder for each test, removed after it; the function gives the current test's. */
export function useTempDir(prefix: string): () => string {
  let current: string | undefined;
  beforeEach(async () => {
    current = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    if (current !== undefined) await rm(current, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('the temp folder is used outside a test');
    return current;
  };
}

/** Every file below `dir`, at any depth (folders themselves are not listed). */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}
