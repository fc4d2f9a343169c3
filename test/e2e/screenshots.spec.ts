/**
 * Screenshots of every tab, light and dark (the theme follows the OS by default, emulated here),
 * plus the loan detail and a confirmation dialog, into `screenshots/<name>-<theme>.png` at the
 * configured 1280×800. They are for people to look at; the assertions make sure each picture
 * shows what it claims: the theme asked for, every tab loaded without an error, the confirmation
 * of the exact request.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { ALL_TAB_IDS, Shell } from './pages/shell';
import { viewSettled } from './support/view-settled';

const DIR = 'screenshots';

/** The page background's relative luminance: near 0 in the dark theme, near 1 in the light one. */
async function backgroundLuminance(page: Page): Promise<number> {
  const css = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c = 0) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * How to bring up the confirmation of each kind of action (issue 29: every kind's confirmation is
 * in the screenshots, so its digits can be checked by eye). Loan kinds start on a seeded loan.
 */
const CONFIRMATIONS: readonly {
  kind: string;
  open(page: Page): Promise<void>;
}[] = [
  {
    kind: 'loans.approve',
    open: (page) =>
      openLoanAction(page, 'sandbox-approve-lend-1', 'awaiting-approval', 'loans.approve', false),
  },
  {
    kind: 'loans.cancelInterestPayment',
    open: (page) =>
      openLoanAction(
        page,
        'sandbox-interest-lend-1',
        'repaying-interest',
        'loans.cancelInterestPayment',
        true,
      ),
  },
  {
    kind: 'loans.acceptRepayment',
    open: (page) => openLoanAction(page, 'sandbox-repay-lend-1', 'repaying', 'loans.acceptRepayment', true),
  },
  {
    kind: 'loans.confirmExternalDisbursement',
    open: (page) =>
      openLoanAction(
        page,
        'sandbox-disburse-lend-1',
        'disbursing',
        'loans.confirmExternalDisbursement',
        true,
      ),
  },
  { kind: 'exchange.submit', open: (page) => new AgentWalletsPage(page).submitTemplate('order') },
];

async function openLoanAction(
  page: Page,
  externalId: string,
  status: string,
  kind: Parameters<LoansPage['action']>[0],
  hasForm: boolean,
): Promise<void> {
  const loans = new LoansPage(page);
  await loans.openSeeded(externalId, status);
  await loans.action(kind).click();
  if (hasForm) await loans.review.click();
}

test('the confirmation of each kind of action', async ({ app }) => {
  await mkdir(DIR, { recursive: true });
  const confirm = new ConfirmDialog(app);
  for (const { kind, open } of CONFIRMATIONS) {
    await open(app);
    await expect(confirm.submit, kind).toBeEnabled();
    if (kind.startsWith('loans.')) {
      // Amounts read as in the tables: grouped, with their unit; the exact value on hover.
      await expect(confirm.detail('Loan amount'), kind).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? [A-Z]+$/);
      await expect(confirm.detail('Loan amount'), kind).toHaveAttribute('title', /^\d+(\.\d+)? [A-Z]+$/);
    }
    if (kind === 'loans.acceptRepayment') {
      // The amount sent: the exact string signed, and how it reads.
      await expect(confirm.field('amount')).toHaveText(/^\d+(\.\d+)?$/);
      await expect(confirm.fieldRow('amount').getByTestId('confirm-field-shown')).toHaveText(
        /^\d{1,3}(,\d{3})*(\.\d+)? [A-Z]+$/,
      );
    }
    await expect(
      confirm.root.getByTestId('confirm-body').or(confirm.root.getByTestId('confirm-no-body')),
    ).toBeVisible();
    await confirm.root.screenshot({ path: `${DIR}/confirm-${kind}.png` });
    await app.keyboard.press('Escape');
    await expect(confirm.root).toBeHidden();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`every tab, the loan detail and a confirmation (${theme})`, async ({ app }) => {
    await mkdir(DIR, { recursive: true });
    await app.emulateMedia({ colorScheme: theme });
    const shell = new Shell(app);
    // The app follows the OS through a media-query change event, which arrives asynchronously.
    const luminance = expect.poll(() => backgroundLuminance(app));
    if (theme === 'dark') await luminance.toBeLessThan(0.05);
    else await luminance.toBeGreaterThan(0.8);
    for (const tab of ALL_TAB_IDS) {
      await shell.openTab(tab);
      await viewSettled(app, tab);
      await app.screenshot({ path: `${DIR}/${tab}-${theme}.png` });
    }

    const loans = new LoansPage(app);
    await shell.openTab('loans');
    const loanId = await loans.loanIdByExternalId('sandbox-repay-lend-2');
    await loans.openLoan(loanId, 'repaying');
    await loans.action('loans.acceptRepayment').click();
    await viewSettled(app, 'loans');
    await app.screenshot({ path: `${DIR}/loan-detail-${theme}.png` });

    await loans.review.click();
    const confirm = new ConfirmDialog(app);
    await expect(confirm.submit).toBeEnabled();
    await expect(confirm.submit).toHaveText('Accept repayment');
    await expect(confirm.field('amount')).toHaveText(/^\d+(\.\d+)?$/);
    await app.screenshot({ path: `${DIR}/confirm-dialog-${theme}.png` });
    await app.keyboard.press('Escape');
    await expect(confirm.root).toBeHidden();
  });
}
