/**
 * Workspaces: a second workspace pointing at a second, standalone sandbox (another seed, so other
 * organizations and data), its key stored in the encrypted vault made in the UI (no OS keychain
 * in these tests), connection tests, and switching: the data shown belongs to the active
 * workspace, and each one keeps its tab, filters and sort across switches and a reload.
 */
import type { RunningSandbox } from '../../src/sandbox';
import { expect } from './support/fixtures';
import { addVaultedWorkspace, vaultConsoleTest } from './support/vault-console';
import { savedTab } from './support/saved-state';
import { ClearLoopPage } from './pages/clearloop';
import { LoansPage } from './pages/loans';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { RequestHistoryPage } from './pages/request-history';
import { Shell } from './pages/shell';
import { WorkspacesPage } from './pages/workspaces';

const API_KEY = 'e2e-second-key';
const API_SECRET = 'e2e-second-secret-0123456789abcdef';
const PASSPHRASE = 'quartz lantern meadow orbit';
const SECOND = 'Second sandbox';

// No Secret Service for this console, whatever the machine has: the vault is the path tested.
const test = vaultConsoleTest({ seed: 42, apiKey: API_KEY, apiSecret: API_SECRET });

async function addSecondWorkspace(view: WorkspacesPage, second: RunningSandbox): Promise<void> {
  await expect(view.keychainUnavailable).toBeVisible();
  await expect(view.keychainBackend).toHaveText('vault');
  await addVaultedWorkspace(view, {
    passphrase: PASSPHRASE,
    name: SECOND,
    second,
    key: { apiKey: API_KEY, apiSecret: API_SECRET },
  });
}

test('adds a sandbox workspace with a key in a new vault; connection OK; a wrong secret says why', async ({
  app,
  second,
}) => {
  const shell = new Shell(app);
  const view = new WorkspacesPage(app);
  await app.keyboard.press('Alt+0');
  await expect(view.view).toBeVisible();
  await addSecondWorkspace(view, second);
  // The secret left the form at submit; the workspace says only that a key is configured.
  await expect(view.secretInput).toHaveValue('');
  await expect(view.created).toContainText('key configured');
  const card = view.card(SECOND);
  await expect(card.getByTestId('key-status')).toHaveText('key configured');
  await expect(card).toContainText(second.organizationId);
  expect(await app.content()).not.toContain(API_SECRET);

  await view.testConnection(SECOND);
  await expect(card.getByTestId('connection-ok')).toContainText(
    /Connected in \d+ ms · \d+ portfolios visible/,
  );

  await view.replaceKey(SECOND, API_KEY, 'not-the-secret');
  await view.testConnection(SECOND);
  const failed = card.getByTestId('connection-failed');
  await expect(failed).toHaveAttribute('data-code', 'auth-failed');
  await expect(failed).toContainText('Wrong API key or secret');
  await expect(failed).toContainText('signature mismatch');

  await view.replaceKey(SECOND, API_KEY, API_SECRET);
  await view.testConnection(SECOND);
  await expect(card.getByTestId('connection-ok')).toBeVisible();

  // The history of every workspace holds paths only: no key, no secret.
  await shell.openTab('request-history');
  const history = new RequestHistoryPage(app);
  await history.scope.selectOption('all');
  await history.table.waitReady();
  const text = await history.view.innerText();
  expect(text).toContain(SECOND);
  expect(text).not.toContain(API_SECRET);
  expect(text).not.toContain(API_KEY);
});

test('switching: each workspace shows its own data and keeps its tab, filters and sort', async ({
  app,
  server,
  second,
}) => {
  const shell = new Shell(app);
  const local = { id: await shell.activeWorkspaceId(), org: await shell.organization.innerText() };
  const portfolios = new PortfoliosWalletsPage(app);
  await portfolios.portfolios.waitReady();
  const localPortfolios = await portfolios.portfolios.renderedIds();

  await shell.openTab('workspaces');
  await addSecondWorkspace(new WorkspacesPage(app), second);
  const other = { id: await shell.workspaceIdByName(SECOND), org: second.organizationId };
  expect(other.org).not.toBe(local.org);

  // Local sandbox: ClearLoop, oldest first, executed only.
  const clearloop = new ClearLoopPage(app);
  await shell.openTab('clearloop');
  await clearloop.sortFilter.selectOption('asc');
  await clearloop.executedOnly.check();
  await clearloop.table.waitReady();

  // Second sandbox: its own portfolios, nothing of the first; then Loans, lending, by amount.
  await shell.switchTo(other.id, other.org);
  await expect(shell.workspaceName).toHaveText(SECOND);
  await expect(shell.view('portfolios-wallets')).toBeVisible();
  expect((await portfolios.portfolios.renderedIds()).filter((id) => localPortfolios.includes(id))).toEqual(
    [],
  );
  await portfolios.portfolios.waitReady();
  const otherPortfolios = await portfolios.portfolios.renderedIds();
  expect(otherPortfolios.length).toBeGreaterThan(0);
  expect(otherPortfolios.filter((id) => localPortfolios.includes(id))).toEqual([]);

  const loans = new LoansPage(app);
  await shell.openTab('loans');
  await loans.sideFilter.selectOption('lend');
  await loans.table.waitReady();
  await loans.table.sortBy('amount', 'descending');

  const expectLocalState = async () => {
    await expect(shell.organization).toHaveText(local.org);
    await expect(shell.view('clearloop')).toBeVisible();
    await expect(clearloop.sortFilter).toHaveValue('asc');
    await expect(clearloop.executedOnly).toBeChecked();
    await clearloop.table.waitReady();
    expect(new Set(await clearloop.table.columnTexts('status'))).toEqual(new Set(['executed']));
  };
  const expectOtherState = async () => {
    await expect(shell.organization).toHaveText(other.org);
    await expect(shell.view('loans')).toBeVisible();
    await expect(loans.sideFilter).toHaveValue('lend');
    await expect(loans.table.header('amount')).toHaveAttribute('aria-sort', 'descending');
    await loans.table.waitReady();
    expect(new Set(await loans.table.columnTexts('side'))).toEqual(new Set(['lender']));
  };

  await shell.switchTo(local.id, local.org);
  await expectLocalState();
  await shell.switchTo(other.id, other.org);
  await expectOtherState();

  // A reload reopens the active workspace as it was, and the other one as it was, once both
  // remembered views are on disk (saves are debounced).
  await expect.poll(() => savedTab(server.dataDir, other.id)).toBe('loans');
  await expect.poll(() => savedTab(server.dataDir, local.id)).toBe('clearloop');
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  await expectOtherState();
  await shell.switchTo(local.id, local.org);
  await expectLocalState();
});
