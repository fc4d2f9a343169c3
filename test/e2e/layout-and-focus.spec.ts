/**
 * Issue 29, item 8 (keyboard and layout): menus take focus and give it back, a skip link passes the
 * table's header buttons, the tab bar overflows into a More menu instead of cutting tabs off, the
 * top bar fits on one line at 1280 px, the detail pane is a split resizable from the keyboard whose
 * width is kept, the key columns stay in view beside it, the guard meters explain themselves, and
 * every settings panel uses the one form layout.
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
  await loans.expectDetailRead(loanId ?? '');
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

/**
 * What breaks the settings panels' one layout (Form `layout`, ButtonRow), in a panel: a form with
 * no layout, a button outside the one button row (a table row's own button aside), a primary
 * button that is not first in its row, a field whose label is not above it, a checkbox or radio
 * button not on its label's row. Also the gap of each button row, to compare across panels.
 */
async function layoutOf(panel: Locator): Promise<{ problems: string[]; gaps: string[] }> {
  await expect(panel).toBeVisible();
  return panel.evaluate((root) => {
    const problems: string[] = [];
    const name = (e: Element) =>
      e.getAttribute('data-testid') ??
      e.getAttribute('aria-label') ??
      (e.textContent ?? '').trim().slice(0, 40);
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    const forms = [...(root.matches('form') ? [root] : []), ...root.querySelectorAll('form')];
    for (const form of forms) {
      if (!form.matches('.form-grid, .form-row')) problems.push(`form "${name(form)}" has no layout`);
    }
    for (const button of root.querySelectorAll('button, label.btn')) {
      if (!shown(button) || button.closest('table, summary')) continue;
      if (!button.closest('.form-actions'))
        problems.push(`button "${name(button)}" is outside the button row`);
    }
    const gaps: string[] = [];
    for (const row of root.querySelectorAll('.form-actions')) {
      gaps.push(getComputedStyle(row).columnGap);
      const buttons = [...row.querySelectorAll('button, label.btn')];
      const primary = buttons.find((b) => b.classList.contains('primary'));
      if (primary && primary !== buttons[0])
        problems.push(`primary "${name(primary)}" is not first in its row`);
    }
    for (const input of root.querySelectorAll('input, select, textarea')) {
      const label = input.closest('label');
      const type = input.getAttribute('type');
      // A label only a screen reader reads (a unit beside its amount) has no place on screen.
      if (!label || !shown(input) || type === 'file' || label.querySelector(':scope > .sr-only')) continue;
      const i = input.getBoundingClientRect();
      const l = label.getBoundingClientRect();
      if (type === 'checkbox' || type === 'radio') {
        // Beside its label: the label is one row, as high as the box or its text line.
        const beside = Math.abs((i.top + i.bottom) / 2 - (l.top + l.bottom) / 2) <= 4 && l.height < 2 * 16;
        if (!beside) problems.push(`${type} "${name(input)}" is not beside its label`);
      } else if (i.top - l.top < 8) {
        problems.push(`field "${name(input)}" has its label beside it, not above`);
      }
    }
    return { problems, gaps };
  });
}

test('every settings panel uses the one form layout: fields, checkboxes and one button row', async ({
  app,
}) => {
  await app.setViewportSize(SMALL);
  const shell = new Shell(app);
  const gaps: string[] = [];
  const check = async (what: string, panel: Locator) => {
    const found = await layoutOf(panel);
    expect(found.problems, what).toEqual([]);
    gaps.push(...found.gaps);
  };

  await shell.openTab('workspaces');
  const view = app.getByTestId('workspaces-view');
  for (const id of [
    'keychain-panel',
    'add-workspace-form',
    'operator-name-setting',
    'time-zone-setting',
    'update-settings',
  ]) {
    await check(id, view.getByTestId(id));
  }
  // A radio button beside its label is what the time zone setting is made of: not vacuous.
  await expect(view.getByTestId('time-zone-setting').locator('input[type="radio"]')).toHaveCount(2);

  const card = view.getByTestId('workspace-card').first();
  await card.getByTestId('edit-workspace').click();
  await check('workspace settings', card.getByTestId('workspace-settings-form'));
  await card.getByTestId('price-sheet-toggle').click();
  await expect(card.getByTestId('price-sheet-origin')).toBeVisible();
  await check('price sheet', card.getByTestId('price-sheet'));

  await shell.openTab('risk');
  await check('risk watch settings', app.getByTestId('risk-settings'));

  await shell.openTab('journal');
  await app.getByTestId('journal-export-start').click();
  await expect(app.getByTestId('journal-export-path')).toBeVisible();
  await check('journal export', app.getByTestId('journal-export'));

  await shell.openTab('webhooks');
  await check('webhook receiver', app.getByTestId('webhook-receiver').locator('form'));

  expect(gaps.length).toBeGreaterThan(6);
  expect(new Set(gaps), 'one spacing in every button row').toEqual(new Set([gaps[0]]));
});
