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
  get composerPortfolio(): Locator {
    return this.composer.getByTestId('composer-portfolio');
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
    return this.composer.getByTestId('action-exchange-submit');
  }
  get response(): Locator {
    return this.composer.getByTestId('exchange-response');
  }
  template(type: string): Locator {
    return this.composer.getByTestId(`template-${type}`);
  }

  /** Chooses the composer's portfolio by its name (option labels are "name · type · id8"). */
  async chooseComposerPortfolio(name: string): Promise<string> {
    const value = await this.composerPortfolio
      .locator('option', { hasText: new RegExp(`^${name} ·`) })
      .getAttribute('value');
    if (!value) throw new Error(`no portfolio named ${name}`);
    await this.composerPortfolio.selectOption(value);
    return value;
  }
}
