/** The window around every view: workspace switcher, top bar, tab bar. */
import { expect, type Locator, type Page } from '@playwright/test';

export const DATA_TAB_IDS = [
  'portfolios-wallets',
  'loans',
  'agent-wallets',
  'clearloop',
  'activities',
  'address-book',
  'request-history',
  'webhooks',
] as const;
export const ALL_TAB_IDS = [...DATA_TAB_IDS, 'workspaces'] as const;
export type TabId = (typeof ALL_TAB_IDS)[number];
/** Alt+<key> opens each tab (src/renderer/src/app/tabs.ts). */
export const TAB_KEYS: Record<TabId, string> = {
  'portfolios-wallets': '1',
  loans: '2',
  'agent-wallets': '3',
  clearloop: '4',
  activities: '5',
  'address-book': '6',
  'request-history': '7',
  webhooks: '8',
  workspaces: '0',
};

export class Shell {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('app-shell');
  }
  get switcher(): Locator {
    return this.page.getByTestId('workspace-switcher');
  }
  get environment(): Locator {
    return this.page.getByTestId('workspace-environment');
  }
  get organization(): Locator {
    return this.page.getByTestId('workspace-organization');
  }
  get workspaceName(): Locator {
    return this.page.getByTestId('workspace-name');
  }
  get keyMissing(): Locator {
    return this.page.getByTestId('key-missing');
  }
  tab(id: TabId): Locator {
    return this.page.getByTestId(`tab-${id}`);
  }
  view(id: TabId): Locator {
    return this.page.getByTestId(`view-${id}`);
  }

  async openTab(id: TabId): Promise<void> {
    await this.tab(id).click();
    await expect(this.view(id)).toBeVisible();
  }

  /** Switches workspace with the top bar's select and waits for its window. */
  async switchTo(workspaceId: string, organizationId: string): Promise<void> {
    await this.switcher.selectOption(workspaceId);
    await expect(this.organization).toHaveText(organizationId);
  }

  /** id of the workspace whose option label contains `name`. */
  async workspaceIdByName(name: string): Promise<string> {
    const value = await this.switcher.locator('option', { hasText: name }).getAttribute('value');
    if (!value) throw new Error(`no workspace named ${name}`);
    return value;
  }

  async activeWorkspaceId(): Promise<string> {
    return this.switcher.inputValue();
  }
}
