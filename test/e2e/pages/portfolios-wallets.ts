/** The Portfolios & wallets tab: portfolio table on top, wallet filters, totals, wallet table. */
import type { Locator } from '@playwright/test';
import { DataTable } from './data-table';
import { PageObject, within } from './page-object';

export class PortfoliosWalletsPage extends PageObject((page) => ({
  ...within(
    page,
    { filters: 'wallet-filters' },
    { portfolioFilter: 'filter-portfolio', currencyFilter: 'filter-currency', typeFilter: 'filter-type' },
  ),
  totals: page.getByTestId('wallet-totals'),
})) {
  readonly portfolios = new DataTable(this.page, 'portfolios');
  readonly wallets = new DataTable(this.page, 'wallets');
  total(currency: string): Locator {
    return this.page.getByTestId(`total-${currency}`);
  }
}
