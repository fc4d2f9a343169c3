/** The window around every view: workspace switcher, top bar, tab bar. */
import { expect, type Locator, type Page } from '@playwright/test';
import { ALL_TABS, DATA_TABS, type TabId } from '../../../src/shared/tabs';

/** The tab ids and their Alt shortcuts, read from the console's own registry (not restated here). */
export const DATA_TAB_IDS = DATA_TABS.map((t) => t.id);
export const ALL_TAB_IDS = ALL_TABS.map((t) => t.id);
export type { TabId };
export const TAB_KEYS = Object.fromEntries(ALL_TABS.map((t) => [t.id, t.key])) as Record<TabId, string>;

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
