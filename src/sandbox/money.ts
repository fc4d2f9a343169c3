/**
 * Decimal arithmetic for amounts (decimal.js, never JS numbers) and the sandbox's fixed USD prices.
 */
import Decimal from 'decimal.js';

/** A private Decimal constructor: 40 significant digits, never exponent notation via `fmt`. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export interface CurrencyInfo {
  currency: string;
  mainCurrency: string;
  priceUsd: string;
}

/** Fixed prices so that LTVs are reproducible; not market data. */
export const CURRENCIES: readonly CurrencyInfo[] = [
  { currency: 'BTC', mainCurrency: 'BTC', priceUsd: '65000' },
  { currency: 'ETH', mainCurrency: 'ETH', priceUsd: '3200' },
  { currency: 'USDC', mainCurrency: 'ETH', priceUsd: '1' },
  { currency: 'USDT', mainCurrency: 'ETH', priceUsd: '1' },
  { currency: 'SOL', mainCurrency: 'SOL', priceUsd: '150' },
  { currency: 'XRP', mainCurrency: 'XRP', priceUsd: '0.55' },
  { currency: 'DOGE', mainCurrency: 'DOGE', priceUsd: '0.12' },
];

const PRICE = new Map(CURRENCIES.map((c) => [c.currency, new Dec(c.priceUsd)]));

/** USD price per currency. The seed uses the base prices; `POST /sandbox/prices` moves a store's. */
export type PriceTable = ReadonlyMap<string, Dec>;
export const BASE_PRICES: PriceTable = PRICE;

export function priceOf(currency: string, prices: PriceTable = PRICE): Dec | undefined {
  return prices.get(currency);
}

export function mainCurrencyOf(currency: string): string {
  return CURRENCIES.find((c) => c.currency === currency)?.mainCurrency ?? currency;
}

/** Plain decimal notation rounded to `dp` places, trailing zeros kept out. */
export function fmt(value: Dec, dp: number): string {
  return value.toDecimalPlaces(dp).toFixed();
}

/** Builds an amount string from integers so that no float ever touches a generated amount. */
export function amountFrom(units: number, scale: number): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new Error('amountFrom takes a non-negative integer');
  if (scale === 0) return String(units);
  const digits = String(units).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}
