/**
 * Actions an operator can trust (issue 11), end to end in Chromium against the embedded sandbox:
 * a lost answer is "outcome unknown" and Check now settles it, with no second PATCH; an exchange
 * batch is judged order by order; bad amounts are refused at the field with nothing sent; a
 * prepared id is sent at most once; production refuses an execute without its phrase on the main
 * side, even when the bridge is called directly.
 */
import type { Page } from '@playwright/test';
import type { ActionResult } from '../../src/shared/actions';
import type { CopperApi } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { test as base, expect } from './support/fixtures';
import { resolvedColour } from './support/colours';
import { createWorkspaceWithKey, executeWithPhrases } from './support/bridge-workspace';
import type { ConsoleServer } from './support/console-server';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';
import { BAD_AMOUNTS } from '../support/fixtures/bad-amounts';

/** The embedded sandbox's controls, reached beside the workspace's base URL. */
async function sandboxControl(app: Page, server: ConsoleServer) {
  const baseUrl = (await new Shell(app).workspaceName.getAttribute('title')) ?? '';
  const controlUrl = baseUrl.replace(/\/platform$/, '/sandbox');
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${controlUrl}${path}`, {
      method,
      headers: {
        'X-Sandbox-Token': server.sandboxControlToken,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  };
  return {
    send,
    /** How many requests of this method and path prefix reached the sandbox, whatever their answer. */
    count: async (method: string, pathPrefix: string) =>
      (
        (await send('GET', `/requests?method=${method}&pathPrefix=${encodeURIComponent(pathPrefix)}`)) as {
          count: number;
        }
      ).count,
  };
}

/** The tests on a loan start with its page objects and the embedded sandbox's controls. */
const test = base.extend<{
  loans: LoansPage;
  confirm: ConfirmDialog;
  sandbox: Awaited<ReturnType<typeof sandboxControl>>;
}>({
  loans: async ({ app }, use) => use(new LoansPage(app)),
  confirm: async ({ app }, use) => use(new ConfirmDialog(app)),
  sandbox: async ({ app, server }, use) => use(await sandboxControl(app, server)),
});

test('a lost answer is "outcome unknown"; Check now finds the loan approved; one PATCH reached the sandbox', async ({
  app,
  loans,
  confirm,
  sandbox,
}) => {
  await loans.openSeeded('sandbox-approve-lend-2', 'awaiting-approval');
  await sandbox.send('POST', '/faults', {
    method: 'PATCH',
    pathPrefix: '/organizations/',
    mode: 'drop-after-commit',
    times: 1,
  });
  const before = await sandbox.count('PATCH', '/organizations/');

  await loans.action('loans.approve').click();
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'unknown');
  await expect(confirm.outcome).toContainText('Outcome unknown');
  await expect(confirm.outcome).not.toContainText(/failed/i);
  // Amber, never the refusal red.
  expect(await confirm.outcome.evaluate((el) => getComputedStyle(el).color)).toBe(
    await resolvedColour(confirm.outcome, 'var(--warn-fg)'),
  );
  // No resend is offered: only Check now.
  await expect(confirm.root.getByRole('button', { name: /send|retry|approve/i })).toHaveCount(0);
  await expect(app.getByTestId('unsettled-notice')).toContainText('1 action with unknown outcome');

  await confirm.checkNow.click();
  await expect(confirm.checkResult).toHaveAttribute('data-settled', 'done');
  await expect(confirm.checkResult).toContainText('the approve took effect');
  await confirm.close.click();
  await expect(app.getByTestId('unsettled-notice')).toBeHidden();
  expect(await sandbox.count('PATCH', '/organizations/')).toBe(before + 1);
});

test('an exchange batch with one erroring entry shows that error entry by entry, as partly failed', async ({
  app,
}) => {
  const view = new AgentWalletsPage(app);
  const confirm = new ConfirmDialog(app);
  // An order under the $10 minimum is refused before it is prepared (issue 28), so the failing
  // entry is a cancel of an order that does not exist, beside the cancel of one that rests.
  await view.submitTemplate('order');
  await confirm.submit.click();
  const placed = confirm.root.getByTestId('order-status-0');
  await expect(placed).toHaveAttribute('data-kind', 'resting');
  const oid = Number(/oid (\d+)/.exec(await placed.innerText())?.[1]);
  await confirm.close.click();
  await view.json.fill(
    JSON.stringify({
      type: 'cancel',
      cancels: [
        { a: 0, o: oid },
        { a: 0, o: 1 },
      ],
    }),
  );
  await expect(view.valid).toBeVisible();
  await view.submit.click();
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'done');
  await expect(confirm.result).toHaveText(/^Partly failed: the exchange refused 1 of 2 entries/);
  await expect(confirm.root.getByTestId('order-status-0')).toHaveAttribute('data-kind', 'success');
  await expect(confirm.root.getByTestId('order-status-1')).toHaveAttribute('data-kind', 'error');
  await expect(confirm.root.getByTestId('order-status-1')).toContainText('Order was never placed');
  await confirm.close.click();
  expect(await view.session.columnTexts('result')).toEqual(['partly failed', 'done']);
});

test('every bad repayment amount is refused at the field, and nothing reaches the sandbox', async ({
  loans,
  confirm,
  sandbox,
}) => {
  await loans.openSeeded('sandbox-repay-lend-2', 'repaying');
  await loans.action('loans.acceptRepayment').click();
  const amount = loans.actionForm('loans.acceptRepayment').getByTestId('action-amount');
  const error = loans.actionForm('loans.acceptRepayment').getByTestId('field-error-amount');
  const before = await sandbox.count('PATCH', '/organizations/');
  // The form also refuses more than the request asks (its ceiling).
  const cases = [...BAD_AMOUNTS, ['999999999999', /at most the requested/]] as const;
  for (const [text, says] of cases) {
    await amount.fill(text);
    await loans.review.click();
    await expect(error, text).toContainText(says);
    await expect(confirm.root).toBeHidden();
  }
  expect(await sandbox.count('PATCH', '/organizations/')).toBe(before);
});

test('a prepared action is sent at most once: a second execute of its id is refused', async ({
  app,
  loans,
  confirm,
  sandbox,
}) => {
  await loans.openSeeded('sandbox-approve-lend-4', 'awaiting-approval');
  await loans.action('loans.approve').click();
  const id = await confirm.root.getAttribute('data-action-id');
  expect(id).toMatch(/^act_/);
  await confirm.submit.click();
  await expect(confirm.outcome).toHaveAttribute('data-outcome', 'done');
  const before = await sandbox.count('PATCH', '/organizations/');
  // Straight through the bridge, as a script in the page could.
  const again = await app.evaluate(
    (actionId) =>
      (window as unknown as { copper: CopperApi }).copper.actions.execute({ id: actionId }) as Promise<
        Result<ActionResult>
      >,
    id ?? '',
  );
  expect(again.ok).toBe(false);
  expect(!again.ok && again.error.code).toBe('prepared-used');
  expect(await sandbox.count('PATCH', '/organizations/')).toBe(before);
});

test('a production workspace refuses execute without the phrase, called through the bridge directly', async ({
  app,
}) => {
  const workspaceId = await createWorkspaceWithKey(app, {
    name: 'Production desk',
    environment: 'production',
    organizationId: 'org-prod-e2e',
    apiKey: 'k-prod',
    apiSecret: 's-prod-e2e',
  });
  // No phrase, then the old constant word: both refused by the main side.
  const { phraseRequired, answers } = await executeWithPhrases(app, workspaceId, [null, 'production']);
  expect(phraseRequired).toBe('Production desk');
  expect(answers).toEqual(['confirmation-required', 'confirmation-required']);
});
