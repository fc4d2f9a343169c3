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
  const shell = new Shell(app);
  const view = new AgentWalletsPage(app);
  await shell.openTab('agent-wallets');
  await view.wallets.waitReady();
  expect(await view.wallets.rowCount()).toBeGreaterThanOrEqual(3);
  const statuses = new Set(await view.wallets.columnTexts('status'));
  expect(statuses).toContain('active');
  expect(statuses).toContain('pending');
  expect(await view.wallets.columnTexts('revoke')).toContain('revoke pending');
  expect(new Set(await view.wallets.columnTexts('portfolio'))).toContain('Hyperliquid Desk');
});

test('submits an order from a template through the confirmation and shows the answer', async ({ app }) => {
  const shell = new Shell(app);
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  await shell.openTab('agent-wallets');
  await view.wallets.waitReady();
  await expect(view.submit).toBeDisabled();
  const portfolioId = await view.chooseComposerPortfolio('Hyperliquid Desk');

  await view.template('order').click();
  await expect(view.valid).toBeVisible();
  await view.submit.click();
  await expect(confirm.environment).toHaveText('SANDBOX');
  await expect(confirm.organization).toHaveText(await shell.organization.innerText());
  await expect(confirm.target).toContainText(portfolioId);
  await expect(confirm.detail('Action')).toContainText('0.01');
  await confirm.submit.click();
  await expect(confirm.result).toHaveText('The exchange answered ok (order).');
  await confirm.close.click();

  await expect(view.response).toContainText('"status": "ok"');
  await expect(view.response).toContainText('"resting"');
  await expect(view.session.rows).toHaveCount(1);
  expect(await view.session.columnTexts('type')).toEqual(['order']);
  expect(await view.session.columnTexts('result')).toEqual(['ok']);

  // A second action from another template joins the session list, newest first.
  await view.template('updateLeverage').click();
  await view.submit.click();
  await confirm.submit.click();
  await expect(confirm.result).toHaveText('The exchange answered ok (default).');
  await confirm.close.click();
  await expect(view.session.rows).toHaveCount(2);
  expect(await view.session.columnTexts('type')).toEqual(['updateLeverage', 'order']);
});

test('invalid JSON is refused before anything is sent', async ({ app }) => {
  const shell = new Shell(app);
  const view = new AgentWalletsPage(app);
  await shell.openTab('agent-wallets');
  await view.chooseComposerPortfolio('Hyperliquid Desk');
  await view.json.fill('{"type": "order", "orders": [');
  await expect(view.invalid).toBeVisible();
  await expect(view.submit).toBeDisabled();
  await view.json.fill(
    '{"type": "order", "orders": [{"a": 0, "b": true, "p": "abc", "s": "1", "r": false}]}',
  );
  await expect(view.invalid).toContainText('orders[0]');
  await expect(view.submit).toBeDisabled();

  await shell.openTab('request-history');
  const history = new RequestHistoryPage(app);
  await history.table.waitReady();
  expect((await history.table.columnTexts('path')).some((p) => p.includes('/exchange'))).toBe(false);
});

test('a refusal by the platform shows its message', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  await new Shell(app).openTab('agent-wallets');
  // Only a pending agent wallet there: the platform answers 409.
  await view.chooseComposerPortfolio('Hyperliquid Onboarding');
  await view.template('order').click();
  await view.submit.click();
  await confirm.submit.click();
  await expect(confirm.errorMessage).toHaveText('the portfolio has no active agent wallet');
  await app.keyboard.press('Escape');
  await expect(view.session.rows).toHaveCount(1);
  expect(await view.session.columnTexts('result')).toEqual(['failed']);
});
