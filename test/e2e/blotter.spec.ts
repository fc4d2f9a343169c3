/**
 * The blotter (issue 28, item 6): an order sent from the exchange composer is listed with its
 * status from the answer, is still there after the console restarts on the same data folder (it is
 * rebuilt from the journal), and Cancel from its row goes through the confirmation and sends
 * exactly one cancel to the sandbox. A partly failed batch (written to the journal while the
 * console is stopped: the console itself refuses an order below the minimum before sending, so the
 * sandbox never answers one) shows amber "Partly failed" with each result beside its order.
 * Filters by asset; a cancelled order says so and offers no second cancel.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { onDataDir } from './support/restarting-console';
import { resolvedColour } from './support/colours';
import { countRequests } from './support/platform-request';
import { seedJournal, type SeedRecord } from './support/seed-journal';
import { BlotterPage } from './pages/blotter';
import { ConfirmDialog } from './pages/confirm-dialog';
import { Shell } from './pages/shell';

const limitOrder = (a: number, s: string, p: string) => ({
  a,
  b: true,
  p,
  s,
  r: false,
  t: { limit: { tif: 'Gtc' } },
});

/** Sends one order action from the composer's JSON editor through the confirmation. */
async function sendOrders(page: Page, orders: ReturnType<typeof limitOrder>[]): Promise<void> {
  await new Shell(page).openTab('agent-wallets');
  await page.getByTestId('agent-wallets-section-wallets').click();
  await page.getByTestId('composer-mode-json').click();
  await page.getByTestId('composer-json').fill(JSON.stringify({ type: 'order', orders, grouping: 'na' }));
  await page.getByTestId('action-exchange.submit').click();
  await new ConfirmDialog(page).send('The exchange accepted it');
}

/** A two-order batch of which the exchange refused the second, as the action service journals it. */
function partlyFailedBatch(workspaceId: string): SeedRecord[] {
  const base = {
    actionId: 'seeded-batch',
    action: 'exchange.submit',
    workspaceId,
    workspaceName: 'Local sandbox',
    environment: 'sandbox',
    keyId: 'key-seeded',
    operator: 'Sam Night',
    object: 'Exchange',
  } as const;
  const action = {
    type: 'order',
    orders: [limitOrder(1, '0.5', '2000'), limitOrder(1, '5', '1')],
    grouping: 'na',
  };
  const body = JSON.stringify({ action, nonce: 1_767_225_600_000 });
  const answer = {
    status: 'ok',
    response: {
      type: 'order',
      data: { statuses: [{ resting: { oid: 777 } }, { error: 'Order has invalid size.' }] },
    },
  };
  return [
    {
      ...base,
      step: 'prepared',
      detail: { request: { method: 'POST', url: 'x', contentType: 'application/json', body } },
    },
    { ...base, step: 'sent' },
    { ...base, step: 'answered', detail: { status: 200, answer } },
    { ...base, step: 'outcome', outcome: 'done' },
  ];
}

/** The workspace's base URL (the workspace name's title), where the sandbox's controls sit beside. */
const baseUrlOf = async (page: Page) => (await new Shell(page).workspaceName.getAttribute('title')) ?? '';

test('an order is in the blotter after a restart; Cancel from its row sends exactly one cancel', async ({
  page,
}) => {
  await onDataDir('blotter', page, async ({ dataDir, stop, start }) => {
    const blotter = new BlotterPage(page);
    const confirm = new ConfirmDialog(page);
    await sendOrders(page, [limitOrder(0, '0.01', '30000')]);
    await blotter.open();
    await expect(blotter.table.rows).toHaveCount(1);
    await expect(blotter.status(0)).toHaveAttribute('data-status', 'resting');
    const oid = (await blotter.table.columnTexts('oid'))[0] ?? '';
    expect(oid).toMatch(/^\d{10}/);
    expect(await blotter.table.columnTexts('side')).toEqual(['BUY']);
    expect(await blotter.table.columnTexts('size')).toEqual(['0.01']);

    const workspaceId = await new Shell(page).activeWorkspaceId();
    await stop();
    seedJournal(dataDir, partlyFailedBatch(workspaceId));
    await start();
    await blotter.open();
    await expect(blotter.table.rows).toHaveCount(3);
    await expect(blotter.status(oid)).toHaveAttribute('data-status', 'resting');

    // The seeded batch: amber "Partly failed" on both orders, each with its own result.
    const [first, second] = [blotter.table.row('seeded-batch:0'), blotter.table.row('seeded-batch:1')];
    await expect(first.getByTestId('blotter-status')).toHaveAttribute('data-status', 'resting');
    await expect(second.getByTestId('blotter-status')).toHaveAttribute('data-status', 'error');
    await expect(second.getByTestId('blotter-status')).toContainText('Order has invalid size.');
    for (const row of [first, second]) {
      const badge = row.getByTestId('blotter-batch').locator('.badge');
      await expect(badge).toHaveText('Partly failed');
      expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe(
        await resolvedColour(badge, 'var(--warn-fg)'),
      );
    }
    await expect(first).toContainText('Sam Night');
    // The refused order never rested: no cancel is offered for it.
    await expect(second.getByTestId('blotter-cancel')).toBeDisabled();

    // The restarted console has a fresh embedded sandbox: count its exchange requests from here.
    const baseUrl = await baseUrlOf(page);
    const before = await countRequests(baseUrl, 'POST', '/exchange');
    await blotter.cancel(oid).click();
    await expect(confirm.root.getByTestId('confirm-line')).toHaveText([
      new RegExp(`^CANCEL .* oid ${oid.replace(/\D.*$/, '')}$`),
    ]);
    await confirm.submit.click();
    await expect(confirm.outcome).toBeVisible();
    await confirm.close.click();
    expect(await countRequests(baseUrl, 'POST', '/exchange')).toBe(before + 1);
    // That sandbox never saw the order: its answer, beside the order, says so.
    await expect(blotter.later(oid)).toContainText('cancel failed: Order was never placed');
  });
});

test('a cancelled order says so and offers no second cancel; the asset filter narrows the rows', async ({
  app,
}) => {
  const blotter = new BlotterPage(app);
  const confirm = new ConfirmDialog(app);
  await sendOrders(app, [limitOrder(0, '0.01', '30000')]);
  await sendOrders(app, [limitOrder(1, '0.5', '2000')]);
  await blotter.open();
  await expect(blotter.table.rows).toHaveCount(2);
  await blotter.assetFilter.selectOption('1');
  await expect(blotter.table.rows).toHaveCount(1);
  expect(await blotter.table.columnTexts('size')).toEqual(['0.5']);

  const baseUrl = await baseUrlOf(app);
  const before = await countRequests(baseUrl, 'POST', '/exchange');
  await blotter.cancel(0).click();
  await confirm.send('The exchange accepted it (1 of 1 entries ok).');
  await expect(blotter.later(0)).toHaveText('cancelled');
  await expect(blotter.cancel(0)).toBeDisabled();
  await expect(blotter.cancel(0)).toHaveAttribute('title', 'Already cancelled.');
  expect(await countRequests(baseUrl, 'POST', '/exchange')).toBe(before + 1);

  await blotter.assetFilter.selectOption('');
  await expect(blotter.table.rows).toHaveCount(2);
  await expect(blotter.count).toHaveText('2 orders');
});
