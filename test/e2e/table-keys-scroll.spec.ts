/**
 * Keyboard navigation that has to scroll the table: the virtualised rows live in the table's
 * scroll component (data-table/TableScroll.tsx), and End / Home / PageDown move the active row by
 * scrolling it into view through that component's virtualizer. On the Activities tab (rows read by
 * position from the main side's row model) the active row must be rendered after each key, and the
 * rows at the ends shown.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { ActivitiesPage } from './pages/activities';
import { Shell } from './pages/shell';

/** Whether the row at a 1-based position is rendered and shows in the grid, whole, below its sticky header. */
async function inView(grid: Locator, rowIndex: number): Promise<boolean> {
  return grid.evaluate((el, i) => {
    const row = el.querySelector(`[data-testid="row"][aria-rowindex="${i}"]`);
    const head = el.querySelector('.dt-head');
    if (!row || !head) return false;
    const r = row.getBoundingClientRect();
    // The visible area below the sticky header: the box's padding box, without its scrollbars.
    const top = head.getBoundingClientRect().bottom;
    const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
    return r.top >= top - 1 && r.bottom <= bottom + 1;
  }, rowIndex);
}

test('End, Home and PageDown scroll the table to the active row', async ({ app }) => {
  const view = new ActivitiesPage(app);
  await new Shell(app).openTab('activities');
  await view.table.waitReady();
  const total = await view.table.rowCount();
  // Enough rows that the last one starts out of view.
  expect(total).toBeGreaterThan(100);
  const grid = view.table.grid;
  expect(await inView(grid, total)).toBe(false);

  await grid.focus();
  await app.keyboard.press('ArrowDown');
  const active = view.table.root.locator('[data-testid="row"].active');
  await expect(active).toHaveAttribute('aria-rowindex', '1');

  await app.keyboard.press('End');
  await expect(active).toHaveAttribute('aria-rowindex', String(total));
  await expect.poll(() => inView(grid, total)).toBe(true);
  expect(await grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await app.keyboard.press('Home');
  await expect(active).toHaveAttribute('aria-rowindex', '1');
  await expect.poll(() => inView(grid, 1)).toBe(true);

  // PageDown four times: a page is the rows that fit, so the fourth lands below the first screen.
  for (let i = 0; i < 4; i++) await app.keyboard.press('PageDown');
  // The active row is rendered (without the scroll it would not be: only the first screen and its
  // overscan are) and wholly visible: neither under the header nor past the bottom edge.
  const at = Number(await active.getAttribute('aria-rowindex'));
  expect(at).toBeGreaterThan(40);
  expect(await grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect.poll(() => inView(grid, at)).toBe(true);
  // And back up a page: the row goes to the top, below the header, not under it.
  await app.keyboard.press('PageUp');
  const up = Number(await active.getAttribute('aria-rowindex'));
  expect(up).toBeLessThan(at);
  await expect.poll(() => inView(grid, up)).toBe(true);
});
