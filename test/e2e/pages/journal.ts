/**
 * The Journal tab: one row per action (`action:<actionId>`), expanded into step rows
 * (`step:<seq>`) by the row's Steps button; a step opens the entry's detail pane.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';

export class JournalPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'journal');
  }

  get view(): Locator {
    return this.page.getByTestId('journal-view');
  }
  get search(): Locator {
    return this.page.getByTestId('journal-filter-search');
  }
  get outcomeFilter(): Locator {
    return this.page.getByTestId('journal-filter-outcome');
  }
  get verdict(): Locator {
    return this.page.getByTestId('journal-verdict');
  }
  get unsettledNotice(): Locator {
    return this.page.getByTestId('journal-unsettled-notice');
  }
  get detail(): Locator {
    return this.page.getByTestId('journal-detail');
  }
  get detailJson(): Locator {
    return this.page.getByTestId('journal-detail-json');
  }

  /** Opens the tab (clicked directly) and waits for a settled load. */
  async open(): Promise<void> {
    await this.page.getByTestId('tab-journal').click();
    await expect(this.view).toBeVisible();
    await this.table.waitReady();
  }

  actionRow(actionId: string): Locator {
    return this.table.row(`action:${actionId}`);
  }
  expandButton(actionId: string): Locator {
    return this.actionRow(actionId).getByTestId('journal-expand');
  }
  stepRow(seq: number): Locator {
    return this.table.row(`step:${seq}`);
  }

  /** Ids of the rendered action rows, top to bottom, without their `action:` prefix. */
  async actionIds(): Promise<string[]> {
    return (await this.table.renderedIds()).filter((id) => id.startsWith('action:')).map((id) => id.slice(7));
  }

  /** `column`'s text in the rendered rows of one kind ('action' or 'step'), top to bottom. */
  async texts(kind: 'action' | 'step', column: string): Promise<string[]> {
    const ids = await this.table.renderedIds();
    const texts = await this.table.columnTexts(column);
    return texts.filter((_, i) => ids[i]?.startsWith(`${kind}:`));
  }

  /** Seqs of the rendered step rows, top to bottom. */
  async stepSeqs(): Promise<number[]> {
    return (await this.table.renderedIds())
      .filter((id) => id.startsWith('step:'))
      .map((id) => Number(id.slice(5)));
  }
}
