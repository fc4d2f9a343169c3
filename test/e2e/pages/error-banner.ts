/**
 * The ErrorBanner every table shows when its load failed: a hint, the message as text, the error
 * code and HTTP status, and a Retry button.
 */
import type { Locator } from '@playwright/test';

export class ErrorBanner {
  readonly root: Locator;
  constructor(scope: Locator) {
    this.root = scope.getByTestId('error-banner');
  }
  get message(): Locator {
    return this.root.getByTestId('error-message');
  }
  get retry(): Locator {
    return this.root.getByTestId('retry');
  }
  /** The hint in bold: what happened, before the platform's own words. */
  get hint(): Locator {
    return this.root.locator('strong');
  }
}
