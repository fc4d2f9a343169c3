/**
 * Reference values (issue 28): a price sheet imported in the Workspaces tab values the wallets and
 * loans "at your prices"; a currency without a price reads "no price" (never 0) and sorts last; a
 * price older than the setting is flagged stale; a bad CSV line is answered with its line number.
 */
import type { Locator } from '@playwright/test';
import { BUILT_IN_SANDBOX_NAME } from '../../src/shared/workspace-rules';
import { test, expect } from './support/fixtures';
import { DataTable } from './pages/data-table';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { PriceSheetPanel } from './pages/price-sheet';
import { Shell } from './pages/shell';
import { WorkspacesPage } from './pages/workspaces';

const HEADER = 'currency,price,quote,asOf,source';
const fresh = () => new Date(Date.now() - 60_000).toISOString();
/** BTC and USDC fresh, ETH a week old (stale at the default 24 h); SOL, XRP, DOGE, USDT unpriced. */
const sheetCsv = () =>
  [
    HEADER,
    `BTC,65000,USD,${fresh()},e2e desk`,
    `USDC,1,USD,${fresh()},e2e desk`,
    `ETH,3200,USD,${new Date(Date.now() - 7 * 86_400_000).toISOString()},e2e desk`,
  ].join('\n');

const amount = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The reference values of the rendered rows, top to bottom: a number, or null for "no price". */
async function referenceValues(table: DataTable): Promise<(number | null)[]> {
  return (await table.columnTexts('referenceValue')).map((t) => (t === 'no price' ? null : amount(t)));
}

/** Sorted by the value: priced rows in order, every "no price" row after them. */
function expectSortedBy(values: (number | null)[], desc: boolean): void {
  const priced = values.filter((v): v is number => v !== null);
  const firstMissing = values.indexOf(null);
  if (firstMissing >= 0) expect(values.slice(firstMissing).every((v) => v === null)).toBe(true);
  expect(priced).toEqual([...priced].sort((a, b) => (desc ? b - a : a - b)));
}

async function importSheet(app: import('@playwright/test').Page): Promise<PriceSheetPanel> {
  const shell = new Shell(app);
  await shell.openTab('workspaces');
  const panel = new PriceSheetPanel(app, new WorkspacesPage(app).card(BUILT_IN_SANDBOX_NAME));
  await panel.open();
  return panel;
}

test('imports a price sheet in the Workspaces tab, answering a bad line with its number', async ({ app }) => {
  const panel = await importSheet(app);
  // The built-in workspace starts from the embedded sandbox's own prices.
  await expect(panel.parts.origin).toContainText("embedded sandbox's prices");
  await expect(panel.parts.rows).toContainText('BTC');

  await panel.saveText(
    `${HEADER}\nBTC,65000,USD,${fresh()},ok\nETH,0,USD,${fresh()},bad\nSOL,1,USD,yesterday,bad`,
  );
  const errors = panel.parts.lineErrors.getByTestId('price-line-error');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toHaveAttribute('data-line', '3');
  await expect(errors.nth(0)).toContainText('must be greater than zero');
  await expect(errors.nth(1)).toHaveAttribute('data-line', '4');
  await expect(errors.nth(1)).toContainText('ISO-8601');

  await panel.importFile(sheetCsv());
  await expect(panel.parts.saved).toHaveText('Saved 3 prices.');
  await expect(panel.parts.lineErrors).toHaveCount(0);
  await expect(panel.parts.rows.getByTestId('price-row-stale')).toHaveCount(1);
});

test('values wallets and loans at your prices, flags stale prices and sorts by the value', async ({
  app,
}) => {
  const panel = await importSheet(app);
  await panel.importFile(sheetCsv());
  await expect(panel.parts.saved).toHaveText('Saved 3 prices.');
  const shell = new Shell(app);

  // Wallets: BTC at 65,000 each, the totals line "at your prices", SOL without a price.
  await shell.openTab('portfolios-wallets');
  const view = new PortfoliosWalletsPage(app);
  await view.wallets.waitReady();
  await view.currencyFilter.selectOption('BTC');
  await expect
    .poll(async () => new Set(await view.wallets.columnTexts('currency')))
    .toEqual(new Set(['BTC']));
  const balances = (await view.wallets.columnTexts('totalBalance')).map(amount);
  const values = await referenceValues(view.wallets);
  values.forEach((v, i) => expect(v).toBeCloseTo((balances[i] ?? NaN) * 65000, 1));
  const reference: Locator = view.totals.getByTestId('wallet-reference-total');
  await expect(reference).toContainText('Wallets at your prices (as of');

  await view.currencyFilter.selectOption('ETH');
  await expect(view.wallets.root.getByTestId('reference-stale').first()).toBeVisible();
  await expect(view.totals.getByTestId('wallet-reference-total-stale')).toBeVisible();

  await view.currencyFilter.selectOption('SOL');
  await expect
    .poll(async () => new Set(await view.wallets.columnTexts('referenceValue')))
    .toEqual(new Set(['no price']));
  await expect(view.totals.getByTestId('wallet-reference-total-unpriced')).toContainText('without a price');

  await view.currencyFilter.selectOption('');
  await view.wallets.sortBy('referenceValue', 'descending');
  expectSortedBy(await referenceValues(view.wallets), true);
  await view.wallets.sortBy('referenceValue', 'ascending');
  expectSortedBy(await referenceValues(view.wallets), false);

  // Loans: the amount at your prices, across currencies.
  await shell.openTab('loans');
  const loans = new DataTable(app, 'loans');
  await loans.waitReady();
  await loans.sortBy('referenceValue', 'descending');
  const loanValues = await referenceValues(loans);
  expect(loanValues.some((v) => v !== null)).toBe(true);
  expectSortedBy(loanValues, true);
});
