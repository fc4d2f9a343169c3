import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PriceStore, type StoredSheet } from '../../../src/main/prices/price-store';
import { workspaceFileName } from '../../../src/main/workspaces/workspace-json-file';
import { useTempDir } from '../../support/temp-dir';

const dataDir = useTempDir('prices-store-');
const WS = '0b6f0d1e-4a55-4d0b-9d3e-5f1e7e3a2b10';
const SHEET: StoredSheet = {
  rows: [{ currency: 'BTC', price: '65000', quote: 'USD', asOf: '2026-01-31T12:00:00Z', source: 'desk' }],
  staleAfterMinutes: 90,
  updatedAt: '2026-01-31T12:00:01.000Z',
};

async function writeRaw(text: string, workspaceId = WS): Promise<string> {
  const path = join(dataDir(), 'prices', workspaceFileName(workspaceId));
  await mkdir(join(dataDir(), 'prices'), { recursive: true });
  await writeFile(path, text);
  return path;
}

describe('the price store', () => {
  it('keeps a sheet across a restart, one file per workspace', async () => {
    const written = await new PriceStore(dataDir()).write(WS, SHEET);
    expect(written.ok).toBe(true);
    expect(await new PriceStore(dataDir()).read(WS)).toEqual({ ok: true, value: SHEET });
    expect(await new PriceStore(dataDir()).read('other')).toEqual({ ok: true, value: null });
    expect(await readdir(join(dataDir(), 'prices'))).toEqual([`${WS}.json`]);
  });

  it('names a workspace id that is not a safe file name by a hash, inside the prices folder', async () => {
    const store = new PriceStore(dataDir());
    expect(workspaceFileName('../../etc/passwd')).toMatch(/^id-[0-9a-f]{32}\.json$/);
    await store.write('../x', SHEET);
    expect(await new PriceStore(dataDir()).read('../x')).toEqual({ ok: true, value: SHEET });
  });

  it.each([
    ['not JSON', '{"version":1,', /is damaged \(it is not JSON\)/],
    ['a newer version', JSON.stringify({ ...SHEET, version: 2, workspaceId: WS }), /version/],
    [
      'a zero price (hand edit)',
      JSON.stringify({ ...SHEET, version: 1, workspaceId: WS, rows: [{ ...SHEET.rows![0], price: '0' }] }),
      /rows\.0\.price: must be greater than zero/,
    ],
    [
      'another workspace',
      JSON.stringify({ ...SHEET, version: 1, workspaceId: 'w2' }),
      /belongs to workspace w2/,
    ],
  ])('answers a file with %s as a clear io error, without throwing or changing it', async (_n, text, why) => {
    const path = await writeRaw(text);
    const read = await new PriceStore(dataDir()).read(WS);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('io');
    expect(read.error.message).toContain(path);
    expect(read.error.message).toMatch(why);
    expect(read.error.message).toMatch(/Set, import or clear the sheet to replace it/);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('replaces a damaged file on the next write', async () => {
    await writeRaw('garbage');
    const store = new PriceStore(dataDir());
    expect((await store.write(WS, SHEET)).ok).toBe(true);
    expect(await new PriceStore(dataDir()).read(WS)).toEqual({ ok: true, value: SHEET });
  });

  it('answers a write that fails as an io error and keeps what it read', async () => {
    const store = new PriceStore(dataDir());
    expect(await store.read(WS)).toEqual({ ok: true, value: null });
    // A file where the folder should be: mkdir fails, for root too.
    await writeFile(join(dataDir(), 'prices'), '');
    const written = await store.write(WS, SHEET);
    expect(!written.ok && written.error).toMatchObject({
      code: 'io',
      message: expect.stringMatching(/could not be saved \(EEXIST\); nothing was changed/),
    });
    expect(await store.read(WS)).toEqual({ ok: true, value: null });
  });
});
