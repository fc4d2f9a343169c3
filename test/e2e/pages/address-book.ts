/** The Address book tab: draft filters applied with Load, fetch-all, detail panel. */
import { expect, type Locator, type Page } from '@playwright/test';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';

export class AddressBookPage {
  readonly table: DataTable;
  constructor(readonly page: Page) {
    this.table = new DataTable(page, 'address-book');
  }
  private get filters(): Locator {
    return this.page.getByTestId('address-filters');
  }
  listFilter(
    field: 'cryptoAddressIds' | 'currencies' | 'mainCurrencies' | 'addressTags' | 'addresses',
  ): Locator {
    return this.filters.getByTestId(`filter-${field}`);
  }
  get whitelistedOnly(): Locator {
    return this.filters.getByTestId('filter-whitelisted');
  }
  get detail(): Locator {
    return this.page.getByTestId('address-detail');
  }
  async addressTypes(types: readonly string[]): Promise<void> {
    await chooseInMultiSelect(this.page, 'filter-address-types', types);
  }
  async applyAndLoad(): Promise<void> {
    await this.filters.getByTestId('load').click();
    await expect(this.table.root).toHaveAttribute('data-status', 'ready');
  }
}
