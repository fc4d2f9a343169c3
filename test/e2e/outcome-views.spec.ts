/**
 * Issue 29, items 5 and 11: outcome views that follow the state, and the production phrase.
 *
 * - Check now settles an action: the box's title, tone and text change; "Do not send it again" is
 *   said once while unknown and not at all once settled.
 * - The unknown-actions list shows each verdict when it settles (it does not just close).
 * - A settled exchange's session row shows the verdict; no action-in-progress error stays.
 * - While an action waits, the dialog says until when the platform has, and can be moved to the
 *   background; the answer still lands in the top bar's list.
 * - A connection refused before the request left is "Not sent", never "Refused".
 * - An inline action form whose action no longer applies closes with a line saying why.
 * - Focus returns to the control that opened the confirmation.
 * - Production: the phrase is the workspace's name, in a labelled input; the main side checks it.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { addFault } from './support/platform-request';
import { createWorkspaceWithKey, executeWithPhrases } from './support/bridge-workspace';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ActionNotice } from './pages/action-notice';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';

const baseUrlOf = async (app: Page) => (await new Shell(app).workspaceName.getAttribute('title')) ?? '';

/** The status a seeded loan is in when each kind sent here applies to it. */
const APPLIES_IN = {
  'loans.approve': 'awaiting-approval',
  'loans.confirmExternalDisbursement': 'disbursing',
};

/**
 * Opens the seeded loan and sends `kind` from it (through its form when it has one), with the
 * PATCH reaching the sandbox, taking effect, and losing its answer: the outcome is unknown.
 */
async function sendWithLostAnswer(app: Page, kind: keyof typeof APPLIES_IN, externalId: string) {
  const loans = new LoansPage(app);
  const confirm = new ConfirmDialog(app);
  await loans.openSeeded(externalId, APPLIES_IN[kind]);
  await addFault(await baseUrlOf(app), {
    method: 'PATCH',
    pathPrefix: '/organizations/',
    mode: 'drop-after-commit',
    times: 1,
  });
  await loans.action(kind).click();
  if (kind !== 'loans.approve') await loans.review.click();
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'unknown');
  return { loans, confirm };
}

test('Check now settles the action: the title, tone and text follow, and nothing says "unknown" after', async ({
  app,
}) => {
  const { confirm } = await sendWithLostAnswer(app, 'loans.approve', 'sandbox-approve-lend-1');
  await expect(confirm.outcomeTitle).toHaveText('Outcome unknown');
  // Said once, not twice.
  expect((await confirm.outcome.innerText()).match(/Do not send it again/g)).toHaveLength(1);

  await confirm.checkNow.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'settled-done');
  await expect(confirm.outcomeTitle).toHaveText('Took effect');
  await expect(confirm.outcome).toHaveClass(/outcome-done/);
  await expect(confirm.outcome).not.toContainText('Outcome unknown');
  await expect(confirm.outcome).not.toContainText('Do not send it again');
  await expect(confirm.checkResult).toContainText('the approve took effect');
  await expect(confirm.checkResult).toContainText('Recorded in the journal');
  await expect(confirm.checkNow).toHaveCount(0);
});

test('the unknown-actions list shows the verdict when it settles, and keeps it until closed', async ({
  app,
}) => {
  const notice = new ActionNotice(app);
  const { loans, confirm } = await sendWithLostAnswer(app, 'loans.approve', 'sandbox-approve-lend-2');
  await confirm.close.click();

  await notice.button.click();
  await expect(notice.list).toBeVisible();
  const item = notice.items.first();
  await item.getByTestId('check-now').click();
  // The list stays open and shows what was found.
  await expect(notice.list).toBeVisible();
  await expect(item.getByTestId('check-result')).toHaveAttribute('data-settled', 'done');
  await expect(item.getByTestId('check-result')).toContainText('Recorded in the journal');
  await expect(item.getByTestId('unsettled-item-verdict')).toHaveText('Took effect');
  await notice.close.click();
  await expect(notice.button).toBeHidden();
  // The loan shows what the platform did.
  await expect(loans.detailStatus).not.toHaveText('awaiting-approval');
});

test('a settled exchange: its session row shows the verdict and no action-in-progress error stays', async ({
  app,
}) => {
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  await new Shell(app).openTab('agent-wallets');
  await addFault(await baseUrlOf(app), {
    method: 'POST',
    pathPrefix: '/exchange',
    mode: 'drop-after-commit',
    times: 1,
  });
  await view.submitTemplate('order');
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'unknown');
  await confirm.close.click();
  expect(await view.session.columnTexts('result')).toEqual(['outcome unknown']);

  // The same order again is refused while the first is unsettled.
  await view.submit.click();
  const refused = view.composer.getByTestId('composer-refused');
  await expect(refused).toHaveAttribute('data-code', 'action-in-progress');

  // The platform offers no read of the exchange: the operator records what they saw.
  await view.response.getByTestId('settle-note').fill('resting on the exchange, nonce checked');
  await view.response.getByTestId('settle-done').click();
  await expect(view.response.getByTestId('confirm-outcome')).toHaveAttribute('data-outcome', 'settled-done');
  await expect(view.response).not.toContainText('Outcome unknown');
  await expect(refused).toBeHidden();
  await expect.poll(() => view.session.columnTexts('result')).toEqual(['settled: took effect']);
});

