/** The operator-name setting on the Workspaces tab: the name the journal records as who acted. */
import { expect, type Locator, type Page } from '@playwright/test';

export class OperatorNameSetting {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('operator-name-setting');
  }
  get input(): Locator {
    return this.root.getByTestId('operator-name-input');
  }
  get save(): Locator {
    return this.root.getByTestId('operator-name-save');
  }
  get reset(): Locator {
    return this.root.getByTestId('operator-name-reset');
  }
  get accountName(): Locator {
    return this.root.getByTestId('operator-name-default');
  }
  get effective(): Locator {
    return this.root.getByTestId('operator-name-effective');
  }
  get problem(): Locator {
    return this.root.getByTestId('operator-name-problem');
  }

  /** Types and saves a name, and waits until the journal would record it. */
  async set(name: string): Promise<void> {
    await this.input.fill(name);
    await this.save.click();
    await expect(this.effective).toHaveText(`Recorded as: ${name.trim()}`);
  }
}
