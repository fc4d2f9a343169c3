/**
 * Issue 18: a real platform may send a JSON number where the specification promises an amount
 * string, null for `isActive`, and wallets without `totalBalance`. With the embedded sandbox in
 * quirks mode (`numbersForStrings`, `nulls`), every tab with platform lists still renders: rows are
 * shown, numeric amounts are marked "number" and shown as received, totals say "unknown" instead
 * of a rounded or partial sum, no tab's error boundary fires, and the page has no uncaught error
 * (the fixture fails the test on any).
 */
import type { Page } from '@playwright/test';
import type { TabId } from '../../src/shared/tabs';
import { test, expect } from './support/fixtures';
import { sandboxControlUrl, setQuirks } from './support/sandbox-control';
import { DataTable } from './pages/data-table';

/** Opens a tab by its tab-bar button and waits for its view (as pages/shell.ts does). */
class Shell {
  constructor(readonly page: Page) {}
  async openTab(id: TabId): Promise<void> {
    await this.page.getByTestId(`tab-${id}`).click();
    await expect(this.page.getByTestId(`view-${id}`)).toBeVisible();
  }
}

/** Tab → its main table; each is checked to be ready with rows and no crash. */
const TABS: readonly [TabId, string][] = [
  ['portfolios-wallets', 'wallets'],
  ['loans', 'loans'],
  ['agent-wallets', 'agent-wallets'],
  ['clearloop', 'clearloop'],
  ['activities', 'activities'],
  ['address-book', 'address-book'],
];

async function expectTabUsable(page: Page, shell: Shell, tab: TabId, table: string): Promise<DataTable> {
  await shell.openTab(tab);
  const t = new DataTable(page, table);
  await t.waitReady();
  await expect(page.getByTestId('tab-crash')).toHaveCount(0);
  expect(await t.rowCount(), `${tab}: rows shown`).toBeGreaterThan(0);
  return t;
}

test('a numeric amount in every list keeps every tab usable', async ({ app, server }) => {
  test.setTimeout(120_000);
  await setQuirks(server, { numbersForStrings: true, nulls: true });
  // Everything already loaded came without quirks: load the app again so every list is re-read.
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
  const shell = new Shell(app);

  for (const [tab, table] of TABS) await expectTabUsable(app, shell, tab, table);

  // Wallets: numeric balances are marked and shown as received; totals are "unknown", not sums.
  await shell.openTab('portfolios-wallets');
  const wallets = new DataTable(app, 'wallets');
  await wallets.waitReady();
  const marks = wallets.root.getByTestId('raw-value-mark');
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toHaveText('number');
  await expect(marks.first()).toHaveAttribute('title', /JSON number/);
  const totals = app.getByTestId('wallet-totals');
  await expect(totals).toBeVisible();
  await expect(totals.locator('[data-unknown="true"]').first()).toHaveText('unknown');
  // isActive null: "unknown", never "inactive".
  const portfolios = new DataTable(app, 'portfolios');
  await portfolios.waitReady();
  await expect(portfolios.root.getByText('unknown').first()).toBeVisible();
  await expect(portfolios.root.getByText('inactive', { exact: true })).toHaveCount(0);

  // Sorting by a column of numeric amounts does not break the table.
  await wallets.sortButton('balance').click();
  await wallets.waitReady();
  await expect(app.getByTestId('tab-crash')).toHaveCount(0);

  // A loan's detail, with its numeric amounts, opens.
  await shell.openTab('loans');
  const loans = new DataTable(app, 'loans');
  await loans.waitReady();
  await loans.rows.first().click();
  await expect(app.getByTestId('loan-detail')).toBeVisible();
  await expect(app.getByTestId('tab-crash')).toHaveCount(0);

  // ClearLoop amounts are marked too.
  await shell.openTab('clearloop');
  const clearloop = new DataTable(app, 'clearloop');
  await clearloop.waitReady();
  await expect(clearloop.root.getByTestId('raw-value-mark').first()).toBeVisible();
});

/**
 * Issue 11 point 6 and issue 18's error fields: after a reload fails, the activities of the
 * previous request are not left on screen under the new error, and the error shows the platform's
 * `requestId` for the operator to quote.
 */
test("a failed reload clears the previous rows and shows the error's requestId", async ({ app, server }) => {
  const shell = new Shell(app);
  await shell.openTab('activities');
  const activities = new DataTable(app, 'activities');
  await activities.waitReady();
  expect(await activities.rowCount()).toBeGreaterThan(0);

  await setQuirks(server, { errorExtraFields: true });
  const res = await fetch(`${sandboxControlUrl(server)}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': server.sandboxControlToken },
    // A GET is tried up to 3 times: every try fails.
    body: JSON.stringify({
      method: 'GET',
      pathPrefix: '/organizations/',
      mode: '500-before-commit',
      times: 10,
    }),
  });
  expect(res.status, await res.text()).toBe(201);

  await app.getByTestId('load').click();
  await expect(activities.errorBanner).toBeVisible();
  await expect(activities.rows).toHaveCount(0);
  await expect(app.getByTestId('activities-walk')).toHaveCount(0);
  await expect(activities.errorBanner.getByTestId('error-detail-requestId')).toContainText(/[0-9a-f-]{36}/);
  await expect(activities.errorBanner.getByTestId('copy-error-details')).toBeVisible();
});
