/**
 * Agent wallets & exchange: the list, an exchange action from a template through the
 * confirmation, the answer as returned, the session list; invalid JSON never leaves the console;
 * a refusal by the platform shows its message.
 */
import { test, expect } from './support/fixtures';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { RequestHistoryPage } from './pages/request-history';
import { Shell } from './pages/shell';

test('lists agent wallets with their statuses', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  await view.open();
  expect(await view.wallets.rowCount()).toBeGreaterThanOrEqual(3);
  const statuses = new Set(await view.wallets.columnTexts('status'));
  expect(statuses).toContain('active');
  expect(statuses).toContain('pending');
  expect(await view.wallets.columnTexts('revoke')).toContain('revoke pending');
  expect(new Set(await view.wallets.columnTexts('portfolio'))).toContain('Hyperliquid Desk');
});

test('submits an order from a template through the confirmation and shows the answer', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  await view.submitTemplate('order');
  await confirm.expectWorkspace('SANDBOX');
  await expect(confirm.detail('What it does')).toContainText('BUY 0.01 @ 30000');
  // The body is platform-facts' {action, nonce}: no portfolio id, the nonce set by the main side.
  await expect(confirm.field('action.type')).toHaveText('order');
  await expect(confirm.field('nonce')).toHaveText(/^\d{13}$/);
  await expect(confirm.root.getByTestId('confirm-fields')).not.toContainText('portfolioId');
  await expect(confirm.submit).toHaveText('Send exchange action “order”');
  await confirm.submit.click();
  await expect(confirm.result).toHaveText('The exchange accepted it (1 of 1 entries ok).');
  await expect(confirm.root.getByTestId('order-status-0')).toHaveAttribute('data-kind', 'resting');
  await confirm.close.click();

  await expect(view.response.getByTestId('order-status-0')).toContainText('oid');
  await expect(view.session.rows).toHaveCount(1);
  expect(await view.session.columnTexts('type')).toEqual(['order']);
  expect(await view.session.columnTexts('result')).toEqual(['done']);

  // A second action from another template joins the session list, newest first.
  await view.template('updateLeverage').click();
  await view.submit.click();
  await confirm.submit.click();
  await expect(confirm.result).toHaveText('The exchange accepted it.');
  await confirm.close.click();
  await expect(view.session.rows).toHaveCount(2);
  expect(await view.session.columnTexts('type')).toEqual(['updateLeverage', 'order']);
});

test('invalid JSON is refused before anything is sent', async ({ app }) => {
  const shell = new Shell(app);
  const view = new AgentWalletsPage(app);
  await view.open();
  await view.advanced.click();
  await view.json.fill('{"type": "order", "orders": [');
  await expect(view.invalid).toBeVisible();
  await expect(view.submit).toBeDisabled();
  await view.json.fill(
    '{"type": "order", "orders": [{"a": 0, "b": true, "p": "abc", "s": "1", "r": false}]}',
  );
  await expect(view.invalid).toContainText('orders.0');
  await expect(view.submit).toBeDisabled();

  await shell.openTab('request-history');
  const history = new RequestHistoryPage(app);
  await history.table.waitReady();
  expect((await history.table.columnTexts('path')).some((p) => p.includes('/exchange'))).toBe(false);
});

test('a refusal by the exchange shows its message and is recorded as refused', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  await view.open();
  await view.advanced.click();
  // The template modifies order 123456789, which the exchange does not know: it answers status err.
  await view.template('modify').click();
  await view.submit.click();
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(confirm.result).toContainText('Failed: the exchange refused it');
  await app.keyboard.press('Escape');
  await expect(view.session.rows).toHaveCount(1);
  expect(await view.session.columnTexts('result')).toEqual(['refused']);
});
