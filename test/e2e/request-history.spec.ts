/** Request history: what was sent, errors only, and never a secret, signature or header. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { onDataDir } from './support/restarting-console';
import { approveLoanDirectly } from './support/platform-request';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { RequestHistoryPage } from './pages/request-history';
import { Shell } from './pages/shell';

test('records every request; errors only; no secret, signature or header in its text', async ({ app }) => {
  const shell = new Shell(app);
  const history = new RequestHistoryPage(app);
  // Something to record: the first tab's lists, then a refused loan approval (409).
  await shell.openTab('loans');
  const loans = new LoansPage(app);
  const loanId = await loans.loanIdByExternalId('sandbox-approve-lend-2');
  await loans.openLoan(loanId, 'awaiting-approval');
  const confirm = new ConfirmDialog(app);
  await loans.action('loans.approve').click();
  await expect(confirm.submit).toBeEnabled();
  // Another client approves it while the confirmation is open: the platform refuses ours (409).
  await approveLoanDirectly(
    (await shell.workspaceName.getAttribute('title')) ?? '',
    await shell.organization.innerText(),
    loanId,
  );
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(confirm.error).toBeVisible();
  await app.keyboard.press('Escape');

  await shell.openTab('request-history');
  await history.table.waitReady();
  expect(await history.table.rowCount()).toBeGreaterThan(4);
  // Newest first by default.
  await expect(history.table.header('seq')).toHaveAttribute('aria-sort', 'descending');
  const seqs = (await history.table.columnTexts('seq')).map(Number);
  expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  // Oldest first: what the first tab asked for, then the loans.
  await history.table.sortBy('seq', 'ascending');
  const paths = (await history.entries()).map((e) => e.path);
  expect(paths.some((p) => p.includes('/portfolios'))).toBe(true);
  expect(paths.some((p) => p.includes('/wallets'))).toBe(true);
  expect(paths.some((p) => /\/organizations\/[^/]+\/loans\?/.test(p))).toBe(true);

  await history.errorsOnly.check();
  await expect(history.table.root).toHaveAttribute('data-row-count', '1');
  await history.table.waitReady();
  expect(await history.entries()).toEqual([
    {
      method: 'PATCH',
      path: expect.stringContaining(`/loans/${loanId}`) as unknown as string,
      status: '409',
      error: 'conflict',
    },
  ]);
  await history.errorsOnly.uncheck();
  await expect.poll(() => history.table.rowCount()).toBeGreaterThan(4);

  const text = await history.view.innerText();
  expect(text).not.toMatch(/authorization/i);
  expect(text).not.toMatch(/x-signature|x-timestamp|apikey/i);
  // An HMAC-SHA256 signature is 64 hex digits; ids are UUIDs and never that shape.
  expect(text).not.toMatch(/[0-9a-f]{64}/i);
});

test('"All workspaces" shows the workspace column; search filters by path', async ({ app }) => {
  const shell = new Shell(app);
  const history = new RequestHistoryPage(app);
  await shell.openTab('request-history');
  await history.table.waitReady();
  await expect(history.table.sortButton('workspace')).toHaveCount(0);
  await history.scope.selectOption('all');
  await expect(history.table.sortButton('workspace')).toBeVisible();
  expect(new Set(await history.table.columnTexts('workspace'))).toEqual(new Set(['Local sandbox']));
  await history.searchPath('/wallets');
  expect(new Set(await history.table.columnTexts('method'))).toEqual(new Set(['GET']));
});

test('survives a restart of the app, kept on disk without secrets; filters by status', async ({ page }) => {
  await onDataDir('history', page, async ({ dataDir, stop, start }) => {
    const shell = new Shell(page);
    const history = new RequestHistoryPage(page);
    await shell.openTab('request-history');
    await history.table.waitReady();
    await expect.poll(() => history.table.rowCount()).toBeGreaterThan(1);
    const before = await history.table.rowCount();
    await stop();

    await start();
    // The second run reads the platform too (the restart may reopen on this tab, which reads
    // nothing from the platform): its requests add to the first run's.
    await shell.openTab('portfolios-wallets');
    await new PortfoliosWalletsPage(page).wallets.waitReady();
    await shell.openTab('request-history');
    await history.table.waitReady();
    await expect.poll(() => history.table.rowCount()).toBeGreaterThan(before);
    // The first run's requests are still there, numbered from 1.
    await history.table.sortBy('seq', 'ascending');
    expect((await history.table.columnTexts('seq'))[0]).toBe('1');

    await page.getByTestId('filter-status').selectOption('2xx');
    await history.table.waitReady();
    const statuses = await history.table.columnTexts('status');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s.startsWith('2'))).toBe(true);

    const folder = join(dataDir, 'history');
    const text = (
      await Promise.all((await readdir(folder)).map((f) => readFile(join(folder, f), 'utf8')))
    ).join('');
    expect(text).toContain('/portfolios');
    expect(text).not.toMatch(/authorization|x-signature|apiSecret/i);
    expect(text).not.toMatch(/[0-9a-f]{64}/i);
  });
});
