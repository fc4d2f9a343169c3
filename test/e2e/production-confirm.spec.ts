/**
 * The production safeguards of the renderer: the production frame and banner, and the typed
 * confirmation (the workspace's name, exactly) before a loan action or an exchange submission is sent.
 *
 * Why rewriting the workspace views is a faithful test of the renderer:
 *  - A production workspace cannot point at a loopback sandbox: the main side refuses it, rightly,
 *    so a real production workspace with a test platform cannot be made.
 *  - The renderer learns a workspace's environment only from the `WorkspaceView`s the main side
 *    hands it: the answers of `workspaces.list` / `activate` / `remove` (a `WorkspaceList`),
 *    `create` / `update` (a `WorkspaceView`), and the `workspace-changed` event on GET /events. The
 *    frame, the banner, the confirmation and its typed word are all derived from that field; the
 *    renderer has no other source for it. Rewriting it at the transport boundary therefore shows
 *    the renderer exactly what a real production workspace would look like to it, while every
 *    platform call still goes through the real main side to the real embedded sandbox — so the
 *    "sent exactly once" and "new state shows" assertions are about real requests.
 *  - The events stream is long-lived, so it cannot be fetched and rewritten like an RPC answer.
 *    This test triggers none of the calls that emit `workspace-changed` (activate, create, update,
 *    remove, keychain set/delete/unlock); to make that a guarantee rather than an assumption, the
 *    stream is answered empty, so the only workspace views the renderer ever sees are the
 *    rewritten ones. (The stream's other events — job progress, webhooks — play no part here.)
 */
import type { Page, Route } from '@playwright/test';
import type { WorkspaceView } from '../../src/shared/contract';
import { BUILT_IN_SANDBOX_NAME } from '../../src/shared/workspace-rules';
import { test as base, expect, openConsole } from './support/fixtures';
import { resolvedColour } from './support/colours';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { RequestHistoryPage } from './pages/request-history';
import { Shell } from './pages/shell';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isWorkspaceView(v: unknown): v is WorkspaceView {
  return isRecord(v) && typeof v['id'] === 'string' && typeof v['environment'] === 'string';
}

/** The built-in sandbox workspace, as the renderer will see it: in production. */
function toProduction(v: WorkspaceView): WorkspaceView {
  return v.builtIn ? { ...v, environment: 'production' } : v;
}

/** Rewrites a `Result<WorkspaceList | WorkspaceView>` body; anything else passes unchanged. */
function rewriteResult(body: unknown): unknown {
  if (!isRecord(body) || body['ok'] !== true) return body;
  const value = body['value'];
  if (isRecord(value) && Array.isArray(value['workspaces'])) {
    const workspaces: unknown[] = value['workspaces'];
    return {
      ...body,
      value: { ...value, workspaces: workspaces.map((w) => (isWorkspaceView(w) ? toProduction(w) : w)) },
    };
  }
  if (isWorkspaceView(value)) return { ...body, value: toProduction(value) };
  return body;
}

/** Installs the rewrite before the page loads; returns how many workspace answers it rewrote. */
async function showBuiltInAsProduction(page: Page): Promise<() => number> {
  let rewritten = 0;
  const rewrite = async (route: Route) => {
    const response = await route.fetch();
    const body = rewriteResult(await response.json());
    rewritten += 1;
    await route.fulfill({ response, json: body });
  };
  // Every call whose answer carries workspace views.
  for (const call of ['list', 'activate', 'remove', 'create', 'update']) {
    await page.route(`**/rpc/workspaces.${call}`, rewrite);
  }
  // The prepared action names its workspace and the phrase it needs: shown as production too. (The
  // main side's own refusal of an execute without the phrase is tested in
  // test/e2e/prepared-actions.spec.ts against a real production workspace.)
  await page.route('**/rpc/actions.prepare', async (route) => {
    const response = await route.fetch();
    const body: unknown = await response.json();
    const value = isRecord(body) && body['ok'] === true && isRecord(body['value']) ? body['value'] : null;
    const json =
      value && isRecord(value['workspace'])
        ? {
            ...(body as Record<string, unknown>),
            value: {
              ...value,
              workspace: { ...value['workspace'], environment: 'production' },
              // Every action changes state: production asks for the phrase, the workspace's name.
              phraseRequired: value['workspace']['name'],
            },
          }
        : body;
    rewritten += 1;
    await route.fulfill({ response, json });
  });
  await page.route('**/events', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: '' }),
  );
  return () => rewritten;
}

