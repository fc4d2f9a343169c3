/** The Agent wallets & exchange tab: agent wallet table, exchange composer (its JSON mode), session list. */
import { expect, type Locator } from '@playwright/test';
import { DataTable } from './data-table';
import { PageObject, within } from './page-object';
import { Shell } from './shell';

export class AgentWalletsPage extends PageObject((page) =>
  within(
    page,
    { composer: 'exchange-composer' },
    {
      json: 'composer-json',
      valid: 'composer-valid',
      invalid: 'composer-error',
      submit: 'action-exchange.submit',
      response: 'exchange-response',
      /** The composer's "Advanced (JSON)" mode (the order ticket shows first). */
      advanced: 'composer-mode-json',
      /** The order ticket (order-ticket.spec.ts drives it through its own page object). */
      ticket: 'order-ticket',
    },
  ),
) {
  readonly wallets = new DataTable(this.page, 'agent-wallets');
  readonly session = new DataTable(this.page, 'exchange-session');

  /** Opens the tab and waits for the agent wallets. */
  async open(): Promise<void> {
    await new Shell(this.page).openTab('agent-wallets');
    await this.wallets.waitReady();
  }

  template(type: string): Locator {
    return this.composer.getByTestId(`template-${type}`);
  }

  /** Opens the tab, fills the composer from a template and sends it to the confirmation. */
  async submitTemplate(type: string): Promise<void> {
    await this.open();
    await this.advanced.click();
    await this.template(type).click();
    await expect(this.valid).toBeVisible();
    await this.submit.click();
  }
}
