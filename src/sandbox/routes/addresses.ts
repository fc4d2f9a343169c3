/**
 * `GET /crypto-addresses`: platform-facts filters; limits from PAGE_LIMITS;
 * `isWhitelist=false` (the default) means "do not filter".
 */
import { ADDRESS_TYPES } from '../../shared/platform/enums';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { CryptoAddress } from '../../shared/platform/resources';
import { paging, param, parseQuery, querySchema } from '../query';
import { jsonPage, type PlatformRequest, type Reply, type Route } from '../router';

const query = querySchema('cryptoAddresses', {
  cryptoAddressIds: param.list().optional(),
  currencies: param.list().optional(),
  mainCurrencies: param.list().optional(),
  addressTags: param.list().optional(),
  addresses: param.list().optional(),
  memo: param.string().optional(),
  ...paging(PAGE_LIMITS.cryptoAddresses.default, PAGE_LIMITS.cryptoAddresses.max),
  isWhitelist: param.bool().default(false),
  addressTypes: param.enumList(ADDRESS_TYPES).optional(),
});

function listAddresses(req: PlatformRequest): Reply {
  const q = parseQuery(query, req.query);
  const { cryptoAddressIds: ids, currencies, mainCurrencies, addressTags: tags, addresses, memo } = q;
  const { limit, offset, isWhitelist: whitelistOnly, addressTypes: types } = q;
  const org = req.caller.organizationId;
  const store = req.store;
  const all = store.data.cryptoAddresses.get(org) ?? [];
  const key = JSON.stringify([ids, currencies, mainCurrencies, tags, addresses, memo, whitelistOnly, types]);
  const unfiltered = key === JSON.stringify([null, null, null, null, null, null, false, null]);
  const rows: readonly CryptoAddress[] = unfiltered
    ? all
    : store.view(`addresses:${org}:${key}`, () => {
        const idSet = ids === undefined ? undefined : new Set(ids);
        const addrSet = addresses === undefined ? undefined : new Set(addresses);
        return all.filter(
          (a) =>
            (idSet === undefined || idSet.has(a.cryptoAddressId)) &&
            (currencies === undefined ||
              currencies.includes(a.currency) ||
              (a._embedded?.currencyConfigurations ?? []).some((c) => currencies.includes(c.currency))) &&
            (mainCurrencies === undefined || mainCurrencies.includes(a.mainCurrency)) &&
            (tags === undefined || (a.addressTags ?? []).some((t) => tags.includes(t))) &&
            (addrSet === undefined || addrSet.has(a.address)) &&
            (memo === undefined || a.memo === memo) &&
            (!whitelistOnly || a.isWhitelist) &&
            (types === undefined || types.includes(a.addressType)),
        );
      });
  return jsonPage(req.store, 'cryptoAddresses', rows, offset, limit);
}

export const addressRoutes: Route[] = [
  { method: 'GET', pattern: '/crypto-addresses', handler: listAddresses },
];