test('while the platform has not answered, the dialog says until when, and can go to the background', async ({
  app,
}) => {
  const loans = new LoansPage(app);
  const confirm = new ConfirmDialog(app);
  const notice = new ActionNotice(app);
  await loans.openSeeded('sandbox-approve-lend-3', 'awaiting-approval');
  await addFault(await baseUrlOf(app), {
    method: 'PATCH',
    pathPrefix: '/organizations/',
    mode: 'delay-after-commit',
    delayMs: 4000,
    times: 1,
  });
  await loans.action('loans.approve').click();
  await confirm.submit.click();
  await expect(confirm.waiting).toContainText(
    /the platform has until \d\d:\d\d:\d\d UTC(?:[+-]\d\d:\d\d)? \(\d+ s\)/,
  );
  await confirm.background.click();
  await expect(confirm.root).toBeHidden();
  await expect(notice.button).toContainText('in the background');

  // The answer lands in the top bar's list.
  await expect(notice.button).toContainText('answer', { timeout: 15_000 });
  await notice.button.click();
  const item = notice.list.getByTestId('background-item').first();
  await expect(item.getByTestId('confirm-outcome')).toHaveAttribute('data-outcome', 'done');
  await notice.close.click();
  await expect(notice.button).toBeHidden();
  await expect(loans.detailStatus).not.toHaveText('awaiting-approval');
});

/**
 * Reloads the console, switches to the workspace made through the bridge, and sends an exchange
 * "scheduleCancel" from its template to the confirmation, which it returns.
 */
async function composeScheduleCancel(
  app: Page,
  workspaceId: string,
  organizationId: string,
): Promise<ConfirmDialog> {
  const shell = new Shell(app);
  await app.reload();
  await app.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  await shell.switchTo(workspaceId, organizationId);
  const view = new AgentWalletsPage(app);
  await shell.openTab('agent-wallets');
  await view.advanced.click();
  await view.template('scheduleCancel').click();
  await expect(view.valid).toBeVisible();
  await view.submit.click();
  return new ConfirmDialog(app);
}

/** A loopback port nothing listens on (just closed): a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a connection refused before the request left is "Not sent", not "Refused"', async ({ app }) => {
  const baseUrl = `http://127.0.0.1:${await closedPort()}/platform`;
  // Nothing listens there: the connection is refused before anything is sent.
  const workspaceId = await createWorkspaceWithKey(app, {
    name: 'Nowhere desk',
    environment: 'sandbox',
    organizationId: 'org-nowhere',
    baseUrl,
    apiKey: 'k',
    apiSecret: 's-nowhere-e2e',
  });
  const confirm = await composeScheduleCancel(app, workspaceId, 'org-nowhere');
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'not-sent');
  await expect(confirm.outcomeTitle).toHaveText('Not sent');
  await expect(confirm.outcome).not.toContainText('Refused');
});

test('an action form that no longer applies closes with a line saying why', async ({ app }) => {
  const { loans, confirm } = await sendWithLostAnswer(
    app,
    'loans.confirmExternalDisbursement',
    'sandbox-disburse-lend-1',
  );
  await confirm.checkNow.click();
  await expect(confirm.checkResult).toHaveAttribute('data-settled', 'done');
  await confirm.close.click();
  await expect(loans.actionForm('loans.confirmExternalDisbursement')).toHaveCount(0);
  await expect(loans.detail.getByTestId('action-form-closed')).toContainText(
    'Confirm external disbursement no longer applies',
  );
  await expect(loans.review).toHaveCount(0);
});

test('focus returns to the control that opened the confirmation', async ({ app }) => {
  const loans = new LoansPage(app);
  const confirm = new ConfirmDialog(app);
  await loans.openSeeded('sandbox-approve-lend-4', 'awaiting-approval');
  await loans.action('loans.approve').click();
  await expect(confirm.root).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(confirm.root).toBeHidden();
  await expect(loans.action('loans.approve')).toBeFocused();
});

test('production: the phrase is the workspace name, typed in a labelled input; the main side checks it', async ({
  app,
}) => {
  const workspaceId = await createWorkspaceWithKey(app, {
    name: 'Lisbon desk',
    environment: 'production',
    organizationId: 'org-prod-e2e',
    apiKey: 'k-prod',
    apiSecret: 's-prod-e2e',
  });
  // The old constant word is refused by the main side.
  const made = await executeWithPhrases(app, workspaceId, ['production']);
  expect(made.phraseRequired).toBe('Lisbon desk');
  expect(made.answers).toEqual(['confirmation-required']);

  const confirm = await composeScheduleCancel(app, workspaceId, 'org-prod-e2e');
  const phrase = confirm.phraseInput;
  await expect(phrase).toBeFocused();
  await expect(confirm.root).toContainText('Lisbon desk');
  for (const wrong of ['production', 'lisbon desk', 'Lisbon desk ']) {
    await phrase.fill(wrong);
    await expect(confirm.submit, `"${wrong}" must not unlock the action`).toBeDisabled();
  }
  await phrase.fill('Lisbon desk');
  await expect(confirm.submit).toBeEnabled();
  // Not sent: the production platform is not for tests.
  await app.keyboard.press('Escape');
  await expect(confirm.root).toBeHidden();
});
