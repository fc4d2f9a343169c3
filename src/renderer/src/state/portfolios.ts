/**
 * The workspace's portfolios, read whole (the platform's page maximum): the portfolios tab lists
 * them and every other tab's portfolio picker reads the same cache (state/queries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { portfoliosQuery } from './queries';

export function usePortfolios(wsId: string) {
  return useQuery(portfoliosQuery(wsId, true));
}

/** Inactive portfolios, for names only (the list above is active-only, the platform's default). */
export function useInactivePortfolios(wsId: string) {
  return useQuery(portfoliosQuery(wsId, false));
}
