/** The confirmation every platform-changing action goes through. */
import type { Locator, Page } from '@playwright/test';

export class ConfirmDialog {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('confirm-dialog');
  }
  get environment(): Locator {
    return this.root.getByTestId('confirm-environment');
  }
  get organization(): Locator {
    return this.root.getByTestId('confirm-organization');
  }
  get target(): Locator {
    return this.root.getByTestId('confirm-target');
  }
  get submit(): Locator {
    return this.root.getByTestId('confirm-submit');
  }
  get result(): Locator {
    return this.root.getByTestId('confirm-result');
  }
  get error(): Locator {
    return this.root.getByTestId('confirm-error');
  }
  get errorMessage(): Locator {
    return this.error.getByTestId('error-message');
  }
  get close(): Locator {
    return this.root.getByTestId('confirm-close');
  }
  /** The outcome panel: data-outcome is done, refused, unknown or not-sent. */
  get outcome(): Locator {
    return this.root.getByTestId('confirm-outcome');
  }
  get checkNow(): Locator {
    return this.root.getByTestId('check-now');
  }
  get checkResult(): Locator {
    return this.root.getByTestId('check-result');
  }
  get phrase(): Locator {
    return this.root.getByTestId('confirm-type');
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
}
