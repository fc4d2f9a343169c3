import { amountSortKey } from './decimal';

/**
 * An amount's sort key within its currency: the currency first, then the decimal key, so a sort
 * groups by currency and never orders 1 BTC below 2 ETH. Sorted as an opaque id (code units).
 */
export function currencyAmountKey(currency: unknown, amount: unknown): string | null {
  const key = amountSortKey(amount);
  return typeof currency === 'string' && key !== null ? `${currency}\u0001${key}` : null;
}
