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
  /** The value shown beside a detail label (e.g. "Amount to accept"). */
  detail(label: string): Locator {
    return this.root.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }
}
