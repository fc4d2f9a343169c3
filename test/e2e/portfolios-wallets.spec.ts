/** Portfolios & wallets: load, select a portfolio, filter wallets, totals, sort, columns. */
import { test, expect } from './support/fixtures';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { Shell } from './pages/shell';

const num = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('loads portfolios and wallets; a selected portfolio filters the wallets', async ({ app }) => {
  const view = new PortfoliosWalletsPage(app);
  await expect(new Shell(app).view('portfolios-wallets')).toBeVisible();
  await view.portfolios.waitReady();
  await view.wallets.waitReady();
  const portfolioCount = await view.portfolios.rowCount();
  const walletCount = await view.wallets.rowCount();
  expect(portfolioCount).toBeGreaterThan(5);
  expect(walletCount).toBeGreaterThan(portfolioCount);
  // Default sort: portfolios by name.
  await expect(view.portfolios.header('portfolioName')).toHaveAttribute('aria-sort', 'ascending');
  const names = await view.portfolios.columnTexts('portfolioName');
  expect(names).toContain('Hyperliquid Desk');

  const deskId = (await view.portfolios.renderedIds())[names.indexOf('Hyperliquid Desk')] ?? '';
  // On the name: the row's centre can be an id cell's copy button, which does not select the row.
  await view.portfolios.row(deskId).getByRole('gridcell').first().click();
  await expect(view.portfolioFilter).toHaveValue(deskId);
  await expect.poll(() => view.wallets.rowCount()).toBeLessThan(walletCount);
  expect(new Set(await view.wallets.columnTexts('portfolio'))).toEqual(new Set(['Hyperliquid Desk']));
});

test('filters wallets by currency and type, totals follow, sorting by balance', async ({ app }) => {
  const view = new PortfoliosWalletsPage(app);
  await view.wallets.waitReady();
  const all = await view.wallets.rowCount();

  await view.currencyFilter.selectOption('BTC');
  await expect.poll(() => view.wallets.rowCount()).toBeLessThan(all);
  expect(new Set(await view.wallets.columnTexts('currency'))).toEqual(new Set(['BTC']));
  await expect(view.total('BTC')).toBeVisible();
  await expect(view.totals.locator('[data-testid^="total-"]')).toHaveCount(1);

  await view.wallets.sortBy('totalBalance', 'descending');
  const down = (await view.wallets.columnTexts('totalBalance')).map(num);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  await view.wallets.sortBy('totalBalance', 'ascending');
  const up = (await view.wallets.columnTexts('totalBalance')).map(num);
  expect(up).toEqual([...up].sort((a, b) => a - b));

  await view.currencyFilter.selectOption('');
  await view.typeFilter.selectOption('clearloop');
  await expect.poll(() => view.wallets.rowCount()).toBeLessThan(all);
  expect(new Set(await view.wallets.columnTexts('portfolioType'))).toEqual(new Set(['clearloop']));
});

test('columns can be hidden and shown again', async ({ app }) => {
  const view = new PortfoliosWalletsPage(app);
  await view.wallets.waitReady();
  await expect(view.wallets.sortButton('stakeBalance')).toBeVisible();
  await view.wallets.setColumnVisible('stakeBalance', false);
  await expect(view.wallets.sortButton('stakeBalance')).toHaveCount(0);
  await view.wallets.setColumnVisible('stakeBalance', true);
  await expect(view.wallets.sortButton('stakeBalance')).toBeVisible();
});
