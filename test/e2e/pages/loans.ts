/** The Loans tab: filters, the loan table, the detail panel with its actions, the LTV tools. */
import { expect, type Locator } from '@playwright/test';
import type { CopperApi } from '../../../src/shared/contract';
import type { LoanActionKind } from '../../../src/shared/action-kinds';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';
import { byTestId, PageObject, within } from './page-object';
import { Shell } from './shell';

/** A loan action's id in the detail's action bar: its kind string (`loans.approve`, …). */
export type LoanActionId = LoanActionKind;

export class LoansPage extends PageObject((page) => ({
  ...byTestId(page, { sideFilter: 'filter-side', openOnly: 'filter-open', dryRun: 'ltv-dry-run' }),
  ...within(
    page,
    { detail: 'loan-detail' },
    { review: 'action-review', estimateToggle: 'action-estimate-ltv', estimate: 'ltv-estimate' },
  ),
})) {
  readonly table = new DataTable(this.page, 'loans');

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

  /** Opens the Loans tab on a seeded loan (found by `externalId`) of `status`; returns its id. */
  async openSeeded(externalId: string, status: string): Promise<string> {
    await new Shell(this.page).openTab('loans');
    const loanId = await this.loanIdByExternalId(externalId);
    await this.openLoan(loanId, status);
    return loanId;
  }

  /** The loan's status is `status`, in the detail and in its table row. */
  async expectStatus(loanId: string, status: string): Promise<void> {
    await expect(this.detailStatus).toHaveText(status);
    await expect(await this.rowStatus(loanId)).toHaveText(status);
  }

  /**
   * Shows only loans of `status`, opens `loanId` and waits until the detail has re-read the loan
   * (the view fetches it again once the selection settles).
   */
  async openLoan(loanId: string, status: string): Promise<void> {
    await this.filterStatuses([status]);
    const reread = this.page.waitForResponse((r) => r.url().endsWith('/rpc/loans.get'));
    await this.table.row(loanId).click();
    await reread;
    await this.expectDetailRead(loanId);
  }

  /**
   * The detail shows `loanId` as read, not the row's copy while the read runs. The two are
   * different elements (the pane is mounted again when the read lands), so a measurement taken
   * before the swap can find its element gone.
   */
  async expectDetailRead(loanId: string): Promise<void> {
    await expect(this.detail).toHaveAttribute('data-loan-id', loanId);
    await expect(this.detail).not.toHaveAttribute('data-state', 'reading');
  }
}
