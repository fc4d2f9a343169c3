/**
 * A workspace's reference price sheet (issue 28, shared/price-sheet.ts), read by every tab that
 * shows a value "at your prices" (wallets, loans, the risk board) and edited in the Workspaces tab.
 * It lives in state/ because several features read it (a feature imports no other feature). Each
 * change writes the main side's answer into the cache, so every view follows it at once.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PriceImport, PriceRow, PriceSheet } from '@shared/price-sheet';
import type { Result } from '@shared/result';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../query-client';

export const priceSheetQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'prices.get'] as const,
    queryFn: () => unwrap(copper().prices.get({ workspaceId })),
  });

function put(workspaceId: string, res: Result<PriceSheet>, client = queryClient): Result<PriceSheet> {
  if (res.ok) client.setQueryData(priceSheetQuery(workspaceId).queryKey, res.value);
  return res;
}

/** Replaces the rows (typed or pasted). */
export async function savePriceRows(workspaceId: string, rows: PriceRow[], client = queryClient) {
  return put(workspaceId, await copper().prices.set({ workspaceId, rows }), client);
}

/** Reads the CSV on the main side: its line errors, or the sheet now in the cache. */
export async function importPriceCsv(
  workspaceId: string,
  text: string,
  client = queryClient,
): Promise<Result<PriceImport>> {
  const res = await copper().prices.importCsv({ workspaceId, text });
  if (res.ok && res.value.imported) put(workspaceId, { ok: true, value: res.value.sheet }, client);
  return res;
}

export async function clearPrices(workspaceId: string, client = queryClient) {
  return put(workspaceId, await copper().prices.clear({ workspaceId }), client);
}

export async function setPricesStaleAfter(workspaceId: string, minutes: number, client = queryClient) {
  return put(workspaceId, await copper().prices.setStaleAfter({ workspaceId, minutes }), client);
}
