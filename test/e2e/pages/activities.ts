/** The Activities tab: draft filters applied with Load, fetch-all with progress, CSV export. */
import { expect } from '@playwright/test';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';
import { PageObject, within } from './page-object';

export class ActivitiesPage extends PageObject((page) => ({
  ...within(
    page,
    { filters: 'activity-filters' },
    { search: 'filter-search', load: 'load', exportButton: 'export-csv' },
  ),
  ...within(
    page,
    { exportDialog: 'export-dialog' },
    {
      exportPath: 'export-path-input',
      exportStart: 'export-start',
      exportResult: 'export-result',
      exportClose: 'export-close',
    },
  ),
})) {
  readonly table = new DataTable(this.page, 'activities');

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
