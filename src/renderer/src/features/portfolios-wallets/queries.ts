/**
 * Portfolios and wallets of a workspace. Both are read whole (the platform's page maxima) and
 * filtered in memory, so filter changes are instant and totals cover exactly what is shown. The
 * portfolios themselves are shared (`state/queries.ts`): other tabs' pickers read them. No React
 * and no zod here: boot.ts prefetches this tab (the default one) before the app is evaluated.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import { PAGE_LIMITS } from '@shared/platform/page-limits';
import { copper } from '../../lib/api';
import { prefetch, unwrap } from '../../state/query-client';
import { portfoliosQuery } from '../../state/queries';

/** One page of the largest size the platform serves (PAGE_LIMITS): a full one may hide more. */
export const WALLET_LIMIT = PAGE_LIMITS.wallets.max;

export function walletsQuery(workspaceId: string, nonEmpty: boolean) {
  const input: Omit<CallInput<'wallets.list'>, 'workspaceId'> = {
    limit: WALLET_LIMIT,
    ...(nonEmpty ? { nonEmpty: true } : {}),
  };
  return queryOptions({
    queryKey: [workspaceId, 'wallets.list', input] as const,
    queryFn: () => unwrap(copper().wallets.list({ workspaceId, ...input })),
    placeholderData: keepPreviousData,
  });
}

/**
 * The tab's three reads into the cache, with exactly the keys the view will ask for, so that the
 * view finds them in flight (or answered) instead of asking after React mounted it. `nonEmpty` is
 * the one stored filter that changes a request.
 */
export function prefetchPortfoliosWallets(client: QueryClient, workspaceId: string, nonEmpty: boolean): void {
  prefetch(client, portfoliosQuery(workspaceId, true));
  prefetch(client, portfoliosQuery(workspaceId, false));
  prefetch(client, walletsQuery(workspaceId, nonEmpty));
}
