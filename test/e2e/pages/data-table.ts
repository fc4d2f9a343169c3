/**
 * The shared DataTable (`table-<name>`): rows are virtualised, so only rendered rows are in the
 * DOM; `data-row-count` on the table says how many the table holds.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class DataTable {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly name: string,
    scope?: Locator,
  ) {
    this.root = (scope ?? page).getByTestId(`table-${name}`);
  }

  get grid(): Locator {
    return this.root.getByRole('grid');
  }
  get rows(): Locator {
    return this.root.getByTestId('row');
  }
  get count(): Locator {
    return this.root.getByTestId(`table-${this.name}-count`);
  }
  get empty(): Locator {
    return this.root.getByTestId('table-empty');
  }
  get errorBanner(): Locator {
    return this.root.getByTestId('error-banner');
  }
  row(id: string): Locator {
    return this.root.locator(`[data-testid="row"][data-row-id="${id.replace(/["\\]/g, '\\$&')}"]`);
  }
  sortButton(columnId: string): Locator {
    return this.root.getByTestId(`col-${columnId}`);
  }
  header(columnId: string): Locator {
    return this.root.getByRole('columnheader').filter({ has: this.page.getByTestId(`col-${columnId}`) });
  }

  /** Waits for a settled load (ready), whatever the number of rows. */
  async waitReady(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-status', 'ready');
  }

  async rowCount(): Promise<number> {
    return Number(await this.root.getAttribute('data-row-count'));
  }

  /** Row ids of the rendered rows, top to bottom. */
  async renderedIds(): Promise<string[]> {
    return this.root.evaluate((el) =>
      Array.from(el.querySelectorAll<HTMLElement>('[data-testid="row"]'))
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((r) => r.dataset['rowId'] ?? ''),
    );
  }

  /** The text of one column in the rendered rows, top to bottom (column found by its header). */
  async columnTexts(columnId: string): Promise<string[]> {
    return this.root.evaluate((el, id) => {
      const headers = Array.from(el.querySelectorAll('[role="columnheader"]'));
      const index = headers.findIndex((h) => h.querySelector(`[data-testid="col-${id}"]`) !== null);
      if (index < 0) throw new Error(`no column ${id}`);
      return Array.from(el.querySelectorAll<HTMLElement>('[data-testid="row"]'))
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((r) => r.querySelectorAll<HTMLElement>('[role="gridcell"]')[index]?.innerText.trim() ?? '');
    }, columnId);
  }

  /** One cell, found by the row id and the column's header (columns may be hidden or moved). */
  async cell(rowId: string, columnId: string): Promise<Locator> {
    const index = await this.root.evaluate((el, id) => {
      const headers = Array.from(el.querySelectorAll('[role="columnheader"]'));
      return headers.findIndex((h) => h.querySelector(`[data-testid="col-${id}"]`) !== null);
    }, columnId);
    if (index < 0) throw new Error(`no column ${columnId} in table-${this.name}`);
    return this.row(rowId).getByRole('gridcell').nth(index);
  }

  /** Clicks the header until the sort is the one asked for. */
  async sortBy(columnId: string, direction: 'ascending' | 'descending'): Promise<void> {
    for (let i = 0; i < 3; i++) {
      if ((await this.header(columnId).getAttribute('aria-sort')) === direction) return;
      await this.sortButton(columnId).click();
    }
    await expect(this.header(columnId)).toHaveAttribute('aria-sort', direction);
  }

  async setColumnVisible(columnId: string, visible: boolean): Promise<void> {
    await this.root.getByTestId(`table-${this.name}-columns`).click();
    const toggle = this.root.getByTestId(`column-toggle-${columnId}`);
    if ((await toggle.isChecked()) !== visible) await toggle.click();
    await this.page.keyboard.press('Escape');
    await expect(this.root.getByTestId(`table-${this.name}-columns-menu`)).toBeHidden();
  }
}
