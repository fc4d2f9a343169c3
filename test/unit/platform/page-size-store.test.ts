/**
 * The learned page sizes on disk (src/main/platform/page-size-store.ts): kept across a restart,
 * one file per workspace, reset per list or all, a damaged file reported (and the walks going on
 * with nothing learned), never silently emptied.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LearnedPageSize } from '../../../src/shared/platform/page-limits';
import { PAGE_SIZES_DIR, PageSizeStore } from '../../../src/main/platform/page-size-store';
import { workspaceFileName } from '../../../src/main/workspaces/workspace-json-file';
import { useTempDir } from '../../support/temp-dir';

const dataDir = useTempDir('page-sizes-store-');
const WS = '0b6f0d1e-4a55-4d0b-9d3e-5f1e7e3a2b10';
const entry = (operation: LearnedPageSize['operation'], size: number): LearnedPageSize => ({
  operation,
  size,
  verdict: 'capped',
  asked: 10_000,
  learnedAt: '2026-11-27T12:00:00.000Z',
});

/** Lets the store's background write finish (learn() does not wait for it). */
async function settled(store: PageSizeStore): Promise<void> {
  await store.reset('flush-only-other-workspace');
}

describe('the page size store', () => {
  it('keeps what was learned across a restart, in the settings order, one file per workspace', async () => {
    const store = new PageSizeStore(dataDir());
    await store.load(WS);
    store.learn(WS, entry('loans', 500));
    store.learn(WS, entry('activities', 1000));
    store.learn(WS, entry('activities', 2000)); // replaces the earlier entry of the list
    await settled(store);
    const again = new PageSizeStore(dataDir());
    expect(await again.list(WS)).toEqual({
      ok: true,
      value: [entry('activities', 2000), entry('loans', 500)],
    });
    await again.load(WS);
    expect(again.known(WS, 'activities')?.size).toBe(2000);
    expect(again.known(WS, 'cryptoAddresses')).toBeUndefined();
    expect(await again.list('other')).toEqual({ ok: true, value: [] });
  });

  it('resets one list or all of them, on disk too', async () => {
    const store = new PageSizeStore(dataDir());
    await store.load(WS);
    store.learn(WS, entry('activities', 1000));
    store.learn(WS, entry('cryptoAddresses', 500));
    await settled(store);
    expect(await store.reset(WS, 'activities')).toEqual({ ok: true, value: [entry('cryptoAddresses', 500)] });
    expect(await new PageSizeStore(dataDir()).list(WS)).toEqual({
      ok: true,
      value: [entry('cryptoAddresses', 500)],
    });
    expect(await store.reset(WS)).toEqual({ ok: true, value: [] });
    expect(store.known(WS, 'cryptoAddresses')).toBeUndefined();
    expect(await new PageSizeStore(dataDir()).list(WS)).toEqual({ ok: true, value: [] });
  });

  it('reports a damaged file by name, and the walks start afresh with a warning', async () => {
    const path = join(dataDir(), PAGE_SIZES_DIR, workspaceFileName(WS));
    await mkdir(join(dataDir(), PAGE_SIZES_DIR), { recursive: true });
    const bad = JSON.stringify({ version: 1, workspaceId: WS, sizes: [{ ...entry('loans', 5000) }] });
    await writeFile(path, bad);
    const warnings: string[] = [];
    const store = new PageSizeStore(dataDir(), (m) => warnings.push(m));
    const listed = await store.list(WS);
    expect(!listed.ok && listed.error.code).toBe('io');
    expect(!listed.ok && listed.error.message).toContain(path);
    expect(!listed.ok && listed.error.message).toContain('larger than the contract allows');
    await store.load(WS);
    expect(store.known(WS, 'loans')).toBeUndefined();
    expect(warnings).toHaveLength(1);
    // Never silently emptied: the file is as it was until something is learned or reset.
    expect(await readFile(path, 'utf8')).toBe(bad);
  });

  it('forgets a removed workspace in memory', async () => {
    const store = new PageSizeStore(dataDir());
    await store.load(WS);
    store.learn(WS, entry('activities', 1000));
    store.forget(WS);
    expect(store.known(WS, 'activities')).toBeUndefined();
  });
});
