/**
 * Webhooks: the local receiver started from the tab, the embedded sandbox subscribed to it in one
 * click, deliveries verified on the main side with the workspace's key and shown live; a tampered
 * copy is invalid; copy as curl replays the same bytes; the verify tool agrees with the receiver;
 * a subscriber answering 500 makes the sandbox retry and the delivery log shows each attempt;
 * browser-mode notifications for chosen event types.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { test, expect } from './support/fixtures';
import { ConfirmDialog } from './pages/confirm-dialog';
import { LoansPage } from './pages/loans';
import { chooseInMultiSelect } from './pages/multi-select';
import { Shell } from './pages/shell';
import { WebhooksPage, type CapturedDelivery } from './pages/webhooks';
import { sandboxControlHeaders } from './support/console-server';

const run = promisify(execFile);

/** Creates a crypto address through the sandbox controls: fires `crypto-address-created`. */
async function fireAddressCreated(controlUrl: string): Promise<void> {
  const res = await fetch(`${controlUrl}/crypto-addresses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
    body: JSON.stringify({ name: 'Hook test', currency: 'BTC' }),
  });
  expect(res.status).toBe(201);
}

/** POSTs a captured delivery (optionally changed) straight to the receiver, as anyone could. */
async function post(url: string, delivery: CapturedDelivery): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...delivery.headers },
    body: delivery.body,
  });
  await res.text();
  return res.status;
}

/** One letter inside the payload changed, so the body stays well-formed JSON. */
function tamper(body: string): string {
  const start = body.indexOf('"payload"') + '"payload"'.length;
  const at = start + (/[a-z]/.exec(body.slice(start))?.index ?? 0);
  return body.slice(0, at) + (body[at] === 'a' ? 'b' : 'a') + body.slice(at + 1);
}

test('a loan approved in the console arrives signed and valid; a tampered copy is invalid; curl replays it', async ({
  app,
  context,
}) => {
  const shell = new Shell(app);
  const hooks = new WebhooksPage(app);
  await app.keyboard.press('Alt+8');
  await expect(shell.view('webhooks')).toBeVisible();
  await hooks.table.waitReady();
  await expect(hooks.subscribe).toBeDisabled();
  await expect(hooks.subscribeWhyNot).toContainText('Start the receiver first');

  const url = await hooks.startReceiver('0');
  await expect(hooks.receiverWorkspace).toContainText("this workspace's key");
  await expect(hooks.subscribe).toBeEnabled();
  const subscriptionId = await hooks.subscribeSandbox();

  // The loan action, through the console's own UI and confirmation.
  const loans = new LoansPage(app);
  const confirm = new ConfirmDialog(app);
  const loanId = await loans.openSeeded('sandbox-approve-lend-1', 'awaiting-approval');
  await loans.action('loans.approve').click();
  await confirm.send('awaiting-collateral');

  await shell.openTab('webhooks');
  const validId = await hooks.waitForDelivery('loan-updated', 'valid');
  expect(await hooks.verdictOf(validId)).toBe('valid');
  expect(await (await hooks.table.cell(validId, 'subscriptionId')).innerText()).toContain(subscriptionId);
  const delivery = await hooks.capture(validId);
  await expect(hooks.payload).toContainText('"action": "approve"');
  await expect(hooks.payload).toContainText(loanId);
  expect(delivery.headers['X-Id']).toBe(subscriptionId);
  expect(delivery.headers['X-Signature']).toMatch(/^[0-9a-f]{64}$/);

  // A copy with one byte of the body changed, straight to the receiver: refused and listed invalid.
  expect(await post(url, { ...delivery, body: tamper(delivery.body) })).toBe(401);
  const invalidId = await hooks.waitForDelivery('loan-updated', 'invalid');
  await expect(
    (await hooks.table.cell(invalidId, 'verdict')).locator('.badge'),
    'the reason on hover',
  ).toHaveAttribute('title', /signature does not match/);
  // The same bytes again are still valid (the receiver does not deduplicate).
  expect(await post(url, delivery)).toBe(200);
  await hooks.waitForDelivery('loan-updated', 'valid');
  await mkdir('screenshots', { recursive: true });
  await app.screenshot({ path: 'screenshots/webhooks-received.png' });

  // Newest first, live: the tampered copy is above the original.
  const ids = await hooks.table.renderedIds();
  expect(ids.indexOf(invalidId)).toBeLessThan(ids.indexOf(validId));

  // Filters: by verdict, then by event type.
  await hooks.filterVerdict.selectOption('invalid');
  await expect(hooks.table.root).toHaveAttribute('data-row-count', '1');
  await hooks.filterVerdict.selectOption('');
  await hooks.filterEvent.selectOption('crypto-address-created');
  await expect(hooks.table.empty).toBeVisible();
  await hooks.filterEvent.selectOption('loan-updated');
  await expect(hooks.table.root).toHaveAttribute('data-row-count', '3');
  await hooks.filterEvent.selectOption('');

  // Copy as curl: the clipboard holds a command that replays the same delivery, valid again.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await hooks.table.row(validId).click();
  await hooks.copyCurl.click();
  await expect(hooks.detail.getByTestId('webhook-curl-copied')).toBeVisible();
  const curl = await app.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl`);
  expect(curl).toContain(new URL(url).origin);
  await hooks.showCurl.click();
  await expect(hooks.curlText).toHaveValue(curl);
  const before = await hooks.table.rowCount();
  const replay = await run('sh', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`]);
  expect(replay.stdout).toBe('200');
  await expect(hooks.table.root).toHaveAttribute('data-row-count', String(before + 1));
  expect(await hooks.verdictOf((await hooks.table.renderedIds())[0] ?? '')).toBe('valid');

  // Clear empties the log.
  await hooks.clear.click();
  await expect(hooks.table.empty).toBeVisible();
});

test('the verify tool agrees with the receiver on the same delivery; one changed byte is invalid', async ({
  app,
}) => {
  const hooks = new WebhooksPage(app);
  await new Shell(app).openTab('webhooks');
  await hooks.startReceiver();
  await hooks.subscribeSandbox();
  await fireAddressCreated(await hooks.sandboxControlUrl());
  const id = await hooks.waitForDelivery('crypto-address-created', 'valid');
  const delivery = await hooks.capture(id);

  // Pasted by hand, as from a receiver elsewhere: the same verdict as the receiver's.
  expect(await hooks.verify(delivery)).toBe('valid');
  await expect(hooks.verifyResult).toContainText('crypto-address-created');
  await mkdir('screenshots', { recursive: true });
  await app.screenshot({ path: 'screenshots/webhooks-verify.png' });
  // One byte of the body changed: invalid, and the reason says why.
  await hooks.verifyField('body').fill(tamper(delivery.body));
  await hooks.verifySubmit.click();
  await expect(hooks.verifyResult).toHaveAttribute('data-verdict', 'invalid');
  await expect(hooks.page.getByTestId('verify-reason')).toContainText('signature does not match');
  // A changed timestamp is a different signed message: invalid too, not stale.
  await hooks.verifyField('body').fill(delivery.body);
  await hooks.verifyField('X-Timestamp').fill(String(Number(delivery.headers['X-Timestamp']) - 1));
  await hooks.verifySubmit.click();
  await expect(hooks.verifyResult).toHaveAttribute('data-verdict', 'invalid');

  // "Verify…" from the payload viewer fills the form with the delivery as received.
  await hooks.section('received').click();
  await hooks.table.row(id).click();
  await hooks.toVerify.click();
  await expect(hooks.verifyField('X-Signature')).toHaveValue(delivery.headers['X-Signature']);
  await expect(hooks.verifyField('body')).toHaveValue(delivery.body);
  await hooks.verifySubmit.click();
  await expect(hooks.verifyResult).toHaveAttribute('data-verdict', 'valid');
});

test('a subscriber answering 500 is retried and the delivery log shows every attempt', async ({ app }) => {
  let hits = 0;
  const failing: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits += 1;
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('nope');
    });
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/hook`;
  try {
    const hooks = new WebhooksPage(app);
    await new Shell(app).openTab('webhooks');
    const controlUrl = await hooks.sandboxControlUrl();
    const sub = await fetch(`${controlUrl}/webhooks/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
      body: JSON.stringify({ url: failingUrl, events: ['crypto-address-created'] }),
    });
    expect(sub.status).toBe(201);
    await fireAddressCreated(controlUrl);

    await hooks.section('deliveries').click();
    await hooks.deliveries.waitReady();
    // Base delay 1 s, doubling: a third attempt is due about 3 s after the first. The log
    // refreshes itself every 2 s; waited for by polling, bounded.
    await expect
      .poll(
        async () => {
          const urls = await hooks.deliveries.columnTexts('url');
          const attempts = await hooks.deliveries.columnTexts('attempts');
          const i = urls.indexOf(failingUrl);
          return i < 0 ? 0 : Number(attempts[i]);
        },
        { timeout: 20_000, message: 'three attempts in the delivery log' },
      )
      .toBeGreaterThanOrEqual(3);
    const [deliveryId] = await hooks.deliveries.renderedIds();
    const lastStatus = await hooks.deliveries.cell(deliveryId ?? '', 'lastStatus');
    await expect(lastStatus).toHaveText('500');
    await expect(await hooks.deliveries.cell(deliveryId ?? '', 'state')).toHaveText(/retrying|failed/);

    await hooks.deliveries.row(deliveryId ?? '').click();
    const attempts = hooks.page.getByTestId('delivery-attempt');
    expect(await attempts.count()).toBeGreaterThanOrEqual(3);
    for (const status of await attempts.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))))
      expect(status).toBe('500');
    expect(hits).toBeGreaterThanOrEqual(3);
    await mkdir('screenshots', { recursive: true });
    await app.screenshot({ path: 'screenshots/webhooks-deliveries.png' });
  } finally {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  }
});

test('receiver controls: port validation, stop; notifications for chosen types in browser mode', async ({
  app,
}) => {
  // A stand-in for the Web Notification API that records what would be shown.
  await app.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission(): Promise<NotificationPermission> {
        return Promise.resolve('granted');
      }
      constructor(title: string) {
        shown.push(title);
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
  });
  const hooks = new WebhooksPage(app);
  await new Shell(app).openTab('webhooks');

  for (const bad of ['80', 'abc', '70000']) {
    await hooks.port.fill(bad);
    await expect(hooks.portError).toBeVisible();
    await expect(hooks.start).toBeDisabled();
  }
  const url = await hooks.startReceiver('0');
  await hooks.subscribeSandbox();

  await chooseInMultiSelect(app, 'webhook-notify-types', ['crypto-address-created']);
  await expect(app.getByTestId('webhook-notify-permission')).toHaveAttribute('data-permission', 'granted');
  await fireAddressCreated(await hooks.sandboxControlUrl());
  const id = await hooks.waitForDelivery('crypto-address-created', 'valid');
  await expect
    .poll(() => app.evaluate(() => (window as unknown as { shown: string[] }).shown))
    .toEqual(['Webhook: crypto-address-created']);
  // An invalid delivery of the same type does not notify.
  const delivery = await hooks.capture(id);
  expect(await post(url, { ...delivery, body: tamper(delivery.body) })).toBe(401);
  await hooks.waitForDelivery('crypto-address-created', 'invalid');
  expect(await app.evaluate(() => (window as unknown as { shown: string[] }).shown)).toHaveLength(1);

  await hooks.stop.click();
  await expect(hooks.status).toHaveAttribute('data-running', 'false');
  await expect(hooks.subscribe).toBeDisabled();
  await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
});
