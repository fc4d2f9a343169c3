/** The operator-name setting on the Workspaces tab: the name the journal records as who acted. */
import { expect } from '@playwright/test';
import { PageObject, within } from './page-object';

export class OperatorNameSetting extends PageObject((page) =>
  within(
    page,
    { root: 'operator-name-setting' },
    {
      input: 'operator-name-input',
      save: 'operator-name-save',
      reset: 'operator-name-reset',
      accountName: 'operator-name-default',
      effective: 'operator-name-effective',
      problem: 'operator-name-problem',
    },
  ),
) {
  /** Types and saves a name, and waits until the journal would record it. */
  async set(name: string): Promise<void> {
    await this.input.fill(name);
    await this.save.click();
    await expect(this.effective).toHaveText(`Recorded as: ${name.trim()}`);
  }
}
