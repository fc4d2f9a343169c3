/**
 * The Journal tab: one row per action (`action:<actionId>`), expanded into step rows
 * (`step:<seq>`) by the row's Steps button; a step opens the entry's detail pane.
 */
import { expect, type Locator } from '@playwright/test';
import { DataTable } from './data-table';
import { byTestId, PageObject } from './page-object';

export class JournalPage extends PageObject((page) =>
  byTestId(page, {
    view: 'journal-view',
    search: 'journal-filter-search',
    outcomeFilter: 'journal-filter-outcome',
    verdict: 'journal-verdict',
    unsettledNotice: 'journal-unsettled-notice',
    detail: 'journal-detail',
    detailJson: 'journal-detail-json',
  }),
) {
  readonly table = new DataTable(this.page, 'journal');

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
