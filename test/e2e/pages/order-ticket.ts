/** The order ticket of the Agent wallets tab, and the workspace's asset table under it. */
import type { Locator } from '@playwright/test';
import { PageObject, within } from './page-object';
import { Shell } from './shell';

export class OrderTicketPage extends PageObject((page) =>
  within(
    page,
    { root: 'order-ticket' },
    {
      type: 'ticket-type',
      asset: 'ticket-asset',
      side: 'ticket-side',
      size: 'ticket-size',
      sizeError: 'ticket-size-error',
      price: 'ticket-price',
      tif: 'ticket-tif',
      reduceOnly: 'ticket-reduce-only',
      cloid: 'ticket-cloid',
      oid: 'ticket-oid',
      notional: 'ticket-notional',
      refused: 'ticket-refused',
      signer: 'ticket-signer',
      portfolio: 'ticket-portfolio',
      review: 'ticket-review',
    },
  ),
) {
  readonly assetTable: Locator = this.page.getByTestId('asset-table');
  readonly assetCsv: Locator = this.page.getByTestId('asset-table-csv');
  readonly assetSave: Locator = this.page.getByTestId('asset-table-save');
  readonly assetFile: Locator = this.page.getByTestId('asset-table-file');

  /** Opens the tab; the ticket is the exchange composer's first mode. */
  async open(): Promise<void> {
    await new Shell(this.page).openTab('agent-wallets');
    await this.root.waitFor();
  }

  async fillOrder(o: { asset?: string; side?: 'buy' | 'sell'; size: string; price: string }): Promise<void> {
    if (o.asset) await this.asset.selectOption(o.asset);
    if (o.side) await this.side.selectOption(o.side);
    await this.size.fill(o.size);
    await this.price.fill(o.price);
  }
}
