/**
 * Issue 28, points 1 and 7, on the risk board against the embedded sandbox: a loan past its margin
 * call never shows a top-up of 0, one without thresholds says "no target" and why (the quirk
 * `nullObjects` sends `"extra": null` for a third of the loans), an expired cure reads "expired …
 * ago" (this machine's clock moved past the cure's end), an LTV stamped by a platform clock ahead of this
 * machine is flagged as clock skew (the sandbox clock advanced, then prices moved), the settings
 * read in their units, and the compact LTV bar stays inside its row.
 */
import { test, expect } from './support/fixtures';
import { sandboxControlHeaders } from './support/console-server';
import { DataTable } from './pages/data-table';
import { Shell } from './pages/shell';
import { WebhooksPage } from './pages/webhooks';

async function control(controlUrl: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${controlUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** Row ids with their text in one column, for the rows rendered (the viewport holds them all). */
async function column(board: DataTable, id: string): Promise<[string, string][]> {
  const ids = await board.renderedIds();
  const texts = await board.columnTexts(id);
  return ids.map((rowId, i) => [rowId, texts[i] ?? '']);
}

test('top-up never 0 and "no target" with why; cure expired and clock skew flagged, never negative', async ({
  app,
}) => {
  // Tall enough for every open loan of the small sandbox to be rendered (the table virtualises).
  await app.setViewportSize({ width: 1600, height: 2400 });
  const shell = new Shell(app);
  const board = new DataTable(app, 'risk');
  await shell.openTab('risk');
  await board.waitReady();

  // The settings read in their units: "Remind every 6 hours", "Check every 1 minute".
  await expect(app.getByTestId('risk-reminder')).toHaveValue('6');
  await expect(app.getByTestId('risk-reminder-unit')).toHaveValue('h');
  await expect(app.getByTestId('risk-interval')).toHaveValue('1');
  await expect(app.getByTestId('risk-interval-unit')).toHaveValue('min');
  await app.getByTestId('risk-interval-unit').selectOption('s');
  await app.getByTestId('risk-save-settings').click();
  await expect(app.getByTestId('risk-interval-unit')).toHaveValue('s');

  // The compact LTV bar fits its row.
  const firstRow = board.rows.first();
  const rowBox = await firstRow.boundingBox();
  const ltvBox = await firstRow.getByTestId('ltv-cell').boundingBox();
  expect(rowBox && ltvBox).toBeTruthy();
  expect(ltvBox!.y).toBeGreaterThanOrEqual(rowBox!.y - 0.5);
  expect(ltvBox!.y + ltvBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height + 0.5);

  // A third of the loans lose their thresholds; the platform's clock runs an hour ahead; prices
  // fall far enough that most loans are past their margin call.
  const controlUrl = await new WebhooksPage(app).sandboxControlUrl();
  await control(controlUrl, '/quirks', { nullObjects: true });
  await control(controlUrl, '/clock/advance', { ms: 3_600_000 });
  await control(controlUrl, '/prices', { BTC: '30000', ETH: '1500', SOL: '70' });
  const cycleAt = await app.getByTestId('risk-last-cycle').getAttribute('data-cycle-at');
  await app.getByTestId('risk-check-now').click();
  await expect(app.getByTestId('risk-last-cycle')).not.toHaveAttribute('data-cycle-at', cycleAt ?? '');

  await expect
    .poll(async () => (await column(board, 'topUp')).some(([, t]) => t === 'no target'), { timeout: 20_000 })
    .toBe(true);
  const topUps = await column(board, 'topUp');
  // Never an amount of 0.
  expect(topUps.filter(([, t]) => /^0(\.0*)?(\s|$)/.test(t))).toEqual([]);
  const [noTargetId] = topUps.find(([, t]) => t === 'no target') as [string, string];
  await expect((await board.cell(noTargetId, 'topUp')).getByTestId('risk-topup-cell')).toHaveAttribute(
    'title',
    /no rebalance threshold, initial LTV or margin-call threshold/,
  );
  await (await board.cell(noTargetId, 'loanId')).click();
  await expect(app.getByTestId('risk-detail')).toHaveAttribute('data-loan-id', noTargetId);
  await expect(app.getByTestId('risk-topup-formula')).toContainText(
    'target = no target: the loan states no rebalance threshold, initial LTV or margin-call threshold',
  );

  // A loan with a target: the formula with its inputs, and an amount above 0.
  const [amountId] = topUps.find(([, t]) => /^\d/.test(t)) as [string, string];
  await (await board.cell(amountId, 'loanId')).click();
  await expect(app.getByTestId('risk-topup-formula')).toContainText(/target = min\(.*\) = \d/);
  await expect(app.getByTestId('risk-topup-formula')).toContainText(
    /add = collateral × \(LTV \/ target − 1\)/,
  );

  // Ages and countdowns: never a negative figure; skew flagged; an expired cure says so.
  const ages = await column(board, 'ltvAge');
  const cures = await column(board, 'cure');
  expect([...ages, ...cures].filter(([, t]) => /-\s?\d/.test(t))).toEqual([]);
  const [skewId] = ages.find(([, t]) => t.startsWith('clock skew')) ?? [''];
  expect(skewId).not.toBe('');
  await expect((await board.cell(skewId, 'ltvAge')).getByTestId('risk-ltv-age')).toHaveAttribute(
    'title',
    /^clock skew: the platform’s time is ahead of this machine by (59 min|1 h)/,
  );
  // A margin call the price move started: its cure ends a day after the platform's (advanced)
  // time. This machine's clock moves 27 hours on: the pane and the cell say "expired … ago".
  const [cureId] = cures.find(([, t]) => /^\d/.test(t)) ?? [''];
  expect(cureId).not.toBe('');
  await (await board.cell(cureId, 'loanId')).click();
  await expect(app.getByTestId('risk-cure')).toContainText(/^Time left to cure: \d/);
  await app.clock.setFixedTime(Date.now() + 27 * 3_600_000);
  await expect(app.getByTestId('risk-cure')).toHaveText(
    /^Cure period expired (1 h 5\d min|2 h( \d+ min)?) ago$/,
  );
  await expect(await board.cell(cureId, 'cure')).toHaveText(/^expired \d.* ago$/, { timeout: 20_000 });
});
