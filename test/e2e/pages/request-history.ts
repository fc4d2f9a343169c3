/** The Request history tab: every request the main side sent, paths only. */
import { expect } from '@playwright/test';
import { DataTable } from './data-table';
import { byTestId, PageObject } from './page-object';

export class RequestHistoryPage extends PageObject((page) =>
  byTestId(page, {
    view: 'view-request-history',
    scope: 'filter-scope',
    search: 'filter-search',
    errorsOnly: 'filter-errors',
    refresh: 'refresh',
  }),
) {
  readonly table = new DataTable(this.page, 'request-history');

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
