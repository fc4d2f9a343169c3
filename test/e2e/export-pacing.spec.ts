/**
 * Issue 30, item 3: pacing that shows. An export that has spent its share of the request budget
 * (80 % of the platform's 1,000 requests per 5 minutes) waits for the next slot; the dialog says
 * so and until when, counts its progress in rows with the requests spent and left in the window,
 * and Cancel still ends it while it waits.
 *
 * The budget runs out quickly here without any test knob in the console: the embedded sandbox is
 * told to serve one activity a page (silently capped), so the small sandbox's 2,000 activities
 * take 2,000 requests, and the real lockout guard pauses the export after about 800 of them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { test, expect } from './support/fixtures';
import type { ConsoleServer } from './support/console-server';
import { sandboxControl } from './support/platform-request';
import { ActivitiesPage } from './pages/activities';
import { Shell } from './pages/shell';

function platformUrl(server: ConsoleServer): string {
  const url = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+\/platform)/.exec(server.output())?.[1];
  if (url === undefined) throw new Error('the console did not log its sandbox address');
  return url;
}

test('an export waiting for the request budget says so, counts rows and requests, and cancels', async ({
  app,
  server,
}) => {
  // ~800 requests before the pause, then the wait: longer than the default 30 s.
  test.setTimeout(180_000);
  const view = new ActivitiesPage(app);
  await new Shell(app).openTab('activities');
  await view.table.waitReady();

  // From now on the platform serves one activity per request, whatever the page size asked.
  const set = await sandboxControl(platformUrl(server), 'POST', '/page-sizes', {
    activities: { max: 1, over: 'cap' },
  });
  expect(set.status, JSON.stringify(set.json)).toBe(200);

  await view.exportButton.click();
  const target = await view.exportPath.inputValue();
  await view.exportStart.click();

  const progress = view.exportDialog.getByTestId('export-progress');
  const paused = progress.getByTestId('export-paused');
  await expect(paused).toBeVisible({ timeout: 120_000 });
  const pausedWords =
    /^Paused by the rate budget \(the platform allows 1,000 requests per 5 minutes\); resumes at (.+)$/;
  await expect(paused).toContainText(pausedWords);
  // It resumes when the window frees a slot: after now, at most the window's 5 minutes away.
  const resumes = pausedWords.exec((await paused.textContent()) ?? '')?.[1] ?? '';
  const resumesAt = Date.parse(resumes.replace(' ', 'T').replace(/ UTC$/, 'Z'));
  expect(resumes).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  expect(resumesAt).toBeGreaterThan(Date.now() - 1_000);
  expect(resumesAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  // The bar says the same to assistive technology.
  await expect(progress.getByRole('progressbar')).toHaveAttribute(
    'aria-label',
    /^Paused by the rate budget .* resumes at /,
  );

  // Progress in rows: one row a request, so the rows written are the requests the job sent.
  const rowsText = (await progress.getByTestId('export-rows').textContent()) ?? '';
  const rows = Number(/^([\d,]+) rows written/.exec(rowsText)?.[1]?.replace(/,/g, '') ?? NaN);
  expect(rows, rowsText).toBeGreaterThanOrEqual(700);
  expect(rows, rowsText).toBeLessThan(2000);
  // The window's requests: the job's share (800 of 1,000) is spent, none left for it.
  const requests = progress.getByTestId('export-requests');
  await expect(requests).toContainText(/^[\d,]+ requests spent in this window, 0 left for this job$/);
  const spent = Number(
    /^([\d,]+) requests/.exec((await requests.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? NaN,
  );
  expect(spent).toBeGreaterThanOrEqual(800);
  expect(spent).toBeLessThanOrEqual(1000);

  // Still paused a moment later: it waits for the window, it is not stuck and not failed.
  await expect(paused).toBeVisible();
  await expect(view.exportDialog.getByTestId('export-error')).toHaveCount(0);

  // Cancel works while it waits: the export ends as cancelled and leaves no file behind.
  await progress.getByTestId('export-progress-cancel').click();
  await expect(progress).toHaveCount(0, { timeout: 10_000 });
  await expect(view.exportDialog.getByTestId('export-error')).toContainText('cancelled');
  expect(existsSync(target)).toBe(false);
  const left = existsSync(dirname(target)) ? readdirSync(dirname(target)) : [];
  expect(left.filter((name) => name.endsWith('.part') || name.endsWith('.csv'))).toEqual([]);
});
