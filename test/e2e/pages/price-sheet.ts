/** A workspace card's reference price sheet (Workspaces tab): CSV text or file, line errors, staleness. */
import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId } from './page-object';

export class PriceSheetPanel {
  readonly root: Locator;
  readonly parts: Record<
    'toggle' | 'text' | 'save' | 'file' | 'saved' | 'lineErrors' | 'origin' | 'rows' | 'clear',
    Locator
  >;

  constructor(
    readonly page: Page,
    card: Locator,
  ) {
    this.root = card.getByTestId('price-sheet');
    this.parts = byTestId(this.root, {
      toggle: 'price-sheet-toggle',
      text: 'price-csv-text',
      save: 'price-csv-save',
      file: 'price-csv-file',
      saved: 'price-saved',
      lineErrors: 'price-line-errors',
      origin: 'price-sheet-origin',
      rows: 'price-sheet-rows',
      clear: 'price-clear',
    });
  }

  async open(): Promise<void> {
    if ((await this.root.getAttribute('open')) === null) await this.parts.toggle.click();
    await expect(this.parts.origin).toBeVisible();
  }

  /** Types (pastes) the CSV and saves it. */
  async saveText(csv: string): Promise<void> {
    await this.parts.text.fill(csv);
    await this.parts.save.click();
  }

  /** Imports the CSV as a file chosen in the file picker. */
  async importFile(csv: string): Promise<void> {
    await this.parts.file.setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
  }
}
