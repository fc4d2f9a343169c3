/**
 * The composition root's own wiring (src/main/app/create-app.ts): what it adds around the services'
 * handlers. Here: a removed workspace's per-workspace files (its price sheet and exchange asset
 * table) go with it, so a later workspace never finds a stranger's prices.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/main-app';
import { workspaceFileName } from '../../../src/main/workspaces/workspace-json-file';
import { PRICES_DIR } from '../../../src/main/prices/price-store';
import { ASSETS_DIR } from '../../../src/main/exchange-assets/asset-table-store';
import { PAGE_SIZES_DIR } from '../../../src/main/platform/page-size-store';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('create-app-');
});
afterAll(() => t.close());

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('workspaces.remove', () => {
  it('deletes the workspace’s price sheet, asset table and page sizes, and leaves other workspaces’ files', async () => {
    const files = (id: string) =>
      [PRICES_DIR, ASSETS_DIR, PAGE_SIZES_DIR].map((d) => join(t.dataDir, d, workspaceFileName(id)));
    const make = async (name: string) => {
      const { id } = await t.value<{ id: string }>('workspaces.create', {
        name,
        environment: 'sandbox',
        organizationId: 'org-1',
        baseUrl: 'http://127.0.0.1:9/platform',
      });
      await t.value('prices.set', {
        workspaceId: id,
        rows: [
          { currency: 'BTC', price: '65000', quote: 'USD', asOf: '2026-11-27T10:00:00Z', source: 'desk' },
        ],
      });
      await t.value('exchangeAssets.set', {
        workspaceId: id,
        assets: [{ index: 0, name: 'BTC', szDecimals: 5 }],
      });
      // Issue 30: the learned page sizes (a reset writes the workspace's file).
      expect(await t.value('pageSizes.reset', { workspaceId: id })).toEqual([]);
      return id;
    };
    const gone = await make('Removed desk');
    const kept = await make('Kept desk');
    for (const path of [...files(gone), ...files(kept)]) expect(await exists(path)).toBe(true);

    await t.value('workspaces.remove', { id: gone });

    for (const path of files(gone)) expect(await exists(path)).toBe(false);
    for (const path of files(kept)) expect(await exists(path)).toBe(true);
  });
});
