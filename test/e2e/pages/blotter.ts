/** The Agent wallets tab's blotter: every exchange order the console sent, from the journal. */
import type { Locator } from '@playwright/test';
import { DataTable } from './data-table';
import { PageObject, within } from './page-object';
import { Shell } from './shell';

export class BlotterPage extends PageObject((page) =>
  within(
    page,
    { root: 'blotter' },
    {
      count: 'blotter-count',
      unreadable: 'blotter-unreadable',
      statusFilter: 'blotter-filter-status',
      assetFilter: 'blotter-filter-asset',
      detail: 'blotter-detail',
      problem: 'blotter-problem',
    },
  ),
) {
  readonly table = new DataTable(this.page, 'blotter');

  /** Opens the Agent wallets tab on its Blotter section and waits for the rows. */
  async open(): Promise<void> {
    await new Shell(this.page).openTab('agent-wallets');
    await this.page.getByTestId('agent-wallets-section-blotter').click();
    await this.table.waitReady();
  }

  /** The nth row shown (0: the newest order), or the row holding `text` (an oid). */
  row(which: number | string): Locator {
    return typeof which === 'number'
      ? this.table.rows.nth(which)
      : this.table.rows.filter({ hasText: which });
  }
  cancel(which: number | string): Locator {
    return this.row(which).getByTestId('blotter-cancel');
  }
  status(which: number | string): Locator {
    return this.row(which).getByTestId('blotter-status');
  }
  batch(which: number | string): Locator {
    return this.row(which).getByTestId('blotter-batch');
  }
  later(which: number | string): Locator {
    return this.row(which).getByTestId('blotter-later');
  }
}
