/**
 * Issue 29, item 8 (keyboard and layout): menus take focus and give it back, a skip link passes the
 * table's header buttons, the tab bar overflows into a More menu instead of cutting tabs off, the
 * top bar fits on one line at 1280 px, the detail pane is a split resizable from the keyboard whose
 * width is kept, the key columns stay in view beside it, and the guard meters explain themselves.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { LoansPage } from './pages/loans';
import { ALL_TAB_IDS, DATA_TAB_IDS, Shell } from './pages/shell';

const SMALL = { width: 1280, height: 720 };

async function openALoan(app: Page): Promise<LoansPage> {
  await app.setViewportSize(SMALL);
  const loans = new LoansPage(app);
  await new Shell(app).openTab('loans');
  await loans.openLoan(await loans.loanIdByExternalId('sandbox-repay-lend-2'), 'repaying');
  return loans;
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (b === null) throw new Error('not rendered');
  return b;
};

test('the Columns menu takes focus when it opens and gives it back to its button', async ({ app }) => {
  const loans = await openALoan(app);
  const button = loans.table.root.getByTestId('table-loans-columns');
  await button.focus();
  await app.keyboard.press('Enter');
  const menu = app.getByTestId('table-loans-columns-menu');
  await expect(menu).toBeVisible();
  await expect(menu.locator('input[type="checkbox"]').first()).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Escape closed the menu only: the detail pane behind it stays open.
  await expect(loans.detail).toBeVisible();
});

test('a skip link before the column menu takes focus past the header buttons to the detail pane', async ({
  app,
}) => {
  const loans = await openALoan(app);
  await loans.table.root.getByTestId('table-loans-columns').focus();
  await app.keyboard.press('Shift+Tab');
  const skip = loans.table.root.getByTestId('table-loans-skip');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to the detail pane');
  expect((await box(skip)).width).toBeGreaterThan(40); // seen while focused
  await app.keyboard.press('Enter');
  await expect(loans.detail).toBeFocused();
  // The next Tab is inside the pane, not on a column header.
  await app.keyboard.press('Tab');
  expect(await loans.detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('at 1280×720 every tab is in the bar; narrower, the rest are in a More menu, Workspaces stays', async ({
  app,
}) => {
  const shell = new Shell(app);
  await app.setViewportSize(SMALL);
  for (const id of ALL_TAB_IDS) {
    const b = await box(shell.tab(id));
    expect(b.x + b.width, `${id} inside the window`).toBeLessThanOrEqual(SMALL.width);
  }
  await expect(app.getByTestId('tab-more')).toHaveCount(0);

  await app.setViewportSize({ width: 900, height: 720 });
  const more = app.getByTestId('tab-more');
  await expect(more).toBeVisible();
  const workspaces = await box(shell.tab('workspaces'));
  expect(workspaces.x + workspaces.width).toBeLessThanOrEqual(900);
  const hidden: string[] = [];
  for (const id of DATA_TAB_IDS) if (!(await shell.tab(id).isVisible())) hidden.push(id);
  expect(hidden.length).toBeGreaterThan(0);
  expect(hidden).toContain('journal');

  await more.focus();
  await app.keyboard.press('Enter');
  const menu = app.getByTestId('tab-more-menu');
  await expect(menu.getByRole('button')).toHaveText(hidden.map(() => /./));
  await expect(app.getByTestId(`tab-more-${hidden[0]}`)).toBeFocused();
  await app.getByTestId('tab-more-journal').click();
  await expect(shell.view('journal')).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(more).toHaveText(/^More: Journal/);
});

test('the top bar fits on one line at 1280 px', async ({ app }) => {
  await app.setViewportSize(SMALL);
  const brand = app.locator('.topbar .brand');
  await expect(brand).toHaveText('Copper Operator');
  const lineHeight = await brand.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16);
  expect((await box(brand)).height).toBeLessThan(lineHeight * 1.5);
  const bar = await box(app.locator('.topbar'));
  expect(bar.x + bar.width).toBeLessThanOrEqual(SMALL.width);
});

test('the detail pane is a split resized from the keyboard; its width is kept; key columns stay in view', async ({
  app,
}) => {
  const loans = await openALoan(app);
  const amount = await box(loans.table.header('amount'));
  const before = await box(loans.detail);
  expect(amount.x + amount.width, 'Amount beside the pane').toBeLessThanOrEqual(before.x);

  const handle = app.getByTestId('detail-resize');
  await expect(handle).toHaveAttribute('role', 'separator');
  await handle.focus();
  await app.keyboard.press('ArrowLeft');
  await app.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await box(loans.detail)).width).toBeCloseTo(before.width + 48, 0);
  await expect(handle).toHaveAttribute('aria-valuenow', String(Math.round(before.width + 48)));
  await app.keyboard.press('Home');
  await expect.poll(async () => (await box(loans.detail)).width).toBe(280);

  const loanId = await loans.detail.getAttribute('data-loan-id');
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  // The tab, its filter and the selection come back with the saved UI state; the width with them.
  await new Shell(app).openTab('loans');
  if (!(await loans.detail.isVisible())) await loans.table.row(loanId ?? '').click();
  await expect(loans.detail).toHaveAttribute('data-loan-id', loanId ?? '');
  expect((await box(loans.detail)).width).toBe(280);
});

test('the guard meters explain the platform limits on focus', async ({ app }) => {
  await app.setViewportSize(SMALL);
  const auth = app.getByTestId('guard-auth');
  await auth.focus();
  const tip = app.getByTestId('guard-auth-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('At 30 the platform locks the key out');
  await expect(auth).toHaveAccessibleDescription(/Failed authentications with this API key in the last hour/);
  await expect(app.getByTestId('guard-requests')).toHaveAccessibleDescription(/429/);
});
