/**
 * Each workspace's exchange asset table on disk (src/main/exchange-assets/asset-table-store.ts):
 * the sandbox default until a table is saved, an empty table elsewhere, a save that survives a new
 * store (a restart), a CSV import that changes nothing when a line is bad, and a damaged file
 * answered as a clear error naming the file, never thrown; saving replaces it.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSETS_DIR, AssetTableStore } from '../../../src/main/exchange-assets/asset-table-store';
import { SANDBOX_DEFAULT_ASSETS } from '../../../src/shared/exchange-assets';
import { fail, ok } from '../../../src/shared/result';
import { useTempDir } from '../../support/temp-dir';

const dir = useTempDir('asset-table-');
const SANDBOX = 'ws-sandbox';
const REAL = 'ws-real';

const storeAt = (dataDir: string) =>
  new AssetTableStore({
    dataDir,
    workspace: (id) =>
      id === SANDBOX
        ? ok({ builtIn: true })
        : id === REAL
          ? ok({ builtIn: false })
          : fail('workspace-not-found', `no workspace ${id}`),
    now: () => 1_700_000_000_000,
  });

const BTC = { index: 0, name: 'BTC', szDecimals: 5 };
const HYPE = { index: 159, name: 'HYPE', szDecimals: 2, pxDecimals: 4 };

describe('AssetTableStore', () => {
  it('answers the sandbox default for the built-in workspace and an empty table elsewhere', async () => {
    const store = storeAt(dir());
    expect(await store.get(SANDBOX)).toEqual(
      ok({ assets: [...SANDBOX_DEFAULT_ASSETS], source: 'sandbox-default' }),
    );
    expect(await store.get(REAL)).toEqual(ok({ assets: [], source: 'none' }));
    expect((await store.get('ws-gone')).ok).toBe(false);
  });

  it('saves a table that a new store (a restart) reads back, one workspace not seeing the other', async () => {
    expect(await storeAt(dir()).set(REAL, [BTC, HYPE])).toEqual(
      ok({ assets: [BTC, HYPE], source: 'saved', updatedAt: '1700000000000' }),
    );
    const again = storeAt(dir());
    expect(await again.get(REAL)).toEqual(
      ok({ assets: [BTC, HYPE], source: 'saved', updatedAt: '1700000000000' }),
    );
    expect((await again.get(SANDBOX)).ok && (await again.get(SANDBOX))).toMatchObject({
      value: { source: 'sandbox-default' },
    });
    // Atomic replacement leaves no temp file behind.
    expect(await readdir(join(dir(), ASSETS_DIR))).toEqual([`${REAL}.json`]);
  });

  it('refuses a table with an index used twice, naming the field, and keeps the saved one', async () => {
    const store = storeAt(dir());
    await store.set(REAL, [BTC]);
    const refused = await store.set(REAL, [BTC, { ...HYPE, index: 0 }]);
    expect(refused).toEqual(
      fail('bad-input', 'assets.1.index: index 0 is already used by BTC', { field: 'assets.1.index' }),
    );
    expect(await store.get(REAL)).toMatchObject({ value: { assets: [BTC] } });
  });

  it('imports a CSV, and a CSV with a bad line changes nothing and names the line', async () => {
    const store = storeAt(dir());
    expect(
      await store.importCsv(REAL, 'index,name,szDecimals,pxDecimals\n0,BTC,5\n159,HYPE,2,4\n'),
    ).toMatchObject({
      value: { assets: [BTC, HYPE], source: 'saved' },
    });
    const bad = await store.importCsv(REAL, '0,BTC,5\n1,ETH,nine\n');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatchObject({ code: 'bad-input', field: 'csv' });
    expect(!bad.ok && bad.error.message).toMatch(/table is unchanged.*line 2: szDecimals/);
    expect(await store.get(REAL)).toMatchObject({ value: { assets: [BTC, HYPE] } });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{"version": 1, "assets": [', /is damaged \(it is not JSON\)/],
    ['another version', '{"version": 2, "workspaceId": "ws-real"}', /is damaged \(version: /],
    [
      'an asset against the rules',
      '{"version":1,"workspaceId":"ws-real","updatedAt":"1","assets":[{"index":-1,"name":"BTC","szDecimals":5}]}',
      /is damaged \(assets\.0\.index: must be an asset index, 0 or more\)/,
    ],
    [
      "another workspace's file",
      '{"version":1,"workspaceId":"ws-other","updatedAt":"1","assets":[]}',
      /belongs to workspace ws-other/,
    ],
  ])('answers a damaged file (%s) as a clear io error; a save replaces it', async (_name, text, says) => {
    const store = storeAt(dir());
    await mkdir(join(dir(), ASSETS_DIR), { recursive: true });
    await writeFile(store.pathOf(REAL), text);
    const read = await store.get(REAL);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error.code).toBe('io');
    expect(!read.ok && read.error.message).toMatch(says);
    expect(!read.ok && read.error.message).toContain(store.pathOf(REAL));
    expect(!read.ok && read.error.message).toMatch(/Save or import a table to replace it/);

    expect(await store.set(REAL, [BTC])).toMatchObject({ ok: true, value: { assets: [BTC] } });
    expect(JSON.parse(await readFile(store.pathOf(REAL), 'utf8'))).toMatchObject({
      version: 1,
      workspaceId: REAL,
      assets: [BTC],
    });
  });

  it('names the file of an unsafe workspace id by a hash, never by the id', async () => {
    const store = storeAt(dir());
    expect(store.pathOf('../../etc/passwd')).toMatch(/exchange-assets\/id-[0-9a-f]{32}\.json$/);
  });
});
