/**
 * Stressing the book on the risk board (issue 28, item 2) against the embedded sandbox: a shock
 * shows the loans that would cross each line (as the shared stress module computes them from the
 * board's own loans), the top-up per currency, and filters the table to those loans; bad input gets
 * a message; and nothing is sent: no call leaves the page, no request reaches the platform.
 */
import type { CopperApi } from '../../src/shared/contract';
import { Exact } from '../../src/shared/decimal';
import type { PriceSheet } from '../../src/shared/price-sheet';
import type { RiskBoard } from '../../src/shared/risk';
import { prepareStress, stressBook, STRESS_LINES } from '../../src/shared/risk-stress';
import { test, expect } from './support/fixtures';
import { sandboxControlHeaders } from './support/console-server';
import { DataTable } from './pages/data-table';
import { Shell } from './pages/shell';
import { StressPanel } from './pages/stress-panel';
import { WebhooksPage } from './pages/webhooks';

interface LoggedRequest {
  method: string;
  path: string;
}

async function platformRequests(controlUrl: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${controlUrl}/requests`, { headers: sandboxControlHeaders(controlUrl) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: LoggedRequest[] }).requests;
}

test('a shock shows the crossings and top-ups, filters the board, and sends nothing', async ({ app }) => {
  const shell = new Shell(app);
  const board = new DataTable(app, 'risk');
  const stress = new StressPanel(app);
  await shell.openTab('risk');
  await board.waitReady();
  // Every loan, not the head the board paints first.
  await expect(app.getByTestId('risk-partial')).toHaveCount(0);
  await expect(app.getByTestId('risk-totals')).toBeVisible();

  // What the stress must show, from the board the page holds (read before anything is counted).
  const workspaceId = await shell.activeWorkspaceId();
  const [held, sheet] = await app.evaluate(async (id) => {
    const copper = (window as unknown as { copper: CopperApi }).copper;
    const [board, prices] = await Promise.all([
      copper.risk.board({ workspaceId: id }),
      copper.prices.get({ workspaceId: id }),
    ]);
    if (!board.ok || !prices.ok) throw new Error('the board or the prices could not be read');
    return [board.value, prices.value] as [RiskBoard, PriceSheet];
  }, workspaceId);
  const book = prepareStress(held.loans, held.settings.warningPoints);
  const expected = stressBook(book, { kind: 'collateral-falls', percent: '10' });
  expect(expected.crosses['margin-call']).toBeGreaterThan(0);
  // The built-in workspace's sheet holds the sandbox's prices (USD).
  const usd = new Map(sheet.rows.map((r) => [r.currency.toUpperCase(), new Exact(r.price)]));
  const estimated = stressBook(
    book,
    { kind: 'currency-falls', percent: '10', currency: 'BTC' },
    (c) => usd.get(c.toUpperCase()) ?? null,
  );
  expect(estimated.crossing).toBeGreaterThan(0);

  const controlUrl = await new WebhooksPage(app).sandboxControlUrl();
  const before = (await platformRequests(controlUrl)).length;
  const cycleAt = () => app.getByTestId('risk-last-cycle').getAttribute('data-cycle-at');
  const cycleBefore = await cycleAt();
  const calls: string[] = [];
  app.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/rpc/')) calls.push(path.slice('/rpc/'.length));
  });

  await stress.stress('collateral-falls', '10');
  for (const line of STRESS_LINES) expect(await stress.count(line), line).toBe(expected.crosses[line]);
  expect(await stress.count('unknown')).toBe(expected.unknown);
  expect(await stress.count('crossing')).toBe(expected.crossing);
  for (const t of expected.topUps)
    await expect(stress.topUps.locator(`[data-currency="${t.currency}"]`)).toHaveAttribute(
      'data-amount',
      t.amount,
    );

  // Only the loans that would cross: the table holds exactly them, each marked.
  await stress.onlyCrossing.check();
  await expect(board.root).toHaveAttribute('data-row-count', String(expected.crossing));
  const marks = await board.root
    .getByTestId('stress-cell')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-crosses') ?? ''));
  expect(marks.length).toBeGreaterThan(0);
  for (const m of marks) expect(m).not.toBe('');
  await stress.onlyCrossing.uncheck();
  await expect(board.root).toHaveAttribute('data-row-count', String(held.loans.length));

  // BTC falls 10 % at the sheet's prices: an estimate, labelled, counted the same way.
  await stress.estimate('BTC', '10');
  await expect(stress.estimateNote).toContainText('Estimate at your prices (as of');
  for (const line of STRESS_LINES) expect(await stress.count(line), line).toBe(estimated.crosses[line]);
  expect(await stress.count('unknown')).toBe(estimated.unknown);

  // A bigger rise crosses more; bad input says why and shows no figures.
  await stress.stress('asset-rises', '25');
  expect(await stress.count('margin-call')).toBeGreaterThanOrEqual(expected.crosses['margin-call']);
  await stress.percent.fill('abc');
  await expect(stress.error).toContainText('not a percentage');
  await expect(stress.summary).toHaveCount(0);
  await stress.percent.fill('1000.5');
  await expect(stress.error).toContainText('at most 1000');
  await stress.kind.selectOption('collateral-falls');
  await stress.percent.fill('100');
  await expect(stress.error).toContainText('less than 100');

  // Nothing was sent: no call from the page but the board's own re-reads, the remembered layout
  // (`workspaces.saveUiState`, debounced, writes the workspace file and never the platform) and the
  // guard meter's read of its counters (`guard.status`: every 15 s, and after the watch's reads;
  // main side only), and no request reached the platform unless the watch ran a cycle meanwhile
  // (its reads: GETs only).
  await app.waitForTimeout(500);
  const local = new Set(['risk.board', 'workspaces.saveUiState', 'guard.status']);
  expect(calls.filter((c) => !local.has(c))).toEqual([]);
  const watchRan = (await cycleAt()) !== cycleBefore;
  const sent = (await platformRequests(controlUrl)).slice(before);
  expect(sent.filter((r) => !(watchRan && r.method === 'GET'))).toEqual([]);
});
