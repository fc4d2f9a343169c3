/**
 * The workspace's portfolios, read whole (the platform's page maximum). Shared state: the
 * portfolios tab lists them and every other tab's portfolio picker reads the same cache.
 */
import type { Portfolio } from '@shared/platform/resources';
import { createWorkspaceQuery, useWorkspaceQuery } from './workspace-query';
import { readPortfolios } from './portfolio-calls';

export { PORTFOLIO_LIMIT } from './portfolio-calls';

export const portfoliosQuery = createWorkspaceQuery<Record<string, never>, Portfolio[]>((wsId) =>
  readPortfolios(wsId, true),
);

/**
 * Inactive portfolios, for names only: the list above is active-only (the platform's default), and
 * wallets of an inactive portfolio would otherwise show a bare portfolio id.
 */
export const inactivePortfoliosQuery = createWorkspaceQuery<Record<string, never>, Portfolio[]>((wsId) =>
  readPortfolios(wsId, false),
);

export const NO_PORTFOLIO_PARAMS: Record<string, never> = {};

export function usePortfolios(wsId: string) {
  return useWorkspaceQuery(portfoliosQuery, wsId, NO_PORTFOLIO_PARAMS);
}

export function useInactivePortfolios(wsId: string) {
  return useWorkspaceQuery(inactivePortfoliosQuery, wsId, NO_PORTFOLIO_PARAMS);
}
