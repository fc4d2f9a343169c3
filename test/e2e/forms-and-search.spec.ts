/**
 * Issue 29, items 6 and 10 (forms): the LTV calculator is a form prefilled from the selected loan
 * whose answer reads as an LTV in %, with the bar, the status and the collateral to add (the JSON
 * stays under "Advanced"); accepting a repayment picks the collateral portfolio from a list (a
 * pasted id still goes) and calls a partial acceptance out before it is confirmed; list filters
 * offer the values they know; a tab has one search box whose scope is stated.
 */
import type { Page } from '@playwright/test';
import type { CopperApi } from '../../src/shared/contract';
import { test, expect } from './support/fixtures';
import { AddressBookPage } from './pages/address-book';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';

/** The first loaded crypto address, read through the app's own API as the console would. */
async function someAddress(app: Page): Promise<{ id: string; address: string }> {
  const workspaceId = await app.getByTestId('workspace-switcher').inputValue();
  return app.evaluate(async (workspaceId) => {
    const copper = (window as unknown as { copper: CopperApi }).copper;
    const res = await copper.cryptoAddresses.list({ workspaceId, limit: 50 });
    if (!res.ok) throw new Error(res.error.message);
    const a = res.value.items.find((x) => typeof x.address === 'string' && x.address.length > 10);
    if (!a) throw new Error('no address');
    return { id: a.cryptoAddressId, address: a.address };
  }, workspaceId);
}

test('the LTV calculator starts from the selected loan and answers with an LTV in %, not JSON', async ({
  app,
}) => {
  const loans = new LoansPage(app);
  await new Shell(app).openTab('loans');
  const loanId = await loans.loanIdByExternalId('sandbox-repay-lend-3');
  await loans.openLoan(loanId, 'repaying');
  await app.getByTestId('open-ltv-calculator').click();
  const dry = loans.dryRun;
  await expect(dry.getByTestId('dry-source')).toContainText(loanId);
  // Prefilled: the loan's amount, its posted collateral and the target a top-up returns it to
  // (min(rebalance 60 %, initial 50 %, margin call 80 % − 5 points) = 50 %).
  await expect(dry.getByTestId('dry-loan-amount')).toHaveValue('18363000');
  await expect(dry.getByTestId('dry-loan-currency')).toHaveValue('USDC');
  await expect(dry.getByRole('textbox', { name: 'Collateral 1 amount' })).toHaveValue(/^\d+\.\d+$/);
  await expect(dry.getByRole('combobox', { name: 'Collateral 1 currency' })).toHaveValue(/^(BTC|ETH)$/);
  await expect(dry.getByTestId('dry-target')).toHaveValue('50');
  // The JSON is there, as "advanced", folded away.
  await expect(dry.getByTestId('dry-body')).toBeHidden();
  await dry.getByTestId('dry-submit').click();
  const result = dry.getByTestId('dry-result');
  // The posted collateral was sized for 50 %: the answer reads as a percentage with its status.
  await expect(result.getByTestId('dry-result-ltv')).toHaveText(/^LTV (49\.99|50\.00|50\.01) %$/);
  await expect(result.locator('p').first()).toContainText('healthy');
  await expect(result.getByTestId('dry-result-bar').getByRole('meter')).toBeVisible();
  await expect(result).not.toContainText('"ltv"', { useInnerText: true });

  // A lower target: the exact request shows the ratio sent, and the answer the collateral to add.
  await dry.getByTestId('dry-target').fill('25');
  await dry.getByTestId('dry-request').locator('summary').click();
  await expect(dry.getByTestId('dry-request-body')).toContainText('"targetLtv":"0.25"');
  await dry.getByTestId('dry-submit').click();
  await expect(result.getByTestId('dry-result-topup')).toHaveText(
    /^Collateral to add: [\d,]+\.\d+ (BTC|ETH) to reach an LTV of 25\.00 %\.$/,
  );
});

