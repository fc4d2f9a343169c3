/**
 * First run: with an empty data folder the console opens the built-in Local sandbox with data on
 * screen, no account and no set-up; a second start on the same folder reopens the same workspace.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { startConsoleServer } from './support/console-server';
import { savedTab } from './support/saved-state';
import { LoansPage } from './pages/loans';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { Shell } from './pages/shell';
import { WorkspacesPage } from './pages/workspaces';

test('opens the Local sandbox with data on screen, no set-up needed', async ({ app }) => {
  const shell = new Shell(app);
  await expect(app.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(shell.workspaceName).toHaveText('Local sandbox');
  await expect(shell.environment).toHaveText('SANDBOX');
  await expect(shell.organization).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(shell.keyMissing).toHaveCount(0);
  // The session token came in the address (#token=…) and is gone from it once the page runs.
  await expect.poll(() => app.url()).not.toContain('token=');
  await expect(app.getByTestId('env-banner')).toHaveCount(0);
  await expect(shell.tab('portfolios-wallets')).toHaveAttribute('aria-selected', 'true');
  const view = new PortfoliosWalletsPage(app);
  await view.portfolios.waitReady();
  await view.wallets.waitReady();
  expect(await view.portfolios.rowCount()).toBeGreaterThan(0);
  expect(await view.wallets.rowCount()).toBeGreaterThan(0);
  await expect(view.totals).toBeVisible();
  await expect(shell.switcher.locator('option')).toHaveCount(1);

  await shell.openTab('workspaces');
  const workspaces = new WorkspacesPage(app);
  const card = workspaces.card('Local sandbox');
  await expect(card).toContainText('built-in');
  await expect(card.getByTestId('key-status')).toHaveText('key configured');
  await expect(card.getByTestId('set-key')).toHaveCount(0);
  await expect(card.getByTestId('remove-workspace')).toHaveCount(0);
  await workspaces.testConnection('Local sandbox');
  await expect(card.getByTestId('connection-ok')).toContainText('Connected in');
});

test('a second start on the same data folder reopens the same workspace and tab', async ({ browser }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-e2e-restart-'));
  const open = async () => {
    const server = await startConsoleServer({ dataDir });
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
    return { server, page, shell: new Shell(page) };
  };
  try {
    const first = await open();
    const id = await first.shell.activeWorkspaceId();
    await first.shell.openTab('loans');
    await new LoansPage(first.page).table.waitReady();
    // Closing the page flushes the remembered tab (pagehide) before the console stops.
    await first.page.close({ runBeforeUnload: true });
    // The flush is sent as the page goes; let it reach the disk before the console stops.
    await expect.poll(() => savedTab(dataDir, id)).toBe('loans');
    await first.server.stop();
    expect(existsSync(join(dataDir, 'workspaces.json'))).toBe(true);

    const second = await open();
    try {
      expect(await second.shell.activeWorkspaceId()).toBe(id);
      await expect(second.shell.workspaceName).toHaveText('Local sandbox');
      await expect(second.shell.view('loans')).toBeVisible();
    } finally {
      await second.page.close();
      await second.server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
