/** ClearLoop: filters, the platform's sort order, server-side paging. */
import { test, expect } from './support/fixtures';
import { ClearLoopPage } from './pages/clearloop';
import { RequestHistoryPage } from './pages/request-history';
import { Shell } from './pages/shell';

test('pages on the server: next and previous show other rows and the platform page count', async ({
  app,
}) => {
  const shell = new Shell(app);
  const view = new ClearLoopPage(app);
  await shell.openTab('clearloop', view.table);
  await expect(view.pageStatus).toHaveText('Page 1 of 3 · 300 items');
  await expect(view.table.root).toHaveAttribute('data-row-count', '100');
  await expect(view.prev).toBeDisabled();
  const first = await view.table.renderedIds();

  await view.next.click();
  await expect(view.pageStatus).toHaveText('Page 2 of 3 · 300 items');
  await view.table.waitReady();
  const second = await view.table.renderedIds();
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  await view.next.click();
  await expect(view.pageStatus).toHaveText('Page 3 of 3 · 300 items');
  await expect(view.next).toBeDisabled();
  await view.prev.click();
  await view.prev.click();
  await expect(view.pageStatus).toHaveText('Page 1 of 3 · 300 items');
  await view.table.waitReady();
  expect(await view.table.renderedIds()).toEqual(first);

  await view.pageSize.selectOption('200');
  await expect(view.pageStatus).toHaveText('Page 1 of 2 · 300 items');

  // The paging is the platform's: each page is its own request with limit and offset.
  await shell.openTab('request-history');
  const history = new RequestHistoryPage(app);
  await history.searchPath('/clearloop/actions');
  const paths = await history.table.columnTexts('path');
  expect(paths.some((p) => /offset=100\b/.test(p) && /limit=100\b/.test(p))).toBe(true);
  expect(paths.some((p) => /offset=200\b/.test(p))).toBe(true);
});

test('sort order is the platform’s: newest or oldest first', async ({ app }) => {
  const view = new ClearLoopPage(app);
  await new Shell(app).openTab('clearloop', view.table);
  // A server-paged table does not sort one page on the client.
  await expect(view.table.header('createdAt')).toHaveAttribute('aria-sort', 'none');
  await expect(view.table.root.locator('button[data-testid="col-createdAt"]')).toHaveCount(0);

  const times = async () =>
    (await view.table.columnTexts('createdAt')).map((t) => {
      // The console's one time format, in UTC by default: "2026-11-26 12:10:27 UTC".
      const at = new Date(t.replace(' ', 'T').replace(/ UTC$/, 'Z')).getTime();
      if (Number.isNaN(at)) throw new Error(`not a time in the console's format: ${t}`);
      return at;
    });
  const desc = await times();
  expect(desc.every((t, i) => i === 0 || t <= (desc[i - 1] ?? t))).toBe(true);

  await view.sortFilter.selectOption('asc');
  await view.table.waitReady();
  await expect.poll(async () => (await times())[0]).toBeLessThan(desc[0] ?? 0);
  const asc = await times();
  expect(asc.every((t, i) => i === 0 || t >= (asc[i - 1] ?? t))).toBe(true);
});

test('filters by action type and executed only; a filter change goes back to page 1', async ({ app }) => {
  const view = new ClearLoopPage(app);
  await new Shell(app).openTab('clearloop', view.table);
  await view.next.click();
  await expect(view.pageStatus).toContainText('Page 2 of');

  await view.actionFilter.selectOption('add-funds');
  await expect(view.pageStatus).toContainText('Page 1 of');
  await view.table.waitReady();
  expect(new Set(await view.table.columnTexts('action'))).toEqual(new Set(['add-funds']));
  const addFunds = Number(/· (\d+) items/.exec(await view.pageStatus.innerText())?.[1]);
  expect(addFunds).toBeGreaterThan(0);
  expect(addFunds).toBeLessThan(300);

  await view.executedOnly.check();
  await view.table.waitReady();
  await expect
    .poll(async () => new Set(await view.table.columnTexts('status')))
    .toEqual(new Set(['executed']));
  const executed = Number(/· (\d+) items/.exec(await view.pageStatus.innerText())?.[1]);
  expect(executed).toBeLessThanOrEqual(addFunds);
});
