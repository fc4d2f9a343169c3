/**
 * Issue 30, item 2: page-size negotiation against a platform that caps its pages silently and one
 * that answers 400 above 1,000 rows. The walk asks for 10,000 activities a page; every row still
 * comes once (the small sandbox's 2,000), and what the platform serves is listed in the
 * workspace's settings, where a reset clears it.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import type { ConsoleServer } from './support/console-server';
import { ActivitiesPage } from './pages/activities';
import { Shell } from './pages/shell';
import { WorkspacesPage } from './pages/workspaces';

function controlUrl(server: ConsoleServer): string {
  const base = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(server.output())?.[1];
  if (base === undefined) throw new Error('the console did not log its sandbox address');
  return `${base}/sandbox`;
}

async function setPageSizes(server: ConsoleServer, rules: unknown): Promise<void> {
  const res = await fetch(`${controlUrl(server)}/page-sizes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': server.sandboxControlToken },
    body: JSON.stringify(rules),
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * Sets the sandbox's rule for pages of activities, reloads the console, loads every activity and
 * opens the workspace's settings; returns the settings' list of page sizes.
 */
async function walkUnder(app: Page, server: ConsoleServer, rule: { max: number; over: 'cap' | 'refuse' }) {
  await setPageSizes(server, { activities: rule });
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
  const view = new ActivitiesPage(app);
  const shell = new Shell(app);
  await shell.openTab('activities', view.table);
  await view.applyAndLoad();
  // Every one of the small sandbox's 2,000 activities, each once (the table keeps them by id).
  await expect(view.table.root).toHaveAttribute('data-row-count', '2000');

  await shell.openTab('workspaces');
  const card = new WorkspacesPage(app).card('Local sandbox');
  await card.getByTestId('edit-workspace').click();
  return card.getByTestId('page-sizes');
}

test('a platform that caps pages silently still yields every row once, and the cap is listed', async ({
  app,
  server,
}) => {
  const panel = await walkUnder(app, server, { max: 1000, over: 'cap' });
  await expect(panel.getByTestId('page-size-activities')).toContainText('1,000');
  await expect(panel.getByTestId('page-size-activities')).toContainText(
    'sent at most 1,000 rows when asked for 10,000',
  );
  await panel.getByRole('button', { name: 'Reset the page size of Activities' }).click();
  await expect(panel.getByTestId('page-sizes-empty')).toBeVisible();
});

test('a platform that answers 400 above 1,000: the walk falls back, every row once, the refusal listed', async ({
  app,
  server,
}) => {
  const panel = await walkUnder(app, server, { max: 1000, over: 'refuse' });
  // The streamed walk's first request asks for 100 rows (FIRST_PAGE_ROWS), and a walk never asks
  // past its 10,000-row bound: the large page refused is the second, of 9,900.
  await expect(panel.getByTestId('page-size-activities')).toContainText(
    'refused 9,900 rows a page (HTTP 400); asks for 1,000',
  );
});
