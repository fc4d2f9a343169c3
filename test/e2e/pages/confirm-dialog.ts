/** The confirmation every platform-changing action goes through. */
import { expect, type Locator } from '@playwright/test';
import { PageObject, within } from './page-object';
import { Shell } from './shell';

export class ConfirmDialog extends PageObject((page) =>
  within(
    page,
    { root: 'confirm-dialog' },
    {
      environment: 'confirm-environment',
      organization: 'confirm-organization',
      target: 'confirm-target',
      submit: 'confirm-submit',
      result: 'confirm-result',
      error: 'confirm-error',
      close: 'confirm-close',
      /**
       * The outcome panel: data-outcome is done, refused (by the platform), not-sent, unknown, or,
       * once Check now or the operator settled an unknown one, settled-done or settled-not-done.
       */
      outcome: 'confirm-outcome',
      /** The outcome's title ("Done", "Not sent", "Outcome unknown", "Took effect", …). */
      outcomeTitle: 'outcome-title',
      /** While the platform has not answered: until when it has, counting down. */
      waiting: 'confirm-waiting',
      /** Closes the dialog while the answer is awaited; it lands in the top bar's list. */
      background: 'confirm-background',
      checkNow: 'check-now',
      checkResult: 'check-result',
      phrase: 'confirm-type',
    },
  ),
) {
  /** Production: the labelled field where the operator types the workspace's name. */
  get phraseInput(): Locator {
    return this.root.getByRole('textbox', { name: 'Workspace name, to confirm' });
  }
  get errorMessage(): Locator {
    return this.error.getByTestId('error-message');
  }
  /** The value of one body field of the prepared request, exactly as it will be sent. */
  field(name: string): Locator {
    return this.root.getByTestId(`confirm-field-${name}`).getByTestId('confirm-field-value');
  }
  /** The whole row of one body field (name, value, currency note). */
  fieldRow(name: string): Locator {
    return this.root.getByTestId(`confirm-field-${name}`);
  }
  /** The value shown beside a context label (e.g. "Loan amount"). */
  detail(label: string): Locator {
    return this.root.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /** The confirmation names the workspace's environment and the organization the top bar shows. */
  async expectWorkspace(environment: string): Promise<void> {
    await expect(this.environment).toHaveText(environment);
    await expect(this.organization).toHaveText(await new Shell(this.page).organization.innerText());
  }

  /** Sends the prepared action, waits until its result says `expected`, and closes the dialog. */
  async send(expected: string): Promise<void> {
    await this.submit.click();
    await expect(this.result).toContainText(expected);
    await this.close.click();
  }
}
