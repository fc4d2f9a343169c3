/**
 * Address-book crypto addresses of every AddressType with `_embedded.currencyConfigurations`,
 * tags, memos and both whitelist values; newest first.
 */
import { ADDRESS_CATEGORIES, ADDRESS_TYPES } from '../../shared/platform/enums';
import type { CryptoAddress, CurrencyConfiguration } from '../../shared/platform/resources';
import { CURRENCIES } from '../money';
import type { Rng } from '../prng';
import { BASE_TIME, HOSTILE_TEXTS } from './types';

export const ADDRESS_TAGS = ['exchange', 'cold', 'otc', 'featured', 'counterparty'] as const;
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function addressFor(rng: Rng, mainCurrency: string): string {
  switch (mainCurrency) {
    case 'BTC':
      return `bc1q${rng.hex(38)}`;
    case 'SOL':
    case 'XRP':
    case 'DOGE': {
      let s = mainCurrency === 'XRP' ? 'r' : mainCurrency === 'DOGE' ? 'D' : '';
      while (s.length < 33) s += B58.charAt(rng.int(B58.length));
      return s;
    }
    default:
      return `0x${rng.hex(40)}`;
  }
}

export function buildCryptoAddresses(
  rng: Rng,
  organizationId: string,
  userIds: readonly string[],
  portfolioIds: readonly string[],
  count: number,
): CryptoAddress[] {
  const out: CryptoAddress[] = new Array<CryptoAddress>(count);
  let t = BASE_TIME;
  for (let i = 0; i < count; i++) {
    t -= rng.between(60_000, 3_600_000);
    const cur = CURRENCIES[rng.int(CURRENCIES.length)] ?? CURRENCIES[0];
    if (cur === undefined) break;
    const cryptoAddressId = rng.uuid();
    const createdAt = String(t);
    const createdBy = rng.pick(userIds);
    const isWhitelist = rng.chance(0.5);
    const pIds = rng.chance(0.6) ? [rng.pick(portfolioIds)] : [];
    const configs: CurrencyConfiguration[] = [
      {
        createdAt,
        createdBy,
        cryptoAddressId,
        currency: cur.currency,
        currencyConfigurationId: rng.uuid(),
        isWhitelist,
        extra: {},
        portfolioIds: pIds,
        updatedAt: createdAt,
        updatedBy: createdBy,
      },
    ];
    const hostile = i % 53 === 7 ? HOSTILE_TEXTS[((i / 53) % HOSTILE_TEXTS.length) | 0] : undefined;
    const memoNeeded = cur.mainCurrency === 'XRP' || rng.chance(0.1);
    const tags = ADDRESS_TAGS.filter(() => rng.chance(0.25));
    const addressType = ADDRESS_TYPES[i % ADDRESS_TYPES.length] ?? 'externally-owned-account';
    const record: CryptoAddress = {
      address: addressFor(rng, cur.mainCurrency),
      addressType,
      createdAt,
      createdBy,
      cryptoAddressId,
      currency: cur.currency,
      name: hostile ?? `Address ${i + 1} (${cur.currency})`,
      isWhitelist,
      _embedded: { currencyConfigurations: configs },
      acceptTokens: cur.mainCurrency === 'ETH',
      addressTags: tags,
      category: ADDRESS_CATEGORIES[i % ADDRESS_CATEGORIES.length] ?? 'unknown',
      extra: {},
      mainCurrency: cur.mainCurrency,
      organizationId,
      updatedAt: createdAt,
      updatedBy: createdBy,
      portfolioIds: pIds,
    };
    if (memoNeeded)
      record.memo = hostile !== undefined && i % 2 === 1 ? hostile : String(rng.between(1, 9_999_999));
    if (rng.chance(0.5)) record.lastUsedAt = String(t + rng.between(1, 1_000_000));
    out[i] = record;
  }
  return out;
}
