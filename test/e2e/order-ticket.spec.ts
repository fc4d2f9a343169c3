/**
 * The order ticket (issue 28, item 5) in Chromium at 1280×720, against the embedded sandbox: the
 * notional shows as the operator types; an order under the exchange's $10 minimum, or with more
 * size decimals than the asset takes, is refused before anything is prepared (no confirmation, no
 * request); a valid order is confirmed as one line, its fields on expand, and sent exactly once.
 * The asset table is edited and imported, and the ticket offers what it holds.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { countRequests } from './support/platform-request';
import { ConfirmDialog } from './pages/confirm-dialog';
import { OrderTicketPage } from './pages/order-ticket';
import { DataTable } from './pages/data-table';
import { Shell } from './pages/shell';

test.use({ viewport: { width: 1280, height: 720 } });

const baseUrlOf = async (page: Page) => (await new Shell(page).workspaceName.getAttribute('title')) ?? '';

/** The element lies wholly inside the 1280×720 window. */
async function expectInWindow(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, testId).not.toBeNull();
  if (!box) return;
  expect(box.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${testId} bottom`).toBeLessThanOrEqual(720);
}

test('a below-$10 order is refused before prepare; a valid one is confirmed as a line and sent once', async ({
  app,
}) => {
  const ticket = new OrderTicketPage(app);
  const confirm = new ConfirmDialog(app);
  await ticket.open();
  const baseUrl = await baseUrlOf(app);
  const before = await countRequests(baseUrl, 'POST', '/exchange');
  // The sandbox workspace starts with a default table; the portfolio the request goes through is named.
  await expect(ticket.asset.locator('option')).toHaveText(['Choose…', 'BTC (#0)', 'ETH (#1)', 'SOL (#5)']);
  await expect(ticket.portfolio).toHaveText('Hyperliquid Desk');
  await expect(ticket.signer).toContainText('agent wallet');

  await ticket.fillOrder({ asset: 'BTC', size: '0.0001', price: '30000' });
  await expect(ticket.notional).toContainText('3 USD');
  await expect(ticket.refused).toContainText("below the exchange's minimum of 10 USD");
  await expect(ticket.review).toBeDisabled();
  await ticket.price.press('Enter');
  await expect(confirm.root).toBeHidden();

  await ticket.size.fill('0.000001');
  await expect(ticket.sizeError).toHaveText(
    'BTC sizes take at most 5 decimals (szDecimals 5); 0.000001 has 6',
  );

  await ticket.fillOrder({ size: '0.5', price: '62000' });
  await expect(ticket.notional).toContainText('31,000 USD');
  await expect(ticket.refused).toBeHidden();
  expect(await countRequests(baseUrl, 'POST', '/exchange')).toBe(before);

  await ticket.review.click();
  await expect(confirm.root.getByTestId('confirm-line')).toHaveText([
    'BUY 0.5 BTC @ 62,000 GTC · notional 31,000',
  ]);
  // The field view is one click away, and holds exactly what the line says.
  await expect(confirm.root.getByTestId('confirm-fields')).toBeHidden();
  await confirm.root.getByTestId('confirm-fields-details').locator('summary').click();
  await expect(confirm.field('action.orders[0].s')).toHaveText('0.5');
  await expect(confirm.field('action.orders[0].p')).toHaveText('62000');
  await expect(confirm.field('action.orders[0].a')).toHaveText('0');
  await confirm.root.getByTestId('confirm-fields-details').locator('summary').click();
  await expectInWindow(app, 'confirm-submit');

  await confirm.submit.click();
  await expect(confirm.result).toHaveText('The exchange accepted it (1 of 1 entries ok).');
  await confirm.close.click();
  expect(await countRequests(baseUrl, 'POST', '/exchange')).toBe(before + 1);
});

test('the asset table is edited and imported, and the ticket offers what it holds', async ({ app }) => {
  const ticket = new OrderTicketPage(app);
  await ticket.open();
  await ticket.assetTable.locator('summary').click();
  await expect(ticket.assetTable).toContainText('the local sandbox’s default, not saved yet');

  await ticket.assetCsv.fill('index,name,szDecimals\n0,BTC,5\n0,ETH,4\n');
  await expect(app.getByTestId('asset-table-errors')).toContainText('line 3: index 0 is already used by BTC');
  await expect(ticket.assetSave).toBeDisabled();
  await ticket.assetCsv.fill('index,name,szDecimals\n0,BTC,5\n159,HYPE,2\n');
  await ticket.assetSave.click();
  await expect(ticket.assetTable).toContainText('2 assets (saved for this workspace)');
  await expect(ticket.asset.locator('option')).toHaveText(['Choose…', 'BTC (#0)', 'HYPE (#159)']);

  await ticket.assetFile.setInputFiles({
    name: 'assets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('index,name,szDecimals,pxDecimals\n1,ETH,4,2\n10001,PURR/USDC,0\n'),
  });
  await expect(ticket.asset.locator('option')).toHaveText(['Choose…', 'ETH (#1)', 'PURR/USDC (#10001)']);
  // ETH's prices take 2 decimals in the imported table.
  await ticket.fillOrder({ asset: 'ETH', size: '1', price: '3000.125' });
  await expect(ticket.root.getByTestId('ticket-price-error')).toHaveText(
    'ETH prices take at most 2 decimals; 3000.125 has 3',
  );

  // Kept by the main side: a reload shows the imported table.
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
  await ticket.open();
  await expect(ticket.asset.locator('option')).toHaveText(['Choose…', 'ETH (#1)', 'PURR/USDC (#10001)']);
});

test('a wallet picked in the list is the signer the ticket names, with its whole address', async ({
  app,
}) => {
  const ticket = new OrderTicketPage(app);
  const wallets = new DataTable(app, 'agent-wallets');
  await ticket.open();
  await wallets.waitReady();
  const ids = await wallets.renderedIds();
  expect(ids.length).toBeGreaterThan(1);
  const before = await ticket.signer.textContent();
  for (const id of ids.slice(0, 2)) {
    await wallets.row(id).click();
    const name = (await (await wallets.cell(id, 'name')).textContent()) ?? '';
    const address =
      (await (await wallets.cell(id, 'address')).locator('.mono[title]').getAttribute('title')) ?? '';
    expect(address).not.toBe('');
    await expect(ticket.signer).toContainText('Selected in the list');
    await expect(app.getByTestId('ticket-wallet')).toHaveText(name);
    await expect(ticket.signer.getByTestId('ticket-wallet-address')).toHaveAttribute('data-address', address);
  }
  expect(before).not.toContain('Selected in the list');
});
