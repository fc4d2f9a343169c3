/**
 * When a tab's view is settled enough to look at or to scan: its own table is visible and loaded
 * (while a lazy tab loads, the previous tab's tables stay in the DOM, hidden, behind a spinner),
 * every visible table is ready, and nothing shows an error.
 */
import { expect, type Page } from '@playwright/test';
import { Shell, type TabId } from '../pages/shell';
import { AgentWalletsPage } from '../pages/agent-wallets';

/** The table each data tab shows. */
export const MAIN_TABLE: Record<Exclude<TabId, 'workspaces'>, string> = {
  'portfolios-wallets': 'table-wallets',
  loans: 'table-loans',
  risk: 'table-risk',
  'agent-wallets': 'table-agent-wallets',
  clearloop: 'table-clearloop',
  activities: 'table-activities',
  'address-book': 'table-address-book',
  'request-history': 'table-request-history',
  webhooks: 'table-webhooks',
  journal: 'table-journal',
};

export async function viewSettled(page: Page, tab: TabId): Promise<void> {
  const view = new Shell(page).view(tab);
  await expect(view).toBeVisible();
  if (tab === 'workspaces') {
    await expect(page.getByTestId('keychain-panel')).toBeVisible();
    return;
  }
  if (tab === 'agent-wallets') await new AgentWalletsPage(page).ticket.waitFor();
  await expect(view.getByTestId(MAIN_TABLE[tab])).toBeVisible();
  await expect
    .poll(() =>
      view.evaluate((el) =>
        Array.from(el.querySelectorAll<HTMLElement>('[data-status]'))
          .filter((t) => t.checkVisibility())
          .every((t) => t.getAttribute('data-status') === 'ready'),
      ),
    )
    .toBe(true);
  await expect(view.locator('[data-testid="table-loading"]:visible')).toHaveCount(0);
  await expect(view.locator('[role="alert"]:visible')).toHaveCount(0);
}
