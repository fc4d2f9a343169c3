/**
 * "Find in the loaded addresses": the platform filters the walk (the filter bar, applied with
 * "Apply & load"); this narrows the rows already loaded, at once, without another walk. It looks
 * for the text, ignoring case, in the name, address, id, currency, network, memo and tags.
 */
import type { CryptoAddress } from '@shared/platform/resources';

/** Separates the fields of an address's search text, so a match never spans two fields. */
const SEP = '\u0000';

/** Each address's searchable text, lower-cased once per list (a search then costs one `includes` each). */
const haystacks = new WeakMap<readonly CryptoAddress[], string[]>();

function fieldsOf(a: CryptoAddress): unknown[] {
  return [a.name, a.address, a.cryptoAddressId, a.currency, a.mainCurrency, a.memo, ...(a.addressTags ?? [])];
}

function searchText(a: CryptoAddress): string {
  let text = '';
  for (const v of fieldsOf(a)) if (typeof v === 'string') text += SEP + v.toLowerCase();
  return text;
}

/** Builds the rows' search text ahead of the first search (the view calls it when the browser is idle). */
export function prepareFind(rows: readonly CryptoAddress[]): void {
  if (!haystacks.has(rows)) haystacks.set(rows, rows.map(searchText));
}

/** Whether one address matches: the rule `findAddresses` applies to every row. */
export function addressMatches(a: CryptoAddress, find: string): boolean {
  const needle = find.trim().toLowerCase();
  return needle === '' || fieldsOf(a).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

/** The addresses matching `find`, in their order; no text: the same array (the table keeps its sort keys). */
export function findAddresses(
  rows: readonly CryptoAddress[],
  find: string | undefined,
): readonly CryptoAddress[] {
  const needle = (find ?? '').trim().toLowerCase();
  if (needle === '') return rows;
  if (needle.includes(SEP)) return rows.filter((a) => addressMatches(a, needle));
  prepareFind(rows);
  const texts = haystacks.get(rows) as string[];
  const found: CryptoAddress[] = [];
  for (let i = 0; i < rows.length; i++) {
    if ((texts[i] as string).includes(needle)) found.push(rows[i] as CryptoAddress);
  }
  return found;
}
