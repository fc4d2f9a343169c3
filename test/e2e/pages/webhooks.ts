/**
 * The Webhooks tab: the local receiver's controls, the received deliveries with their payload
 * viewer, the sandbox's delivery log and the verify tool.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { CopperApi, WebhookVerdict } from '../../../src/shared/contract';
import { DataTable } from './data-table';

export type WebhookSection = 'received' | 'deliveries' | 'verify';
export const SIGNED_HEADERS = ['X-Signature', 'X-Timestamp', 'X-Id'] as const;

/** What the payload viewer shows of one delivery: enough to send it again or verify it. */
export interface CapturedDelivery {
  headers: Record<(typeof SIGNED_HEADERS)[number], string>;
  body: string;
}

export class WebhooksPage {
  readonly table: DataTable;
  readonly deliveries: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'webhooks');
    this.deliveries = new DataTable(page, 'sandbox-deliveries');
  }

  get port(): Locator {
    return this.page.getByTestId('webhook-port');
  }
  get portError(): Locator {
    return this.page.getByTestId('webhook-port-error');
  }
  get start(): Locator {
    return this.page.getByTestId('webhook-start');
  }
  get stop(): Locator {
    return this.page.getByTestId('webhook-stop');
  }
  get status(): Locator {
    return this.page.getByTestId('webhook-status');
  }
  get url(): Locator {
    return this.page.getByTestId('webhook-url');
  }
  get receiverWorkspace(): Locator {
    return this.page.getByTestId('webhook-receiver-workspace');
  }
  get subscribe(): Locator {
    return this.page.getByTestId('webhook-subscribe-sandbox');
  }
  get subscribeWhyNot(): Locator {
    return this.page.getByTestId('webhook-subscribe-why-not');
  }
  get subscribeResult(): Locator {
    return this.page.getByTestId('webhook-subscribe-result');
  }
  get filterEvent(): Locator {
    return this.page.getByTestId('webhook-filter-event');
  }
  get filterVerdict(): Locator {
    return this.page.getByTestId('webhook-filter-verdict');
  }
  get clear(): Locator {
    return this.page.getByTestId('webhook-clear');
  }
  get detail(): Locator {
    return this.page.getByTestId('webhook-detail');
  }
  get payload(): Locator {
    return this.detail.getByTestId('webhook-payload');
  }
  get rawBody(): Locator {
    return this.detail.getByTestId('webhook-raw-body');
  }
  get copyCurl(): Locator {
    return this.detail.getByTestId('webhook-copy-curl');
  }
  get showCurl(): Locator {
    return this.detail.getByTestId('webhook-show-curl');
  }
  get curlText(): Locator {
    return this.detail.getByTestId('webhook-curl');
  }
  get toVerify(): Locator {
    return this.detail.getByTestId('webhook-to-verify');
  }
  section(id: WebhookSection): Locator {
    return this.page.getByTestId(`webhook-section-${id}`);
  }
  header(name: string): Locator {
    return this.detail.getByTestId(`webhook-header-${name}`);
  }

  // The verify tool
  get verifyWorkspace(): Locator {
    return this.page.getByTestId('verify-workspace');
  }
  verifyField(name: (typeof SIGNED_HEADERS)[number] | 'body'): Locator {
    const ids = { 'X-Signature': 'signature', 'X-Timestamp': 'timestamp', 'X-Id': 'id', body: 'body' };
    return this.page.getByTestId(`verify-${ids[name]}`);
  }
  get verifySubmit(): Locator {
    return this.page.getByTestId('verify-submit');
  }
  get verifyResult(): Locator {
    return this.page.getByTestId('verify-result');
  }

  /** Starts the receiver for the active workspace; returns its URL. */
  async startReceiver(port = '0'): Promise<string> {
    await this.port.fill(port);
    await this.start.click();
    await expect(this.status).toHaveAttribute('data-running', 'true');
    const url = (await this.url.innerText()).trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    return url;
  }

  /** "Subscribe the sandbox"; returns the subscription id. */
  async subscribeSandbox(): Promise<string> {
    await this.subscribe.click();
    await expect(this.subscribeResult).toContainText('Subscribed:');
    return (await this.subscribeResult.innerText()).replace('Subscribed:', '').trim();
  }

  /** Waits (bounded) until a delivery of `event` with `verdict` is listed; returns its row id. */
  async waitForDelivery(event: string, verdict: WebhookVerdict, timeout = 15_000): Promise<string> {
    let found = '';
    await expect
      .poll(
        async () => {
          const [ids, events, verdicts] = await Promise.all([
            this.table.renderedIds(),
            this.table.columnTexts('event'),
            this.table.columnTexts('verdict'),
          ]);
          const i = events.findIndex((e, k) => e === event && verdicts[k] === verdict);
          found = i >= 0 ? (ids[i] ?? '') : '';
          return found;
        },
        { timeout, message: `a ${verdict} ${event} delivery in the Webhooks tab` },
      )
      .not.toBe('');
    return found;
  }

  async verdictOf(rowId: string): Promise<string | null> {
    return (await this.table.cell(rowId, 'verdict')).getByTestId('verdict').getAttribute('data-verdict');
  }

  /** Opens a delivery in the payload viewer and reads its signed headers and raw body. */
  async capture(rowId: string): Promise<CapturedDelivery> {
    await this.table.row(rowId).click();
    await expect(this.detail).toHaveAttribute('data-entry-id', rowId);
    const headers = { 'X-Signature': '', 'X-Timestamp': '', 'X-Id': '' };
    for (const name of SIGNED_HEADERS) headers[name] = (await this.header(name).innerText()).trim();
    await this.detail.getByTestId('webhook-toggle-raw').click();
    // textContent, not innerText: the body's exact bytes, whitespace included.
    const body = (await this.rawBody.textContent()) ?? '';
    await this.detail.getByTestId('webhook-toggle-raw').click();
    return { headers, body };
  }

  /** Fills the verify tool by hand (as an operator pasting a delivery) and returns the verdict. */
  async verify(delivery: CapturedDelivery): Promise<string> {
    await this.section('verify').click();
    for (const name of SIGNED_HEADERS) await this.verifyField(name).fill(delivery.headers[name]);
    await this.verifyField('body').fill(delivery.body);
    await this.verifySubmit.click();
    await expect(this.verifyResult).toBeVisible();
    return (await this.verifyResult.getAttribute('data-verdict')) ?? '';
  }

  /** The active workspace's sandbox control URL (`…/sandbox`), read through the app's own API. */
  async sandboxControlUrl(): Promise<string> {
    const workspaceId = await this.page.getByTestId('workspace-switcher').inputValue();
    const baseUrl = await this.page.evaluate(async (id) => {
      const copper = (window as unknown as { copper: CopperApi }).copper;
      const res = await copper.workspaces.list({});
      if (!res.ok) throw new Error(res.error.message);
      return res.value.workspaces.find((w) => w.id === id)?.baseUrl ?? null;
    }, workspaceId);
    if (!baseUrl) throw new Error('no active workspace');
    return baseUrl.replace(/\/platform$/, '/sandbox');
  }
}
