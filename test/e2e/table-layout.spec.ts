/**
 * Column order and widths (TanStack Table's column model): moved and dragged by the operator,
 * remembered per workspace across a reload, and reset to the defaults in one click.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';

async function headerIds(table: Locator): Promise<string[]> {
  return table.evaluate((el) =>
    Array.from(el.querySelectorAll('[role="columnheader"] [data-testid^="col-"]')).map((h) =>
      (h.getAttribute('data-testid') ?? '').slice('col-'.length),
    ),
  );
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0;
}

test('a moved and a widened column stay so after a reload; "Default order and widths" undoes both', async ({
  app,
}) => {
  const view = new PortfoliosWalletsPage(app);
  const wallets = view.wallets;
  await wallets.waitReady();
  const before = await headerIds(wallets.root);
  const [first, second] = before;
  if (first === undefined || second === undefined)
    throw new Error('the wallets table has fewer than 2 columns');

  await wallets.root.getByTestId('table-wallets-columns').click();
  await expect(wallets.root.getByTestId(`column-left-${first}`)).toBeDisabled();
  await wallets.root.getByTestId(`column-right-${first}`).click();
  await app.keyboard.press('Escape');
  await expect.poll(() => headerIds(wallets.root)).toEqual([second, first, ...before.slice(2)]);
  // Cells follow their header.
  const rowId = (await wallets.renderedIds())[0] ?? '';
  await expect(await wallets.cell(rowId, first)).toBeVisible();

  const header = wallets.header(second);
  const startWidth = await width(header);
  const grip = wallets.root.getByTestId(`resize-${second}`);
  const box = await grip.boundingBox();
  if (box === null) throw new Error('no resize grip');
  await app.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await app.mouse.down();
  await app.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 5 });
  await app.mouse.up();
  await expect.poll(() => width(header)).toBeGreaterThan(startWidth + 60);
  const widened = await width(header);

  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  await wallets.waitReady();
  expect(await headerIds(wallets.root)).toEqual([second, first, ...before.slice(2)]);
  expect(Math.abs((await width(wallets.header(second))) - widened)).toBeLessThan(2);

  await wallets.root.getByTestId('table-wallets-columns').click();
  await wallets.root.getByTestId('table-wallets-reset-layout').click();
  await app.keyboard.press('Escape');
  await expect.poll(() => headerIds(wallets.root)).toEqual(before);
  await expect.poll(() => width(wallets.header(second))).toBeLessThan(widened - 60);
});
