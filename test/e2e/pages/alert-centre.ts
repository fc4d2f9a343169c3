/**
 * The alert centre (issue 28.3): the bell in the top bar, its panel of one line per loan, the strip
 * under the tab bar; and the sandbox's price control with a cycle of the watch run at once, to
 * raise alerts without waiting for the watch's interval.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { CopperApi } from '../../../src/shared/contract';
import { sandboxControlHeaders } from '../support/console-server';
import { byTestId, PageObject } from './page-object';
import { WebhooksPage } from './webhooks';

export type Transition = { loanId: string; from: string; to: string };

export class AlertCentre extends PageObject((page) =>
  byTestId(page, {
    bell: 'alert-bell',
    panel: 'alert-panel',
    strip: 'alert-strip',
    stripOpen: 'alert-strip-open',
    lines: 'alert-line',
    enableNotifications: 'risk-enable-notifications',
    notificationStatus: 'risk-notification-status',
  }),
) {
  line(loanId: string): Locator {
    return this.panel.locator(`[data-testid="alert-line"][data-loan-id="${loanId}"]`);
  }

  async open(): Promise<void> {
    if ((await this.bell.getAttribute('aria-expanded')) !== 'true') await this.bell.click();
    await expect(this.panel).toBeVisible();
  }

  /** Acknowledges or marks seen every line of the open panel, one at a time: nothing left to answer. */
  async answerAll(): Promise<void> {
    const answer = this.panel.locator('[data-testid="alert-acknowledge"], [data-testid="alert-mark-seen"]');
    for (let left = await answer.count(); left > 0; left -= 1) {
      await answer.first().click();
      await expect(answer).toHaveCount(left - 1);
    }
  }

  /** Reloads the page and waits for the app. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.waitForSelector('[data-testid="app-ready"]', { state: 'attached' });
  }

  /** Moves sandbox prices, then runs a watch cycle at once (its alerts arrive as events); the loans that moved. */
  async movePrices(prices: Record<string, string>): Promise<Transition[]> {
    const controlUrl = await new WebhooksPage(this.page).sandboxControlUrl();
    const res = await fetch(`${controlUrl}/prices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
      body: JSON.stringify(prices),
    });
    expect(res.status).toBe(200);
    const { transitions } = (await res.json()) as { transitions: Transition[] };
    await checkNow(this.page);
    return transitions;
  }
}

/** One cycle of the risk watch on the active workspace, through the console's own call. */
export async function checkNow(page: Page): Promise<void> {
  const workspaceId = await page.getByTestId('workspace-switcher').inputValue();
  await page.evaluate(async (id) => {
    const copper = (window as unknown as { copper: CopperApi }).copper;
    const res = await copper.risk.checkNow({ workspaceId: id });
    if (!res.ok) throw new Error(res.error.message);
  }, workspaceId);
}
