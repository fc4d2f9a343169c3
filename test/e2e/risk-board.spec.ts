/**
 * The risk board (issue 13) against the embedded sandbox: a BTC price drop re-orders the board and
 * raises a margin-call notice and notification (loan, LTV, top-up from the platform's dry run);
 * the reminder repeats on a shortened period; a price rise brings a back-to-healthy notice.
 * Browser mode: notifications go through the page's Notification API, stubbed here to record them.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { sandboxControlHeaders } from './support/console-server';
import { DataTable } from './pages/data-table';
import { Shell } from './pages/shell';
import { WebhooksPage } from './pages/webhooks';
import { AlertCentre } from './pages/alert-centre';

interface Note {
  title: string;
  body: string;
}

async function setPrices(controlUrl: string, prices: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${controlUrl}/prices`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
    body: JSON.stringify(prices),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { transitions: { loanId: string; to: string }[] };
  return body.transitions.filter((t) => t.to === 'margin-call').map((t) => t.loanId);
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: Note[] }).__notes);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const recorded: { title: string; body: string }[] = [];
    (window as unknown as { __notes: typeof recorded }).__notes = recorded;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: { body?: string }) {
        recorded.push({ title, body: options?.body ?? '' });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
  });
});

test('a price drop re-orders the board, alerts with LTV and top-up, reminds, and a rise says healthy', async ({
  app,
}) => {
  const shell = new Shell(app);
  const board = new DataTable(app, 'risk');
  await shell.openTab('risk');
  await board.waitReady();
  expect(await board.rowCount()).toBeGreaterThan(0);
  // Sorted by headroom to margin call by default.
  await expect(board.header('headroomMarginCall')).toHaveAttribute('aria-sort', 'ascending');

  // A short interval and reminder period so the test does not wait minutes.
  await app.getByTestId('risk-interval').fill('1');
  await app.getByTestId('risk-interval-unit').selectOption('s');
  await app.getByTestId('risk-reminder').fill('2');
  await app.getByTestId('risk-reminder-unit').selectOption('s');
  await app.getByTestId('risk-save-settings').click();
  await expect(app.getByTestId('risk-interval')).toHaveValue('1');
  const before = await board.renderedIds();

  const controlUrl = await new WebhooksPage(app).sandboxControlUrl();
  const moved = await setPrices(controlUrl, { BTC: '62000' });
  expect(moved.length).toBeGreaterThan(0);
  const loanId = moved[0] as string;

  const centre = new AlertCentre(app);
  await centre.open();
  const notice = centre.line(loanId);
  await expect(notice).toHaveAttribute('data-kind', 'margin-call');
  await expect(notice).toContainText(`Loan ${loanId} is in margin call`);
  await expect(notice).toContainText(/LTV \d+(\.\d+)?/);
  await expect(notice).toContainText(/top up \d+(\.\d+)? \w+ to return to LTV/);
  await expect
    .poll(async () => (await notes(app)).find((n) => n.title === `Loan ${loanId} is in margin call`))
    .toMatchObject({ body: expect.stringMatching(/LTV \d.*top up \d/) });

  // The board re-ordered: the loan now in margin call moved up.
  await expect
    .poll(async () => (await board.renderedIds()).indexOf(loanId))
    .toBeLessThan(before.indexOf(loanId));
  await expect(await board.cell(loanId, 'band')).toHaveText('margin-call');

  // The reminder repeats on the shortened period while it is not acknowledged; it replaces the
  // margin call on the loan's line in the alert centre.
  await centre.open();
  await expect(centre.line(loanId)).toHaveAttribute('data-kind', 'reminder', { timeout: 15_000 });
  await expect
    .poll(
      async () =>
        (await notes(app)).filter((n) => n.title === `Loan ${loanId} is still in margin call`).length,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  await app.keyboard.press('Escape');

  // The detail shows the cure countdown and the top-up.
  await (await board.cell(loanId, 'loanId')).click();
  await expect(app.getByTestId('risk-detail')).toHaveAttribute('data-loan-id', loanId);
  await expect(app.getByTestId('risk-cure')).toContainText('Time left to cure');
  await expect(app.getByTestId('risk-topup')).toContainText('to return to LTV');

  await setPrices(controlUrl, { BTC: '65000' });
  await centre.open();
  const healthy = centre.line(loanId);
  await expect(healthy).toHaveAttribute('data-kind', 'healthy');
  await expect(healthy).toContainText('is back to healthy');
  await expect
    .poll(async () => (await notes(app)).some((n) => n.title === `Loan ${loanId} is back to healthy`))
    .toBe(true);
});

test('acknowledging stops the reminders of a margin call', async ({ app }) => {
  const shell = new Shell(app);
  const board = new DataTable(app, 'risk');
  await shell.openTab('risk');
  await board.waitReady();
  await app.getByTestId('risk-interval').fill('1');
  await app.getByTestId('risk-interval-unit').selectOption('s');
  await app.getByTestId('risk-reminder').fill('1');
  await app.getByTestId('risk-reminder-unit').selectOption('s');
  await app.getByTestId('risk-save-settings').click();
  const moved = await setPrices(await new WebhooksPage(app).sandboxControlUrl(), { BTC: '62000' });
  const loanId = moved[0] as string;
  const centre = new AlertCentre(app);
  await centre.open();
  const alert = centre.line(loanId);
  await expect(alert).toBeVisible();
  await alert.getByTestId('alert-acknowledge').click();
  await expect(alert).toHaveAttribute('data-acknowledged', 'true');
  await app.keyboard.press('Escape');
  await (await board.cell(loanId, 'loanId')).click();
  await expect(app.getByTestId('risk-acknowledged')).toBeVisible();
  // After the acknowledgement: further cycles run (the reading time moves) and no reminder comes back.
  const count = (await notes(app)).filter((n) => n.title === `Loan ${loanId} is still in margin call`).length;
  const cycleAt = () => app.getByTestId('risk-last-cycle').getAttribute('data-cycle-at');
  const first = await cycleAt();
  await expect.poll(cycleAt, { timeout: 15_000 }).not.toBe(first);
  const second = await cycleAt();
  await expect.poll(cycleAt, { timeout: 15_000 }).not.toBe(second);
  expect((await notes(app)).filter((n) => n.title === `Loan ${loanId} is still in margin call`).length).toBe(
    count,
  );
  // No newer alert came to re-open the line.
  await centre.open();
  await expect(centre.line(loanId)).toHaveAttribute('data-acknowledged', 'true');
});
