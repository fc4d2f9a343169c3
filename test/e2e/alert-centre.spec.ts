/**
 * The alert centre (issue 28.3) against the embedded sandbox: price moves raise the risk watch's
 * alerts; the top bar's bell opens one line per loan in its latest state, coloured by severity,
 * with acknowledge, history and a link to the loan; a slim strip appears only for loans in default
 * or margin call; the tab bar never moves, whatever the number of alerts; a reload keeps the
 * alerts (read back from the main side) and what was acknowledged. Browser mode: the page's
 * notifications, and what the panel says when the browser refuses them.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { resolvedColour } from './support/colours';
import { AlertCentre, checkNow, type Transition } from './pages/alert-centre';
import { DataTable } from './pages/data-table';
import { Shell } from './pages/shell';

/** The page's Notification API, answering `requestPermission` with `answer`. */
async function stubNotifications(page: Page, answer: NotificationPermission): Promise<void> {
  await page.addInitScript((reply) => {
    class StubNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = () => {
        StubNotification.permission = reply;
        return Promise.resolve(reply);
      };
    }
    (window as unknown as { Notification: unknown }).Notification = StubNotification;
  }, answer);
}

/** The severity mark of a line is drawn in the theme's colour for that severity. */
async function expectColour(line: Locator, variable: string): Promise<void> {
  const mark = line.getByTestId('alert-severity');
  await expect(mark).toHaveCSS('color', await resolvedColour(line, `var(${variable})`));
}

const loansOf = (moved: Transition[], to: string) => moved.filter((t) => t.to === to).map((t) => t.loanId);

/**
 * What the strip should say (or null) and the bell's count, from the lines the panel shows, beside
 * what they do say: they must agree.
 */
async function agreement(centre: AlertCentre): Promise<{ expected: unknown; shown: unknown }> {
  const lines = await centre.lines.evaluateAll((els) =>
    els.map((e) => ({
      severity: e.getAttribute('data-severity'),
      open: e.getAttribute('data-acknowledged') === 'false',
    })),
  );
  const open = lines.filter((l) => l.open && l.severity !== 'healthy');
  const defaulted = open.filter((l) => l.severity === 'default').length;
  const marginCall = open.filter((l) => l.severity === 'margin-call').length;
  const urgent = defaulted + marginCall;
  const words = [defaulted ? `${defaulted} defaulted` : '', marginCall ? `${marginCall} in margin call` : '']
    .filter(Boolean)
    .join(', ');
  return {
    expected: {
      count: String(open.length),
      strip:
        urgent === 0 ? null : `${urgent} ${urgent === 1 ? 'loan needs' : 'loans need'} attention: ${words}`,
    },
    shown: {
      count: await centre.bell.getAttribute('data-count'),
      strip:
        (await centre.strip.count()) === 0
          ? null
          : (await centre.strip.innerText()).replace(/\s*Open alerts$/, ''),
    },
  };
}

async function expectAgreement(centre: AlertCentre): Promise<void> {
  await expect
    .poll(async () => {
      const { expected, shown } = await agreement(centre);
      return JSON.stringify(shown) === JSON.stringify(expected)
        ? 'agree'
        : JSON.stringify({ expected, shown });
    })
    .toBe('agree');
}

