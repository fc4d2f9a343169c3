/**
 * Issue 30, "Progressive first page": a walked tab shows the first page while the walk goes on,
 * says how much is loaded, and a sort applied meanwhile is still applied once every row is in.
 * The `small` sandbox's 200 addresses are served 20 to a page (the sandbox's page-size setting,
 * `cap`: 10+ pages) and every page answers late (a `delay-after-commit` fault), so the walk is
 * still running while the test looks. A walk that fails part-way keeps the rows that arrived and
 * says what is missing ("A failed or incomplete walk keeps the rows it has"): on a console of its
 * own, the loans are served 10 to a page and a later page fails.
 */
import { expect, test } from '@playwright/test';
import { startConsoleServer, type ConsoleServer } from './support/console-server';
import type { CopperApi } from '../../src/shared/contract';
import { ActivitiesPage } from './pages/activities';
import { LoansPage } from './pages/loans';
import { AddressBookPage } from './pages/address-book';
import { Shell } from './pages/shell';

/** Each page of addresses answers this late: 12 pages take about 10 s. */
const PAGE_DELAY_MS = 800;
/** Addresses per page the sandbox serves, whatever the console asks for. */
const PAGE_ROWS = 20;
const ADDRESSES = 200;
/** The small sandbox's activities, served at most 500 a page, each page late: 6+ pages. */
const ACTIVITIES = 2000;
const ACTIVITY_PAGE_ROWS = 500;

/** The embedded sandbox's control URL, read from the console's start-up log. */
function controlUrl(server: ConsoleServer): string {
  const base = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(server.output())?.[1];
  if (base === undefined) throw new Error('the console did not log its sandbox address');
  return `${base}/sandbox`;
}