/**
 * Like the `app` fixture (its page errors fail the test too), with the rewrite installed before
 * the first request: the page shows the built-in sandbox as a production workspace.
 */
const test = base.extend<{ production: Page }>({
  production: async ({ page, server, pageErrors }, use) => {
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const rewritten = await showBuiltInAsProduction(page);
    await openConsole(page, server.url);
    expect(rewritten(), 'the workspace list went through the rewrite').toBeGreaterThan(0);
    await use(page);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
});

async function expectProductionFrame(page: Page): Promise<void> {
  const shell = new Shell(page);
  await expect(shell.root).toHaveAttribute('data-env', 'production');
  await expect(shell.environment).toHaveText('PRODUCTION');
  await expect(page.getByTestId('env-banner')).toContainText('PRODUCTION');
  // The window frame is drawn in the production warning colour, not the sandbox one.
  const frame = await shell.root.evaluate((el) => {
    const style = getComputedStyle(el);
    return { border: style.borderTopColor, width: style.borderTopWidth };
  });
  expect(frame.border).toBe(await resolvedColour(shell.root, 'var(--env-production)'));
  expect(frame.width).toBe('4px');
}

test('production: framed in warning colour; a loan approval needs the workspace name typed and is sent once', async ({
  production: page,
}) => {
  const shell = new Shell(page);
  await expectProductionFrame(page);

  const loans = new LoansPage(page);
  const confirm = new ConfirmDialog(page);
  const loanId = await loans.openSeeded('sandbox-approve-lend-1', 'awaiting-approval');
  await loans.action('loans.approve').click();

  await expect(confirm.root).toBeVisible();
  await expect(confirm.root).toHaveClass(/env-production/);
  await confirm.expectWorkspace('PRODUCTION');
  await expect(confirm.target).toContainText(loanId);
  // As the tables show it; the exact value on hover.
  await expect(confirm.detail('Loan amount')).toHaveText('7,922,000 USDC');
  await expect(confirm.detail('Loan amount')).toHaveAttribute('title', '7922000 USDC');
  await expect(confirm.submit).toHaveText('Approve loan');
  await expect(confirm.submit).toHaveClass(/danger/);

  const typed = confirm.phraseInput;
  await expect(typed).toBeFocused();
  await expect(confirm.submit).toBeDisabled();
  for (const wrong of [
    'production',
    'Local',
    'local sandbox',
    'LOCAL SANDBOX',
    'Local sandbox!',
    ' Local sandbox',
  ]) {
    await typed.fill(wrong);
    await expect(confirm.submit, `"${wrong}" must not unlock the action`).toBeDisabled();
  }
  // Enter in the field submits the form: still nothing may be sent.
  await typed.press('Enter');
  await expect(confirm.result).toBeHidden();
  await typed.fill(BUILT_IN_SANDBOX_NAME);
  await expect(confirm.submit).toBeEnabled();
  await confirm.send('awaiting-collateral');
  await expect(confirm.root).toBeHidden();

  await loans.expectStatus(loanId, 'awaiting-collateral');
  await expectProductionFrame(page);

  await shell.openTab('request-history');
  const history = new RequestHistoryPage(page);
  await history.searchPath(`/loans/${loanId}`);
  const patches = (await history.entries()).filter((e) => e.method === 'PATCH');
  expect(patches).toHaveLength(1);
  expect(patches[0]?.status).toBe('200');
});

test('production: an exchange submission needs the workspace name typed', async ({ production: page }) => {
  const view = new AgentWalletsPage(page);
  const confirm = new ConfirmDialog(page);
  await view.submitTemplate('order');

  await confirm.expectWorkspace('PRODUCTION');
  await expect(confirm.target).toContainText('BUY 0.01 @ 30000');
  await expect(confirm.field('action.orders[0].p')).toHaveText('30000');
  await expect(confirm.field('nonce')).toHaveText(/^\d{13}$/);
  await expect(confirm.submit).toBeDisabled();
  const typed = confirm.phraseInput;
  await typed.fill('production');
  await expect(confirm.submit).toBeDisabled();
  await typed.fill(BUILT_IN_SANDBOX_NAME);
  await expect(confirm.submit).toBeEnabled();
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'done');
  await expect(confirm.result).toHaveText('The exchange accepted it (1 of 1 entries ok).');
  await confirm.close.click();
  await expect(view.session.rows).toHaveCount(1);
  expect(await view.session.columnTexts('result')).toEqual(['done']);
  await expectProductionFrame(page);
});
