/** Address book: fetch-all, filters applied on the platform, detail, hostile text shown inertly. */
import { test, expect } from './support/fixtures';
import { AddressBookPage } from './pages/address-book';
import { Shell } from './pages/shell';

test('loads every address, filters by currency and whitelist, sorts by name', async ({ app }) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  await expect(view.table.root).toHaveAttribute('data-row-count', '200');
  await expect(view.table.header('name')).toHaveAttribute('aria-sort', 'ascending');
  const names = await view.table.columnTexts('name');
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await view.listFilter('currencies').fill('BTC');
  await view.applyAndLoad();
  const btc = await view.table.rowCount();
  expect(btc).toBeGreaterThan(0);
  expect(btc).toBeLessThan(200);

  await view.whitelistedOnly.check();
  await view.applyAndLoad();
  await expect.poll(() => view.table.rowCount()).toBeLessThanOrEqual(btc);
  expect(new Set(await view.table.columnTexts('isWhitelist'))).toEqual(new Set(['whitelisted']));
});

test('opens an address; hostile names are shown as text, never as markup', async ({ app }) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  const first = (await view.table.renderedIds())[0] ?? '';
  await view.table.row(first).click();
  await expect(view.detail).toBeVisible();
  await expect(view.detail).toContainText(first);
  // Seeded names include `<img src=x onerror=…>` and `<script>`: no element may come of them.
  await expect(app.locator('main img, main script')).toHaveCount(0);
});
