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
  // Natural order: "Address 2 (…)" before "Address 10 (…)", not "Address 1, 10, 100, …".
  const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const names = await view.table.columnTexts('name');
  expect(names).toEqual([...names].sort(natural.compare));
  const numbered = names.filter((n) => /^Address \d+ /.test(n)).map((n) => Number(n.split(' ')[1]));
  expect(numbered.length).toBeGreaterThan(5);
  expect(numbered).toEqual([...numbered].sort((a, b) => a - b));

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

test('"Find in loaded" narrows the loaded addresses at once, without another walk', async ({ app }) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  await expect(view.table.root).toHaveAttribute('data-row-count', '200');
  const walks: string[] = [];
  app.on('request', (r) => {
    if (r.url().includes('/rpc/cryptoAddresses.listAll')) walks.push(r.url());
  });

  // "Address 1" is in "Address 1 (…)", "Address 10 (…)", … but not in "Address 2 (…)".
  await app.getByTestId('address-find').fill('address 1');
  await expect.poll(() => view.table.rowCount()).toBeLessThan(200);
  const count = await view.table.rowCount();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThan(200);
  const names = await view.table.columnTexts('name');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain('address 1');
  await expect(app.getByTestId('address-find-count')).toHaveText(`${count} of 200 loaded`);
  // Case is ignored, and the currency column is searched too.
  await app.getByTestId('address-find').fill('bTc');
  expect(new Set(await view.table.columnTexts('currency'))).toContain('BTC');
  expect(walks).toEqual([]);

  await app.getByTestId('address-find').fill('');
  await expect(view.table.root).toHaveAttribute('data-row-count', '200');
  expect(walks).toEqual([]);
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
