/** The Agent wallets & exchange tab: agent wallet table, exchange composer, session list. */
import type { Locator, Page } from '@playwright/test';
import { DataTable } from './data-table';

export class AgentWalletsPage {
  readonly wallets: DataTable;
  readonly session: DataTable;
  constructor(readonly page: Page) {
    this.wallets = new DataTable(page, 'agent-wallets');
    this.session = new DataTable(page, 'exchange-session');
  }
  get composer(): Locator {
    return this.page.getByTestId('exchange-composer');
  }
  get json(): Locator {
    return this.composer.getByTestId('composer-json');
  }
  get valid(): Locator {
    return this.composer.getByTestId('composer-valid');
  }
  get invalid(): Locator {
    return this.composer.getByTestId('composer-error');
  }
  get submit(): Locator {
    return this.composer.getByTestId('action-exchange.submit');
  }
  get response(): Locator {
    return this.composer.getByTestId('exchange-response');
  }
  template(type: string): Locator {
    return this.composer.getByTestId(`template-${type}`);
  }
}
