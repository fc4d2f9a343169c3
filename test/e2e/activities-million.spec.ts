/**
 * The Activities table on the main side's row model (src/main/row-model): 100,000 activities of
 * the large sandbox are loaded into a store, and the table reads windows of it while it scrolls
 * and sorts. Rows anywhere in the result are the platform's rows at that position; a sort is done
 * on the main side and the table shows its order; the DOM never holds more than a window's worth.
 * (The full million is bench/activities-million.ts: too slow for a test.)
 */
import type { Page } from '@playwright/test';
import type { CopperApi } from '../../src/shared/contract';
import { test, expect } from './support/fixtures';
import { startConsoleServer } from './support/console-server';
import { ActivitiesPage } from './pages/activities';
import { Shell } from './pages/shell';

const ROWS = 100_000;
const ROW_HEIGHT = 26;

/** The platform's activity ids at `offset` (limit/offset through the app's own single-page call). */
async function platformIds(page: Page, offset: number, limit: number): Promise<string[]> {
  return page.evaluate(
    async ([offset, limit]) => {
      const copper = (window as unknown as { copper: CopperApi }).copper;
      const list = await copper.workspaces.list({});
      if (!list.ok || !list.value.activeId) throw new Error('no workspace');
      const res = await copper.activities.list({ workspaceId: list.value.activeId, offset, limit });
      if (!res.ok) throw new Error(res.error.message);
      return res.value.items.map((a) => a.activityId);
    },
    [offset, limit] as const,
  );
}

/** Scrolls the grid so that row `index` (0-based) is at the top; waits until its window is shown. */
async function scrollToRow(view: ActivitiesPage, index: number): Promise<void> {
  await view.table.grid.evaluate((el, top) => (el.scrollTop = top), index * ROW_HEIGHT);
  await expect(view.table.root.locator(`[data-testid="row"][aria-rowindex="${index + 1}"]`)).toHaveCount(1);
  await expect(view.table.root.getByTestId('row-placeholder')).toHaveCount(0);
}

/** Ids of the rendered rows from row `index` on, in order. */
async function idsFrom(view: ActivitiesPage, index: number, count: number): Promise<string[]> {
  return view.table.root.evaluate(
    (el, [from, n]) =>
      Array.from(el.querySelectorAll<HTMLElement>('[data-testid="row"]'))
        .map((r) => ({ i: Number(r.getAttribute('aria-rowindex')) - 1, id: r.dataset['rowId'] ?? '' }))
        .filter((r) => r.i >= from && r.i < from + n)
        .sort((a, b) => a.i - b.i)
        .map((r) => r.id),
    [index, count] as const,
  );
}

/** The raw createdAt of the rendered rows, top to bottom (the Time cell's title starts with it). */
async function renderedTimes(view: ActivitiesPage): Promise<string[]> {
  return view.table.root.evaluate((el) =>
    Array.from(el.querySelectorAll<HTMLElement>('[data-testid="row"]'))
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .map((r) => (r.querySelector('[title]')?.getAttribute('title') ?? '').split(' · ')[0] ?? ''),
  );
}

test('100,000 activities: windows from the main side while scrolling and sorting', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startConsoleServer({ size: 'large' });
  try {
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
    const view = new ActivitiesPage(page);
    await new Shell(page).openTab('activities');
    await view.table.waitReady();
    await page.getByTestId('filter-limit').selectOption(String(ROWS));
    await view.applyAndLoad();
    await expect(view.table.root).toHaveAttribute('data-row-count', String(ROWS));
    await expect(page.getByTestId('activities-walk')).toContainText('100,000 rows');

    // No sort: the store's order is the platform's, at the top, in the middle and at the end.
    await view.table.sortButton('createdAt').click(); // time descending (default) → none
    await expect(view.table.header('createdAt')).toHaveAttribute('aria-sort', 'none');
    await expect(view.table.root).toHaveAttribute('data-rows-sort', 'none');
    for (const at of [0, 50_000, ROWS - 10]) {
      await scrollToRow(view, at);
      expect(await idsFrom(view, at, 10)).toEqual(await platformIds(page, at, 10));
      expect(await view.table.rows.count()).toBeLessThanOrEqual(200);
    }

    // Ascending by time, sorted on the main side: the rows on screen are in time order.
    await view.table.sortButton('createdAt').click();
    await expect(view.table.root).toHaveAttribute('data-rows-sort', 'createdAt:asc');
    await expect(view.table.root).toHaveAttribute('data-status', 'ready');
    const numeric = (times: string[]) => times.map((t) => BigInt(t));
    const isAscending = (v: bigint[]) => v.every((x, i) => i === 0 || (v[i - 1] as bigint) <= x);
    const atEnd = numeric(await renderedTimes(view));
    expect(isAscending(atEnd)).toBe(true);
    await scrollToRow(view, 0);
    const top = numeric(await renderedTimes(view));
    expect(isAscending(top)).toBe(true);
    expect((top[0] as bigint) <= (atEnd[0] as bigint)).toBe(true);

    // Selecting a row and copying its id work on windowed rows too.
    const first = view.table.rows.first();
    const firstId = await first.getAttribute('data-row-id');
    await first.click();
    await expect(first).toHaveClass(/active/);
    await page.keyboard.press('ArrowDown');
    await expect(view.table.root.locator('[data-testid="row"][aria-rowindex="2"]')).toHaveClass(/active/);
    expect(firstId).not.toBeNull();
  } finally {
    await server.stop();
  }
});