test('accept repayment: the collateral portfolio is picked from a list, and a partial acceptance is called out', async ({
  app,
}) => {
  const loans = new LoansPage(app);
  const confirm = new ConfirmDialog(app);
  await loans.openSeeded('sandbox-repay-lend-2', 'repaying');
  await loans.action('loans.acceptRepayment').click();
  const form = loans.actionForm('loans.acceptRepayment');
  const requested = await form.getByTestId('action-amount').inputValue();
  expect(requested).toMatch(/^\d+(\.\d+)?$/);
  // The full request is no partial acceptance.
  await expect(form.getByTestId('action-partial')).toHaveCount(0);

  const picker = form.getByRole('combobox', { name: 'Collateral portfolio (optional)' });
  const first = picker.locator('option[data-portfolio]').first();
  const portfolioId = (await first.getAttribute('value')) ?? '';
  expect(portfolioId).not.toBe('');
  await picker.selectOption(portfolioId);

  await form.getByTestId('action-amount').fill('1');
  await expect(form.getByTestId('action-partial')).toHaveText(
    `Partial acceptance: 1 of ${requested} BTC requested.`,
  );
  await loans.review.click();
  await expect(confirm.detail('Acceptance')).toHaveText(`partial: 1 of ${requested} BTC`);
  await expect(confirm.field('collateralPortfolioId')).toHaveText(portfolioId);
  await confirm.root.getByRole('button', { name: 'Back' }).click();
  await expect(confirm.root).toBeHidden();

  // An id the list does not hold can still be pasted.
  await picker.selectOption({ label: 'Another id (paste it)…' });
  await form.getByTestId('action-portfolio-id').fill('portfolio-pasted-1');
  await loans.review.click();
  await expect(confirm.field('collateralPortfolioId')).toHaveText('portfolio-pasted-1');
  await confirm.root.getByRole('button', { name: 'Back' }).click();
});

test('the address book has one search box: the loaded rows at once, or exact addresses on the platform', async ({
  app,
}) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  await expect(view.table.root).toHaveAttribute('data-row-count', '200');
  const tab = app.locator('main');
  await expect(tab.getByRole('searchbox')).toHaveCount(1);
  await expect(view.filters.getByTestId('filter-addresses')).toHaveCount(0);
  const search = app.getByTestId('address-find');
  const walks: string[] = [];
  app.on('request', (r) => {
    if (r.url().includes('/rpc/cryptoAddresses.listAll')) walks.push(r.url());
  });

  // Scope "loaded": narrows at once, nothing is asked.
  await expect(app.getByRole('radio', { name: 'Loaded rows' })).toBeChecked();
  await expect(app.getByTestId('address-find-help')).toContainText('loaded');
  await search.fill('address 1');
  await expect.poll(() => view.table.rowCount()).toBeLessThan(200);
  expect(walks).toEqual([]);
  await search.fill('');

  // Scope "platform": exact addresses, asked on Enter.
  const { id, address } = await someAddress(app);
  await app.getByRole('radio', { name: 'Platform' }).check();
  await expect(app.getByTestId('address-find-help')).toContainText('exact');
  await search.fill(address);
  await search.press('Enter');
  await expect(view.table.root).toHaveAttribute('data-row-count', '1');
  expect(walks.length).toBe(1);
  await expect(view.table.row(id)).toBeVisible();
});

test('list filters offer the values they know and still take others', async ({ app }) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  const currencies = view.listFilter('currencies');
  await view.filters.getByTestId('filter-currencies-pick').click();
  const menu = app.getByTestId('filter-currencies-pick-menu');
  await menu.getByRole('checkbox', { name: 'BTC', exact: true }).check();
  await menu.getByRole('checkbox', { name: 'ETH', exact: true }).check();
  await app.keyboard.press('Escape');
  await expect(currencies).toHaveValue('BTC, ETH');
  // A value the console does not know is typed as before.
  await currencies.fill('BTC, ETH, XYZ');
  await view.applyAndLoad();
  await expect.poll(() => view.table.rowCount()).toBeGreaterThan(0);
  expect(await view.table.rowCount()).toBeLessThan(200);
});
