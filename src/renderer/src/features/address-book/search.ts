/**
 * "Find in the loaded addresses": the platform filters the walk (the filter bar, applied with
 * "Apply & load"); this narrows the rows already loaded, at once, without another walk. It looks
 * for the text, ignoring case, in the name, address, id, currency, network, memo and tags.
 */
import type { CryptoAddress } from '@shared/platform/resources';
import { localSearch } from '../../lib/local-search';

const addressSearch = localSearch((a: CryptoAddress): readonly unknown[] => [
  a.name,
  a.address,
  a.cryptoAddressId,
  a.currency,
  a.mainCurrency,
  a.memo,
  ...(a.addressTags ?? []),
]);

/** Builds the rows' search text ahead of the first search (the view calls it when the browser is idle). */
export const prepareFind = addressSearch.prepare;
/** Whether one address matches: the rule `findAddresses` applies to every row. */
export const addressMatches = addressSearch.matches;
/** The addresses matching `find`, in their order; no text: the same array (the table keeps its sort keys). */
export const findAddresses = addressSearch.find;
