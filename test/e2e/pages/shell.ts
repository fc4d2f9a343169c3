/** The window around every view: workspace switcher, top bar, tab bar. */
import { expect, type Locator } from '@playwright/test';
import type { DataTable } from './data-table';
import { byTestId, PageObject } from './page-object';
import { ALL_TABS, DATA_TABS, type TabId } from '../../../src/shared/tabs';

/** The tab ids and their Alt shortcuts, read from the console's own registry (not restated here). */
export const DATA_TAB_IDS = DATA_TABS.map((t) => t.id);
export const ALL_TAB_IDS = ALL_TABS.map((t) => t.id);
export type { TabId };
export const TAB_KEYS = Object.fromEntries(ALL_TABS.map((t) => [t.id, t.key])) as Record<TabId, string>;

export class Shell extends PageObject((page) =>
  byTestId(page, {
    root: 'app-shell',
    switcher: 'workspace-switcher',
    environment: 'workspace-environment',
    organization: 'workspace-organization',
    workspaceName: 'workspace-name',
    keyMissing: 'key-missing',
  }),
) {
  tab(id: TabId): Locator {
    return this.page.getByTestId(`tab-${id}`);
  }
  view(id: TabId): Locator {
    return this.page.getByTestId(`view-${id}`);
  }

  /** Clicks the tab and waits for its view; given one of its tables, until that table is ready too. */
  async openTab(id: TabId, table?: DataTable): Promise<void> {
    await this.tab(id).click();
    await expect(this.view(id)).toBeVisible();
    await table?.waitReady();
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
