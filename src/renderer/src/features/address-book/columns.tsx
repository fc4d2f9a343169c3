/** The address book's columns: every field read as the platform sent it (any may be null). */
import type { CryptoAddress } from '@shared/platform/resources';
import type { ColumnSpec } from '../../components/data-table';
import { columnsFor } from '../../components/view-kit';
import { objectEntries, objectOr } from '../../lib/display-text';
import { WhitelistBadge, type AddressEmbedded } from './AddressDetail';

const c = columnsFor<CryptoAddress>();
export const columns: ColumnSpec<CryptoAddress>[] = [
  c.text('name', 'Name', 170),
  c.id('address', 'Address', 250, 'grow'),
  c.text('currency', 'Ccy', 65),
  c.text('mainCurrency', 'Network', 95),
  {
    id: 'isWhitelist',
    header: 'Whitelist',
    value: (a) => (typeof a.isWhitelist === 'boolean' ? (a.isWhitelist ? 'whitelisted' : 'not') : ''),
    render: (a) => <WhitelistBadge on={a.isWhitelist} />,
    width: 110,
  },
  // Wide enough for "externally-owned-account", the longest address type.
  c.badge('addressType', 'Address type', 190),
  c.badge('category', 'Category', 120, 'hidden'),
  c.text('memo', 'Memo', 110),
  {
    id: 'configs',
    header: 'Configs',
    kind: 'number',
    value: (a) =>
      String(objectEntries(objectOr<AddressEmbedded>(a._embedded)?.currencyConfigurations).length),
    width: 90,
    defaultHidden: true,
  },
  c.time('lastUsedAt', 'Last used', 160, 'hidden'),
  c.time('createdAt', 'Created', 155),
  c.id('cryptoAddressId', 'Id', 170, 'hidden'),
  c.id('createdBy', 'Created by', 150, 'hidden'),
];
