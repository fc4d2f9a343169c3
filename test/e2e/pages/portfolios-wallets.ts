/** The Portfolios & wallets tab: portfolio table on top, wallet filters, totals, wallet table. */
import type { Locator, Page } from '@playwright/test';
import { DataTable } from './data-table';

export class PortfoliosWalletsPage {
  readonly portfolios: DataTable;
  readonly wallets: DataTable;
  constructor(readonly page: Page) {
    this.portfolios = new DataTable(page, 'portfolios');
    this.wallets = new DataTable(page, 'wallets');
  }
  private get filters(): Locator {
    return this.page.getByTestId('wallet-filters');
  }
  get portfolioFilter(): Locator {
    return this.filters.getByTestId('filter-portfolio');
  }
  get currencyFilter(): Locator {
    return this.filters.getByTestId('filter-currency');
  }
  get typeFilter(): Locator {
    return this.filters.getByTestId('filter-type');
  }
  get totals(): Locator {
    return this.page.getByTestId('wallet-totals');
  }
  total(currency: string): Locator {
    return this.page.getByTestId(`total-${currency}`);
  }
}
