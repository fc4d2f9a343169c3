/**
 * The Webhooks tab: the local receiver's controls, the received deliveries with their payload
 * viewer, the sandbox's delivery log and the verify tool.
 */
import { expect, type Locator } from '@playwright/test';
import type { CopperApi, WebhookVerdict } from '../../../src/shared/contract';
import { DataTable } from './data-table';
import { byTestId, PageObject, within } from './page-object';

export type WebhookSection = 'received' | 'deliveries' | 'verify';
export const SIGNED_HEADERS = ['X-Signature', 'X-Timestamp', 'X-Id'] as const;

/** What the payload viewer shows of one delivery: enough to send it again or verify it. */
export interface CapturedDelivery {
  headers: Record<(typeof SIGNED_HEADERS)[number], string>;
  body: string;
}

export class WebhooksPage extends PageObject((page) => ({
  ...byTestId(page, {
    port: 'webhook-port',
    portError: 'webhook-port-error',
    start: 'webhook-start',
    stop: 'webhook-stop',
    status: 'webhook-status',
    url: 'webhook-url',
    receiverWorkspace: 'webhook-receiver-workspace',
    subscribe: 'webhook-subscribe-sandbox',
    subscribeWhyNot: 'webhook-subscribe-why-not',
    subscribeResult: 'webhook-subscribe-result',
    filterEvent: 'webhook-filter-event',
    filterVerdict: 'webhook-filter-verdict',
    clear: 'webhook-clear',
    // The verify tool
    verifyWorkspace: 'verify-workspace',
    verifySubmit: 'verify-submit',
    verifyResult: 'verify-result',
  }),
  // The payload viewer of the selected delivery
  ...within(
    page,
    { detail: 'webhook-detail' },
    {
      payload: 'webhook-payload',
      rawBody: 'webhook-raw-body',
      copyCurl: 'webhook-copy-curl',
      showCurl: 'webhook-show-curl',
      curlText: 'webhook-curl',
      toVerify: 'webhook-to-verify',
    },
  ),
})) {
  readonly table = new DataTable(this.page, 'webhooks');
  readonly deliveries = new DataTable(this.page, 'sandbox-deliveries');

  section(id: WebhookSection): Locator {
    return this.page.getByTestId(`webhook-section-${id}`);
  }
  header(name: string): Locator {
    return this.detail.getByTestId(`webhook-header-${name}`);
  }
  verifyField(name: (typeof SIGNED_HEADERS)[number] | 'body'): Locator {
    const ids = { 'X-Signature': 'signature', 'X-Timestamp': 'timestamp', 'X-Id': 'id', body: 'body' };
    return this.page.getByTestId(`verify-${ids[name]}`);
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
