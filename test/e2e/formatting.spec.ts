/**
 * Issue 29, items 1, 2, 7 and 10: one formatting module for every screen.
 *  1. Amounts: the loans table's Amount column is right-aligned with its points lined up (tabular
 *     figures), LTV is in % (one format: "51.28 %" in the table, the detail's bar and its
 *     thresholds alike), ClearLoop's USD values keep 2 decimals.
 *  2. Times: every time shows its zone; the Workspaces tab switches UTC / local (kept over a
 *     reload); date filters take ISO text (yyyy-mm-dd), not mm/dd/yyyy; the main side's own text
 *     (the exchange's "Cancel all orders at …") reads in the same format with its zone.
 *  7. A loan whose amounts come as JSON numbers (the sandbox's quirks mode) shows every field in
 *     its detail, marked, with human labels (raw key on hover) and units.
 * 10. Filters do not refuse what the specification leaves open: a status seen in the loaded rows,
 *     or typed, can be picked, marked "not a known spelling"; the platform decides.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import type { SandboxQuirks } from '../../src/shared/sandbox-quirks';
import type { ConsoleServer } from './support/console-server';
import { reloadApp, setQuirks } from './support/sandbox-control';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { DataTable } from './pages/data-table';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';

// Paris is UTC+01:00 in November and UTC+02:00 in summer: "local" differs visibly from UTC.
test.use({ timezoneId: 'Europe/Paris' });

const UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\+0[12]:00$/;

async function openLoans(app: Page): Promise<LoansPage> {
  await new Shell(app).openTab('loans');
  const loans = new LoansPage(app);
  await loans.table.waitReady();
  return loans;
}

/** The Loans tab once the sandbox's quirks are set and the app has read everything again. */
async function openLoansUnder(app: Page, server: ConsoleServer, quirks: SandboxQuirks): Promise<LoansPage> {
  await setQuirks(server, quirks);
  await reloadApp(app);
  return openLoans(app);
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
  await reloadApp(app);
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
  const loans = await openLoansUnder(app, server, { numbersForStrings: true });

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

test('item 1: LTV reads in one percent format in the table, the detail bar and its thresholds', async ({
  app,
}) => {
  const loans = await openLoans(app);
  await loans.filterStatuses(['active']);
  let id = '';
  let inTable = '';
  for (const candidate of await loans.table.renderedIds()) {
    const text = (await (await loans.table.cell(candidate, 'debtRatio')).innerText()).trim();
    if (text !== '—' && text !== '') {
      [id, inTable] = [candidate, text];
      break;
    }
  }
  expect(inTable).toMatch(/^\d{1,3}\.\d{2} %$/);
  await loans.table.row(id).click();
  const bar = loans.detail.getByTestId('ltv-bar');
  await expect(bar.locator('.ltv-legend strong')).toHaveText(inTable);
  await expect(bar.locator('.ltv-legend .muted')).toHaveText(
    /^margin call (\d{1,3}\.\d{2} %|—) · default (\d{1,3}\.\d{2} %|—)$/,
  );
  await expect(bar).not.toContainText(/\d%/);
});

test('item 2: the main side writes times in the one format with its zone (was ISO)', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  await view.open();
  await view.advanced.click();
  await view.json.fill(JSON.stringify({ type: 'scheduleCancel', time: Date.UTC(2026, 10, 27, 18, 5, 9) }));
  await expect(view.valid).toBeVisible();
  await view.submit.click();
  const confirm = new ConfirmDialog(app);
  // Written by src/shared/exchange-actions.ts on the main side; UTC whatever the browser's zone.
  await expect(confirm.target).toHaveText('Exchange (Cancel all orders at 2026-11-27 18:05:09 UTC)');
  await expect(confirm.target).not.toContainText('T18:05');
});

test('item 10: an open filter offers statuses seen in the loaded rows and takes a typed one, with a warning', async ({
  app,
  server,
}) => {
  // Half the loans carry the status "on-hold", which the specification does not list.
  const loans = await openLoansUnder(app, server, { unknownEnums: true });
  await app.getByTestId('filter-statuses').click();
  const menu = app.getByTestId('filter-statuses-menu');
  await expect(menu.locator('label[data-known="false"]', { hasText: 'on-hold' })).toHaveText(
    'on-hold (not a known spelling)',
  );
  await expect(menu.getByRole('checkbox', { name: 'on-hold (not a known spelling)' })).not.toBeChecked();
  await expect(menu.getByRole('checkbox', { name: 'active', exact: true })).toBeVisible();

  // Another value, typed: offered with the same mark, picked with Enter.
  const search = menu.getByTestId('filter-statuses-search');
  await search.fill('frozen');
  await expect(menu.getByTestId('filter-statuses-add')).toHaveText('Add “frozen” (not a known spelling)');
  await search.press('Enter');
  await expect(menu.getByRole('checkbox', { name: 'frozen (not a known spelling)' })).toBeChecked();
  await app.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(app.getByTestId('filter-statuses-warning')).toHaveText(
    '⚠ frozen: not a known spelling; sent as typed, the platform decides',
  );
  // The console sent it: the answer is the platform's (this sandbox lists no "frozen"), not a refusal
  // of the console's own.
  await expect(loans.table.errorBanner).toHaveAttribute('data-code', 'bad-request');
  await expect(loans.table.errorBanner).toContainText('frozen');
});