test('one line per loan in its latest state, coloured, acknowledged, linked; a strip only for default and margin call', async ({
  app,
}) => {
  const shell = new Shell(app);
  const centre = new AlertCentre(app);
  // The watch has read the book once: what moves next is a change.
  await checkNow(app);

  // A price move: margin calls, a default and loans back to healthy. The strip opens the panel.
  const first = await centre.movePrices({ BTC: '40000' });
  const [call, defaulted, healed] = ['margin-call', 'default', 'healthy'].map((to) => loansOf(first, to)[0]);
  if (call === undefined || defaulted === undefined || healed === undefined)
    throw new Error(`the sandbox moved otherwise: ${JSON.stringify(first)}`);
  await expect(centre.strip).toContainText(/\d+ defaulted, \d+ in margin call/);
  await centre.stripOpen.click();
  await expect(centre.panel).toBeVisible();
  await expect(centre.panel.getByRole('heading', { name: 'Risk alerts' })).toBeFocused();
  const line = centre.line(call);
  await expect(line).toHaveAttribute('data-kind', 'margin-call');
  await expect(line).toContainText(`Loan ${call} is in margin call`);
  await expect(line).toContainText(/top up \d+(\.\d+)? \w+ to return to LTV/);
  await expect(line.locator('time')).toHaveCount(1);
  await expectColour(line, '--orange-fg');
  await expect(centre.line(defaulted)).toHaveAttribute('data-kind', 'default');
  await expectColour(centre.line(defaulted), '--danger-fg');
  await expect(centre.line(healed)).toHaveAttribute('data-kind', 'healthy');
  await expectColour(centre.line(healed), '--ok-fg');
  await expectAgreement(centre);

  // Escape closes, and focus goes back to the bell.
  await app.keyboard.press('Escape');
  await expect(centre.panel).toHaveCount(0);
  await expect(centre.bell).toBeFocused();
  await expect(centre.bell).toHaveAttribute('aria-expanded', 'false');

  // Acknowledge: the line says so; the count and the strip leave it out.
  await centre.bell.click();
  const count = Number(await centre.bell.getAttribute('data-count'));
  await line.getByTestId('alert-acknowledge').click();
  await expect(line).toHaveAttribute('data-acknowledged', 'true');
  await expect(line).toContainText('Acknowledged');
  await expect(centre.bell).toHaveAttribute('data-count', String(count - 1));
  await expectAgreement(centre);

  // Back: the newer state replaces the older one; the margin call is in the history.
  await centre.movePrices({ BTC: '65000' });
  await expect(line).toHaveAttribute('data-kind', 'healthy');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Loan ${call} is back to healthy`);
  await expect(line).not.toContainText('is in margin call');
  await expectColour(line, '--ok-fg');
  await line.getByTestId('alert-history-toggle').click();
  await expect(line.getByTestId('alert-history')).toContainText(`Loan ${call} is in margin call`);
  await expect(centre.line(defaulted)).toHaveAttribute('data-kind', 'healthy');
  const ids = await centre.lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-loan-id')));
  expect(new Set(ids).size).toBe(ids.length);
  await expectAgreement(centre);

  // Every line answered: no strip and no count, while the healthy lines stay listed.
  await centre.answerAll();
  await expect(centre.bell).toHaveAttribute('data-count', '0');
  await expect(centre.strip).toHaveCount(0);
  await expect(line).toHaveAttribute('data-kind', 'healthy');
  await expect(centre.panel.locator('[data-severity="healthy"]')).not.toHaveCount(0);

  // The link opens the loan on the risk board and closes the panel.
  await centre.line(call).getByTestId('alert-open-loan').click();
  await expect(centre.panel).toHaveCount(0);
  await expect(shell.view('risk')).toBeVisible();
  await expect(app.getByTestId('risk-detail')).toHaveAttribute('data-loan-id', call);
});

test('the panel asks for page notifications and says so when the browser refuses', async ({
  page,
  server,
}) => {
  await stubNotifications(page, 'denied');
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  const centre = new AlertCentre(page);
  await centre.open();
  await expect(centre.panel.getByTestId('alert-empty')).toBeVisible();
  await centre.enableNotifications.click();
  await expect(centre.notificationStatus).toHaveAttribute('data-permission', 'denied');
  await expect(centre.notificationStatus).toContainText(
    'Notifications are blocked by the browser; allow them in the site settings',
  );
  await expect(centre.enableNotifications).toHaveCount(0);
});

test('with a dozen alerts the tab bar stays where it is with none', async ({ app }, testInfo) => {
  const shell = new Shell(app);
  const centre = new AlertCentre(app);
  const tabBar = app.getByRole('tablist', { name: 'Views' });
  // The watch's first reading alerts the loans already in margin call (a reload keeps them):
  // answered, nothing is left that takes room on screen.
  await checkNow(app);
  await shell.openTab('risk');
  await new DataTable(app, 'risk').waitReady();
  await centre.open();
  await centre.answerAll();
  await app.keyboard.press('Escape');
  await expect(centre.bell).toHaveAttribute('data-count', '0');
  await expect(centre.strip).toHaveCount(0);
  const before = await tabBar.boundingBox();
  await testInfo.attach('risk board, no alerts', { body: await app.screenshot(), contentType: 'image/png' });

  for (const BTC of ['40000', '65000', '30000']) await centre.movePrices({ BTC });
  await centre.open();
  await expect
    .poll(async () => Number(await centre.panel.getAttribute('data-alerts')))
    .toBeGreaterThanOrEqual(12);
  await app.keyboard.press('Escape');
  await expect(centre.strip).toBeVisible();
  const after = await tabBar.boundingBox();
  await testInfo.attach('risk board, 12 alerts or more', {
    body: await app.screenshot(),
    contentType: 'image/png',
  });
  expect(after?.y).toBe(before?.y);
  expect(after?.height).toBe(before?.height);
  // The strip is the one thing added, under the tab bar, and slim.
  const strip = await centre.strip.boundingBox();
  expect(strip?.y).toBeGreaterThanOrEqual((after?.y ?? 0) + (after?.height ?? 0) - 1);
  expect(strip?.height).toBeLessThanOrEqual(36);
});

test('a reload keeps the alerts, and a margin call acknowledged before it stays answered', async ({
  app,
}) => {
  const shell = new Shell(app);
  const centre = new AlertCentre(app);
  await checkNow(app);
  const [acked, open] = loansOf(await centre.movePrices({ BTC: '40000' }), 'margin-call');
  if (acked === undefined || open === undefined) throw new Error('the sandbox moved fewer than two loans');
  await centre.open();
  await centre.line(acked).getByTestId('alert-acknowledge').click();
  await expect(centre.line(acked)).toHaveAttribute('data-acknowledged', 'true');
  const count = await centre.bell.getAttribute('data-count');
  expect(Number(count)).toBeGreaterThan(0);

  // The page starts again: the lines come back from the main side's log, not from the page.
  await centre.reload();
  await shell.openTab('risk');
  await new DataTable(app, 'risk').waitReady();
  await expect(centre.bell).toHaveAttribute('data-count', count ?? '');
  await expect(centre.strip).toContainText(/\d+ in margin call/);
  await centre.open();
  await expect(centre.line(open)).toHaveAttribute('data-kind', 'margin-call');
  await expect(centre.line(open)).toHaveAttribute('data-acknowledged', 'false');
  await expect(centre.line(open)).toContainText(`Loan ${open} is in margin call`);
  await expect(centre.line(acked)).toHaveAttribute('data-acknowledged', 'true');
  // One line per loan: the read and the events did not double any.
  const ids = await centre.lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-loan-id')));
  expect(new Set(ids).size).toBe(ids.length);
});
