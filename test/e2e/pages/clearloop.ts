/** The ClearLoop tab: filters and a server-paged table. */
import type { Locator, Page } from '@playwright/test';
import { DataTable } from './data-table';

export class ClearLoopPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'clearloop');
  }
  private get filters(): Locator {
    return this.page.getByTestId('clearloop-filters');
  }
  get actionFilter(): Locator {
    return this.filters.getByTestId('filter-action');
  }
  get sortFilter(): Locator {
    return this.filters.getByTestId('filter-sort');
  }
  get executedOnly(): Locator {
    return this.filters.getByTestId('filter-executed');
  }
  get pageStatus(): Locator {
    return this.page.getByTestId('page-status');
  }
  get next(): Locator {
    return this.page.getByTestId('page-next');
  }
  get prev(): Locator {
    return this.page.getByTestId('page-prev');
  }
  get pageSize(): Locator {
    return this.page.getByTestId('page-size');
  }
}
