/**
 * Portfolios and wallets of a workspace. Both are fetched whole (the platform's page maxima) and
 * filtered in memory, so filter changes are instant and totals cover exactly what is shown.
 * Other tabs reuse `usePortfolios` for their portfolio pickers.
 */
import type { Portfolio, Wallet } from '@shared/platform/resources';
import { copper } from '../../lib/api';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../lib/query-store';

export const PORTFOLIO_LIMIT = 1000;
export const WALLET_LIMIT = 5000;

export const portfoliosQuery = createWorkspaceQuery<Record<string, never>, Portfolio[]>((wsId) =>
  copper().portfolios.list({ workspaceId: wsId, limit: PORTFOLIO_LIMIT }),
);

export const walletsQuery = createWorkspaceQuery<{ nonEmpty: boolean }, Wallet[]>((wsId, p) =>
  copper().wallets.list({
    workspaceId: wsId,
    limit: WALLET_LIMIT,
    ...(p.nonEmpty ? { nonEmpty: true } : {}),
  }),
);

/**
 * Inactive portfolios, for names only: the list above is active-only (the platform's default), and
 * wallets of an inactive portfolio would otherwise show a bare portfolio id.
 */
export const inactivePortfoliosQuery = createWorkspaceQuery<Record<string, never>, Portfolio[]>((wsId) =>
  copper().portfolios.list({ workspaceId: wsId, limit: PORTFOLIO_LIMIT, isActive: false }),
);

const NO_PARAMS: Record<string, never> = {};

export function usePortfolios(wsId: string) {
  return useWorkspaceQuery(portfoliosQuery, wsId, NO_PARAMS);
}

export function useInactivePortfolios(wsId: string) {
  return useWorkspaceQuery(inactivePortfoliosQuery, wsId, NO_PARAMS);
}

/**
 * Starts the default tab's requests as soon as the workspace is known, with exactly the
 * parameters the view will ask for, so the view finds them in flight instead of waiting for
 * React to mount it (the cold-start profile's largest idle gap). `nonEmpty` is the one stored
 * filter that changes a request.
 */
export function prefetchPortfoliosWallets(
  wsId: string,
  storedFilters: { nonEmpty?: unknown } | undefined,
): void {
  void portfoliosQuery.load(wsId, NO_PARAMS);
  void inactivePortfoliosQuery.load(wsId, NO_PARAMS);
  void walletsQuery.load(wsId, { nonEmpty: storedFilters?.nonEmpty === true });
}
