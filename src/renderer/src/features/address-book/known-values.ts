/**
 * The values the address book's list filters can offer from the rows loaded (issue 29, item 10):
 * currencies, networks and tags seen. A picker offers them; other values can still be typed, since
 * the platform may hold addresses the loaded rows do not show.
 */
import type { CryptoAddress } from '@shared/platform/resources';
import { currencyList } from '../../components/CurrencyInput';

export interface KnownAddressValues {
  currencies: string[];
  mainCurrencies: string[];
  addressTags: string[];
}

export function knownAddressValues(rows: readonly CryptoAddress[] | null): KnownAddressValues {
  const all = rows ?? [];
  return {
    currencies: currencyList(all.map((a) => a.currency)),
    mainCurrencies: currencyList(all.map((a) => a.mainCurrency)),
    addressTags: currencyList(all.flatMap((a) => (Array.isArray(a.addressTags) ? a.addressTags : []))),
  };
}