async function control(server: ConsoleServer, path: string, body: unknown, status: number): Promise<void> {
  const res = await fetch(`${controlUrl(server)}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': server.sandboxControlToken },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(status);
}

async function slowAddressPages(server: ConsoleServer): Promise<void> {
  await control(server, '/page-sizes', { cryptoAddresses: { max: PAGE_ROWS, over: 'cap' } }, 200);
  const delay = { method: 'GET', pathPrefix: '/crypto-addresses', mode: 'delay-after-commit' };
  await control(server, '/faults', { ...delay, delayMs: PAGE_DELAY_MS, times: 1000 }, 201);
}

async function slowActivityPages(server: ConsoleServer): Promise<void> {
  await control(server, '/page-sizes', { activities: { max: ACTIVITY_PAGE_ROWS, over: 'cap' } }, 200);
  const delay = { method: 'GET', pathPrefix: '/organizations', mode: 'delay-after-commit' };
  await control(server, '/faults', { ...delay, delayMs: PAGE_DELAY_MS, times: 1000 }, 201);
}

// One console for both tests; each test's page is a fresh renderer, so each walks anew.
let server: ConsoleServer;
test.beforeAll(async () => {
  server = await startConsoleServer();
  await slowAddressPages(server);
});
test.afterAll(async () => {
  await server?.stop();
});

test.setTimeout(90_000);

test('the first page is on screen while the walk is still running, with what is loaded so far', async ({
  page,
}) => {
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
  const book = new AddressBookPage(page);
  await new Shell(page).openTab('address-book');

  const partial = page.getByTestId('addresses-progress-partial');
  await expect(partial).toBeVisible({ timeout: 20_000 });
  // Still walking: the progress bar with its Cancel, and the table says it is loading.
  await expect(page.getByTestId('addresses-progress-cancel')).toBeVisible();
  await expect(book.table.root).toHaveAttribute('data-status', 'loading');
  await expect(book.table.rows.first()).toBeVisible();
  await expect(partial).toContainText(/^[\d,]+ loaded so far · \d+ requests?\. Still loading: sorting/);
  // The table holds exactly the rows the status line counts (read together: pages keep coming).
  const { loaded, inTable } = await page.evaluate(() => ({
    loaded: Number(
      document.querySelector('[data-testid="addresses-progress-partial"]')?.getAttribute('data-loaded'),
    ),
    inTable: Number(
      document.querySelector('[data-testid="table-address-book"]')?.getAttribute('data-row-count'),
    ),
  }));
  expect(loaded).toBeGreaterThan(0);
  expect(loaded).toBeLessThan(ADDRESSES);
  expect(inTable).toBe(loaded);

  // The walk ends on its own: every address, the report instead of the partial line.
  await expect(book.table.root).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(book.table.root).toHaveAttribute('data-row-count', String(ADDRESSES));
  await expect(partial).toHaveCount(0);
  await expect(page.getByTestId('address-book-walk')).toContainText(`${ADDRESSES} rows`);
});

test('a sort applied during the walk is still applied once every row is in', async ({ page }) => {
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
  const book = new AddressBookPage(page);
  await new Shell(page).openTab('address-book');
  // A reload of what is shown (the tab may have walked already while the page started): a new walk,
  // estimated from the last one's count.
  await expect(book.table.root).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await book.filters.getByTestId('load').click();
  const partial = page.getByTestId('addresses-progress-partial');
  await expect(partial).toBeVisible({ timeout: 20_000 });
  await expect(partial).toContainText(
    new RegExp(`^[\\d,]+ of about ${ADDRESSES} loaded · \\d+ requests?\\.`),
  );

  await book.table.sortBy('name', 'descending');
  // Applied at once to what is loaded, while the walk goes on.
  await expect(book.table.root).toHaveAttribute('data-rows-sort', 'name:desc');
  await expect(book.table.root).toHaveAttribute('data-status', 'loading');
  const during = await book.table.columnTexts('name');
  expect(during.length).toBeGreaterThan(0);

  await expect(book.table.root).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(book.table.root).toHaveAttribute('data-row-count', String(ADDRESSES));
  await expect(book.table.root).toHaveAttribute('data-rows-sort', 'name:desc');
  await expect(book.table.header('name')).toHaveAttribute('aria-sort', 'descending');
  // Every row re-sorted: the top of the whole list comes no later than the top of the first pages.
  const after = await book.table.columnTexts('name');
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  expect(collator.compare(after[0] ?? '', during[0] ?? '')).toBeGreaterThanOrEqual(0);
});

test('activities: the first page is on screen while the store fills, then every row', async ({ page }) => {
  await slowActivityPages(server);
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
  const view = new ActivitiesPage(page);
  await new Shell(page).openTab('activities');
  // A walk of its own (the tab may have loaded already while the page started).
  await expect(view.table.root).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await view.load.click();
  const partial = page.getByTestId('activities-progress-partial');
  await expect(partial).toBeVisible({ timeout: 20_000 });
  await expect(view.table.root).toHaveAttribute('data-status', 'loading');
  await expect(view.table.rows.first()).toBeVisible();
  await expect(partial).toContainText(
    new RegExp(`^[\\d,]+ of about ${ACTIVITIES.toLocaleString('en-US')} loaded · \\d+ requests?\\.`),
  );
  await expect(view.table.root).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(view.table.root).toHaveAttribute('data-row-count', String(ACTIVITIES));
  await expect(partial).toHaveCount(0);
});

/** Loans per page the sandbox serves in the failing-walk test: the small sandbox's loans take 6+ pages. */
const LOAN_PAGE_ROWS = 10;
/** Tries of one GET by the console's client (a 500 is tried again): the fault must outlast them. */
const GET_TRIES = 3;

test('loans: a walk that fails on a later page keeps the rows that arrived, says what is missing, and Retry lists every loan', async ({
  page,
}) => {
  // A console of its own: the shared one's faults would delay or catch these requests.
  const own = await startConsoleServer();
  try {
    await page.goto(own.url);
    await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
    const loans = new LoansPage(page);
    await new Shell(page).openTab('loans');
    await loans.table.waitReady();
    const all = await loans.table.rowCount();
    expect(all).toBeGreaterThan(3 * LOAN_PAGE_ROWS);
    const org = await page.evaluate(async () => {
      const copper = (window as unknown as { copper: CopperApi }).copper;
      const list = await copper.workspaces.list({});
      if (!list.ok) throw new Error(list.error.message);
      const active = list.value.workspaces.find((w) => w.id === list.value.activeId);
      if (active === undefined) throw new Error('no active workspace');
      return active.organizationId;
    });

    // Pages 1 and 2 answer (a fault that only counts them: 1 ms late); page 3 fails every try.
    await control(own, '/page-sizes', { loans: { max: LOAN_PAGE_ROWS, over: 'cap' } }, 200);
    const loansPath = { method: 'GET', pathPrefix: `/organizations/${org}/loans` };
    await control(own, '/faults', { ...loansPath, mode: 'delay-after-commit', delayMs: 1, times: 2 }, 201);
    await control(own, '/faults', { ...loansPath, mode: '500-before-commit', times: GET_TRIES }, 201);
    await page.getByTestId('loan-filters').getByTestId('refresh').click();

    // The rows of pages 1 and 2 stay listed, not the error panel.
    const kept = page.getByTestId('loans-progress-kept');
    await expect(kept).toBeVisible({ timeout: 30_000 });
    const arrived = 2 * LOAN_PAGE_ROWS;
    await expect(loans.table.root).toHaveAttribute('data-status', 'ready');
    await expect(loans.table.root).toHaveAttribute('data-row-count', String(arrived));
    await expect(loans.table.rows.first()).toBeVisible();
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    await expect(kept).toHaveAttribute('role', 'alert');
    await expect(kept).toContainText('The list stopped before the end.');
    await expect(page.getByTestId('loans-progress-kept-message')).toContainText(
      `(on page 3, after ${arrived} rows; the rows read before it were sent to the list)`,
    );
    await expect(kept).not.toContainText('nothing was kept');
    await expect(kept).toContainText(`The ${arrived} rows that arrived are listed; the rest is missing.`);

    // Search applies to the kept rows, and they stay through the renders it causes.
    const one = (await loans.table.renderedIds())[0] as string;
    await page.getByTestId('loan-search').fill(one);
    await expect(loans.table.root).toHaveAttribute('data-row-count', '1');
    await expect(page.getByTestId('loan-search-status')).toContainText(`1 of ${arrived} loans match`);
    await page.getByTestId('loan-search-clear').click();
    await expect(loans.table.root).toHaveAttribute('data-row-count', String(arrived));
    await expect(kept).toBeVisible();

    // The fault is used up: Retry walks again, every loan, and the alert goes.
    await page.getByTestId('loans-progress-kept-retry').click();
    await expect(loans.table.root).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(loans.table.root).toHaveAttribute('data-row-count', String(all), { timeout: 30_000 });
    await expect(kept).toHaveCount(0);
    await expect(page.getByTestId('loans-walk')).toContainText(`${all} rows`);
  } finally {
    await own.stop();
  }
});
