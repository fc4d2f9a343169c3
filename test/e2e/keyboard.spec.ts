/** Keyboard: every tab by its shortcut, arrow keys in the tab bar and in tables, visible focus. */
import { test, expect } from './support/fixtures';
import { LoansPage } from './pages/loans';
import { ALL_TAB_IDS, Shell, TAB_KEYS } from './pages/shell';

test('Alt+1..8 and Alt+0 open each tab', async ({ app }) => {
  const shell = new Shell(app);
  for (const id of ALL_TAB_IDS) {
    await app.keyboard.press(`Alt+${TAB_KEYS[id]}`);
    await expect(shell.view(id)).toBeVisible();
    await expect(shell.tab(id)).toHaveAttribute('aria-selected', 'true');
    await expect(shell.tab(id)).toHaveAttribute('aria-keyshortcuts', `Alt+${TAB_KEYS[id]}`);
  }
  await app.keyboard.press('Alt+1');
  await expect(shell.view('portfolios-wallets')).toBeVisible();
});

test('arrow keys move along the tab bar; focus is visible', async ({ app }) => {
  const shell = new Shell(app);
  await shell.tab('portfolios-wallets').focus();
  await app.keyboard.press('ArrowRight');
  await expect(shell.tab('loans')).toBeFocused();
  await expect(shell.view('loans')).toBeVisible();
  await app.keyboard.press('ArrowLeft');
  await app.keyboard.press('ArrowLeft');
  // Wraps round to the last tab, Workspaces.
  await expect(shell.tab('workspaces')).toBeFocused();
  await expect(shell.view('workspaces')).toBeVisible();

  const outline = await shell.tab('workspaces').evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(outline.visible).toBe(true);
  expect(outline.style).not.toBe('none');
  expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
});

test('tables are navigable: arrows, Home, End select rows and open the detail', async ({ app }) => {
  const shell = new Shell(app);
  const loans = new LoansPage(app);
  await app.keyboard.press('Alt+2');
  await loans.table.waitReady();
  await loans.filterStatuses(['awaiting-approval']);
  await loans.table.sortBy('amount', 'ascending');
  const ids = await loans.table.renderedIds();
  expect(ids).toHaveLength(6);

  await expect(shell.view('loans')).toBeVisible();
  await loans.table.grid.focus();
  await expect(loans.table.grid).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(loans.table.row(ids[0] ?? '')).toHaveAttribute('aria-selected', 'true');
  await expect(loans.detail).toHaveAttribute('data-loan-id', ids[0] ?? '');
  await app.keyboard.press('ArrowDown');
  await expect(loans.detail).toHaveAttribute('data-loan-id', ids[1] ?? '');
  await app.keyboard.press('End');
  await expect(loans.detail).toHaveAttribute('data-loan-id', ids[5] ?? '');
  await expect(loans.table.row(ids[5] ?? '')).toHaveClass(/\bactive\b/);
  await app.keyboard.press('Home');
  await expect(loans.detail).toHaveAttribute('data-loan-id', ids[0] ?? '');
  await app.keyboard.press('ArrowUp');
  await expect(loans.detail).toHaveAttribute('data-loan-id', ids[0] ?? '');
});

test('keyboard focus on the table is visible', async ({ app }) => {
  const loans = new LoansPage(app);
  await app.keyboard.press('Alt+2');
  await loans.table.waitReady();
  // Reach the grid with Tab from the table's toolbar (the column menu button comes just before it).
  await loans.table.root.getByTestId('table-loans-columns').focus();
  await app.keyboard.press('Tab');
  await expect(loans.table.grid).toBeFocused();
  const style = await loans.table.grid.evaluate((el) => ({
    visible: el.matches(':focus-visible'),
    outline: getComputedStyle(el).outlineStyle,
  }));
  expect(style).toEqual({ visible: true, outline: 'solid' });
});
