/**
 * Issue 29, items 1, 2 and 7: one formatting module for every screen.
 *  1. Amounts: the loans table's Amount column is right-aligned with its points lined up (tabular
 *     figures), LTV is in %, ClearLoop's USD values keep 2 decimals.
 *  2. Times: every time shows its zone; the Workspaces tab switches UTC / local (kept over a
 *     reload); date filters take ISO text (yyyy-mm-dd), not mm/dd/yyyy.
 *  7. A loan whose amounts come as JSON numbers (the sandbox's quirks mode) shows every field in
 *     its detail, marked, with human labels (raw key on hover) and units.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import type { ConsoleServer } from './support/console-server';
import { DataTable } from './pages/data-table';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';

// Paris is UTC+01:00 in November and UTC+02:00 in summer: "local" differs visibly from UTC.
test.use({ timezoneId: 'Europe/Paris' });

const UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\+0[12]:00$/;

/** The embedded sandbox's control URL, read from the console's start-up log. */
async function setQuirks(server: ConsoleServer, quirks: Record<string, unknown>): Promise<void> {
  const base = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(server.output())?.[1];
  if (base === undefined) throw new Error('the console did not log its sandbox address');
  const res = await fetch(`${base}/sandbox/quirks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': server.sandboxControlToken },
    body: JSON.stringify(quirks),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function openLoans(app: Page): Promise<LoansPage> {
  await new Shell(app).openTab('loans');
  const loans = new LoansPage(app);
  await loans.table.waitReady();
  return loans;
}

test('amounts are right- and decimal-aligned, LTV is in %, USD values keep their cents', async ({ app }) => {
  const loans = await openLoans(app);
  const amount = loans.table.header('amount');
  await expect(amount).toHaveClass(/\bright\b/);

  // Every rendered Amount cell: right-aligned, tabular figures, and the point at the same x.
  const cells = await loans.table.root.evaluate((el) => {
    const headers = Array.from(el.querySelectorAll('[role="columnheader"]'));
    const index = headers.findIndex((h) => h.querySelector('[data-testid="col-amount"]') !== null);
    return Array.from(el.querySelectorAll<HTMLElement>('[data-testid="row"]')).map((row) => {
      const cell = row.querySelectorAll<HTMLElement>('[role="gridcell"]')[index];
      const frac = cell?.querySelector<HTMLElement>('.amt-frac');
      const amount = cell?.querySelector<HTMLElement>('.amount');
      return {
        text: cell?.innerText.trim() ?? '',
        justify: cell ? getComputedStyle(cell).justifyContent : '',
        numeric: amount ? getComputedStyle(amount).fontVariantNumeric : '',
        point: frac ? Math.round(frac.getBoundingClientRect().left * 2) / 2 : null,
        right: frac ? Math.round(frac.getBoundingClientRect().right * 2) / 2 : null,
      };
    });
  });
  expect(cells.length).toBeGreaterThan(5);
  for (const c of cells) {
    expect(c.justify, c.text).toBe('flex-end');
    expect(c.numeric, c.text).toContain('tabular-nums');
    expect(c.text, 'grouped exactly').toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  }
  // The points line up: every cell's fraction starts at the same x (amounts with and without decimals).
  const points = new Set(cells.map((c) => c.point));
  expect(points.size, JSON.stringify(cells.slice(0, 6))).toBe(1);
  expect(new Set(cells.map((c) => c.right)).size).toBe(1);

  // LTV: a percentage with two decimals and a unit, never the ratio under a "LTV" header.
  const ltv = (await loans.table.columnTexts('debtRatio')).filter((t) => t !== '—');
  expect(ltv.length).toBeGreaterThan(0);
  for (const t of ltv) expect(t).toMatch(/^\d{1,3}\.\d{2} %$/);
  const rates = (await loans.table.columnTexts('interestRate')).filter((t) => t !== '—');
  for (const t of rates) expect(t).toMatch(/^\d+\.\d{2} %$/);

  // ClearLoop: USD values with their cents, amounts aligned the same way.
  await new Shell(app).openTab('clearloop');
  const clearloop = new DataTable(app, 'clearloop');
  await clearloop.waitReady();
  const usd = (await clearloop.columnTexts('usdAmount')).filter((t) => t !== '—');
  expect(usd.length).toBeGreaterThan(0);
  for (const t of usd) expect(t).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
});

test('every time shows its zone; the Workspaces tab switches UTC and local, kept over a reload', async ({
  app,
}) => {
  let loans = await openLoans(app);
  const maturities = (await loans.table.columnTexts('maturityDate')).filter((t) => t !== '—');
  expect(maturities.length).toBeGreaterThan(0);
  for (const t of maturities) expect(t).toMatch(UTC_TIME);
  const firstUtc = maturities[0] ?? '';

  const shell = new Shell(app);
  await shell.openTab('workspaces');
  const setting = app.getByTestId('time-zone-setting');
  await expect(setting.getByTestId('time-zone-utc')).toBeChecked();
  await expect(setting.getByTestId('time-zone-example')).toHaveText(UTC_TIME);
  await setting.getByTestId('time-zone-local').check();
  await expect(setting.getByTestId('time-zone-example')).toHaveText(LOCAL_TIME);

  loans = await openLoans(app);
  const local = (await loans.table.columnTexts('maturityDate')).filter((t) => t !== '—');
  for (const t of local) expect(t).toMatch(LOCAL_TIME);
  // The same instant, one or two hours later on the clock.
  expect(local[0]).not.toBe(firstUtc);
  const hours = (s: string) => Number(/ (\d{2}):/.exec(s)?.[1]);
  expect((hours(local[0] ?? '') - hours(firstUtc) + 24) % 24).toBeGreaterThanOrEqual(1);

  // The choice is kept over a reload.
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
  loans = await openLoans(app);
  for (const t of (await loans.table.columnTexts('maturityDate')).filter((x) => x !== '—'))
    expect(t).toMatch(LOCAL_TIME);

  // Date filters take ISO text in the chosen zone; the browser's mm/dd/yyyy is refused with a reason.
  await shell.openTab('activities');
  const from = app.getByTestId('filter-from');
  await expect(from).toHaveJSProperty('type', 'text');
  await expect(from).toHaveAttribute('placeholder', 'yyyy-mm-dd hh:mm');
  await expect(app.getByText('From (local time)')).toBeVisible();
  await from.fill('11/26/2026');
  await expect(app.getByTestId('filter-from-problem')).toContainText('yyyy-mm-dd');
  await from.fill('2026-11-26');
  await expect(app.getByTestId('filter-from-problem')).toHaveCount(0);
  await from.blur();
  await expect(from).toHaveValue('2026-11-26 00:00');
});

test('a loan sent with numbers for strings shows every field, marked, labelled, with units', async ({
  app,
  server,
}) => {
  await setQuirks(server, { numbersForStrings: true });
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
  const loans = await openLoans(app);

  // The table: LTV in % although it came as a number, marked.
  const ltvCell = loans.table.root.locator('[data-testid="loan-ltv"]:has([data-kind="number"])').first();
  await expect(ltvCell).toHaveText(/number\d{1,3}\.\d{2} %$/);
  await expect(ltvCell.getByTestId('raw-value-mark')).toHaveAttribute('data-kind', 'number');

  // An active loan with an LTV: disbursed (original amount and value) and collateralised.
  await loans.filterStatuses(['active']);
  await loans.table.rows
    .filter({ has: app.locator('[data-testid="loan-ltv"] [data-kind="number"]') })
    .first()
    .click();
  const detail = loans.detail;
  await expect(detail).toBeVisible();
  const fields = detail.getByTestId('loan-fields');
  for (const key of ['amount', 'unrealisedAmount', 'debtRatio']) {
    const value = fields.getByTestId(`loan-field-${key}`);
    await expect(value, key).toBeVisible();
    await expect(value.getByTestId('raw-value-mark'), key).toHaveAttribute('data-kind', 'number');
  }
  await expect(fields.getByTestId('loan-field-debtRatio')).toHaveText(/\d{1,3}\.\d{2} %$/);
  // Labels are human, the platform's key on hover.
  const label = fields.locator('[data-key="originalLoanValue"]');
  await expect(label).toHaveText('Original value');
  await expect(label).toHaveAttribute('title', 'platform field: originalLoanValue');
  await expect(fields.getByTestId('loan-field-originalLoanValue')).toHaveText(/^[\d,]+\.\d{2} USD$/);
  await expect(fields.locator('[data-key="originalLoanAmount"]')).toHaveText('Original amount');
  await expect(
    fields.getByTestId('loan-field-originalLoanAmount').getByTestId('raw-value-mark'),
  ).toBeVisible();

  // extra: "Margin call expiry period: 24 h", the raw value kept on hover.
  const extra = detail.getByTestId('loan-extra');
  await expect(extra.locator('[data-key="marginCallExpiryPeriod"]')).toHaveText('Margin call expiry period');
  const period = extra.getByTestId('loan-extra-marginCallExpiryPeriod');
  await expect(period).toHaveText('24 h');
  await expect(period.locator('[data-raw]')).toHaveAttribute('title', /sent: 86400000/);
  await expect(extra.locator('[data-key="marginCallThreshold"]')).toHaveText('Margin call LTV');
  await expect(extra.getByTestId('loan-extra-marginCallThreshold')).toHaveText(/^\d{1,3}\.\d{2} %$/);
});
