/** The Address book tab: draft filters applied with Load, fetch-all, detail panel. */
import { expect, type Locator } from '@playwright/test';
import { DataTable } from './data-table';
import { chooseInMultiSelect } from './multi-select';
import { PageObject, within } from './page-object';

export class AddressBookPage extends PageObject((page) => ({
  ...within(page, { filters: 'address-filters' }, { whitelistedOnly: 'filter-whitelisted' }),
  detail: page.getByTestId('address-detail'),
})) {
  readonly table = new DataTable(this.page, 'address-book');
  listFilter(
    field: 'cryptoAddressIds' | 'currencies' | 'mainCurrencies' | 'addressTags' | 'addresses',
  ): Locator {
    return this.filters.getByTestId(`filter-${field}`);
  }
  async addressTypes(types: readonly string[]): Promise<void> {
    await chooseInMultiSelect(this.page, 'filter-address-types', types);
  }
  async applyAndLoad(): Promise<void> {
    await this.filters.getByTestId('load').click();
    await expect(this.table.root).toHaveAttribute('data-status', 'ready');
  }
}
