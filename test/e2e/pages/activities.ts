/** The Activities tab: draft filters applied with Load, fetch-all with progress, CSV export. */
import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';

export class ActivitiesPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'activities');
  }
  private get filters(): Locator {
    return this.page.getByTestId('activity-filters');
  }
  get search(): Locator {
    return this.filters.getByTestId('filter-search');
  }
  get load(): Locator {
    return this.filters.getByTestId('load');
  }
  get exportButton(): Locator {
    return this.filters.getByTestId('export-csv');
  }
  get exportDialog(): Locator {
    return this.page.getByTestId('export-dialog');
  }
  get exportPath(): Locator {
    return this.exportDialog.getByTestId('export-path-input');
  }
  get exportStart(): Locator {
    return this.exportDialog.getByTestId('export-start');
  }
  get exportResult(): Locator {
    return this.exportDialog.getByTestId('export-result');
  }
  get exportClose(): Locator {
    return this.exportDialog.getByTestId('export-close');
  }

  async includeTypes(types: readonly string[]): Promise<void> {
    await chooseInMultiSelect(this.page, 'filter-include-types', types);
  }
  async excludeTypes(types: readonly string[]): Promise<void> {
    await chooseInMultiSelect(this.page, 'filter-exclude-types', types);
  }
  async clearFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear', exact: true }).click();
  }

  /**
   * Clicks Load and waits for the settled table. Returns every label the progress bar showed
   * meanwhile (recorded in the page, so a fast load cannot slip between two polls).
   */
  async applyAndLoad(): Promise<string[]> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      const record = () => {
        const el = document.querySelector('[data-testid="activities-progress"]');
        if (el?.textContent) seen.push(el.textContent);
      };
      const observer = new MutationObserver(record);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      (window as unknown as { __stopProgress: () => void }).__stopProgress = () => observer.disconnect();
    });
    await this.load.click();
    await expect(this.table.root).toHaveAttribute('data-status', 'ready');
    return this.page.evaluate(() => {
      const w = window as unknown as { __progress: string[]; __stopProgress: () => void };
      w.__stopProgress();
      return w.__progress;
    });
  }
}
