/** The Loans tab: filters, the loan table, the detail panel with its actions, the LTV tools. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { CopperApi } from '../../../src/shared/contract';
import type { LoanActionKind } from '../../../src/shared/loan-actions';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';

/** A loan action's id in the detail's action bar: its kind string (`loans.approve`, …). */
export type LoanActionId = LoanActionKind;

export class LoansPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'loans');
  }

  get sideFilter(): Locator {
    return this.page.getByTestId('filter-side');
  }
  get openOnly(): Locator {
    return this.page.getByTestId('filter-open');
  }
  get detail(): Locator {
    return this.page.getByTestId('loan-detail');
  }
  /** The first badge of the detail's title is the loan's status. */
  get detailStatus(): Locator {
    return this.detail.locator('h3 .badge').first();
  }
  action(id: LoanActionId): Locator {
    return this.detail.getByTestId(`action-${id}`);
  }
  whyNot(id: LoanActionId): Locator {
    return this.detail.getByTestId(`why-not-${id}`);
  }
  actionForm(id: LoanActionId): Locator {
    return this.detail.getByTestId(`action-form-${id}`);
  }
  get review(): Locator {
    return this.detail.getByTestId('action-review');
  }
  get estimateToggle(): Locator {
    return this.detail.getByTestId('action-estimate-ltv');
  }
  get estimate(): Locator {
    return this.detail.getByTestId('ltv-estimate');
  }
  get dryRun(): Locator {
    return this.page.getByTestId('ltv-dry-run');
  }
  async rowStatus(loanId: string): Promise<Locator> {
    return this.table.cell(loanId, 'status');
  }

  async filterStatuses(statuses: readonly string[]): Promise<void> {
    await chooseInMultiSelect(this.page, 'filter-statuses', statuses);
    await this.table.waitReady();
  }

  /**
   * The seeded scenario loans are found by `externalId` (docs/sandbox.md). The id is looked up
   * through the app's own API, as the console would; the UI is then driven by that id.
   */
  async loanIdByExternalId(externalId: string): Promise<string> {
    const workspaceId = await this.page.getByTestId('workspace-switcher').inputValue();
    const id = await this.page.evaluate(
      async ({ workspaceId, externalId }) => {
        const copper = (window as unknown as { copper: CopperApi }).copper;
        const res = await copper.loans.list({ workspaceId, limit: 1000 });
        if (!res.ok) throw new Error(res.error.message);
        return res.value.items.find((l) => l.externalId === externalId)?.loanId ?? null;
      },
      { workspaceId, externalId },
    );
    if (!id) throw new Error(`no loan with externalId ${externalId}`);
    return id;
  }

  /**
   * Shows only loans of `status`, opens `loanId` and waits until the detail has re-read the loan
   * (the view fetches it again once the selection settles).
   */
  async openLoan(loanId: string, status: string): Promise<void> {
    await this.filterStatuses([status]);
    const reread = this.page.waitForResponse((r) => r.url().endsWith('/rpc/loans.get'));
    await this.table.row(loanId).click();
    await expect(this.detail).toHaveAttribute('data-loan-id', loanId);
    await reread;
  }
}
