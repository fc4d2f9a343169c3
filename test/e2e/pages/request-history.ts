/** The Request history tab: every request the main side sent, paths only. */
import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';

export class RequestHistoryPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'request-history');
  }
  get view(): Locator {
    return this.page.getByTestId('view-request-history');
  }
  get scope(): Locator {
    return this.page.getByTestId('filter-scope');
  }
  get search(): Locator {
    return this.page.getByTestId('filter-search');
  }
  get errorsOnly(): Locator {
    return this.page.getByTestId('filter-errors');
  }
  get refresh(): Locator {
    return this.page.getByTestId('refresh');
  }

  /** Filters by path and waits for the debounced search to land. */
  async searchPath(text: string): Promise<void> {
    await this.search.fill(text);
    await expect
      .poll(async () => {
        const paths = await this.table.columnTexts('path');
        return paths.length > 0 && paths.every((p) => p.includes(text));
      })
      .toBe(true);
  }

  /** [method, path, status] of every rendered row. */
  async entries(): Promise<{ method: string; path: string; status: string; error: string }[]> {
    const [methods, paths, statuses, errors] = await Promise.all([
      this.table.columnTexts('method'),
      this.table.columnTexts('path'),
      this.table.columnTexts('status'),
      this.table.columnTexts('errorCode'),
    ]);
    return methods.map((method, i) => ({
      method,
      path: paths[i] ?? '',
      status: statuses[i] ?? '',
      error: errors[i] ?? '',
    }));
  }
}
