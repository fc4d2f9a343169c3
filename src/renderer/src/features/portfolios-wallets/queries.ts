/**
 * Portfolios and wallets of a workspace. Both are fetched whole (the platform's page maxima) and
 * filtered in memory, so filter changes are instant and totals cover exactly what is shown. The
 * portfolios themselves are shared state (`state/portfolios.ts`): other tabs' pickers read them.
 */
import type { Wallet } from '@shared/platform/resources';
import { createWorkspaceQuery } from '../../state/workspace-query';
import { inactivePortfoliosQuery, NO_PORTFOLIO_PARAMS, portfoliosQuery } from '../../state/portfolios';
import { readWallets } from './calls';

export {
  PORTFOLIO_LIMIT,
  inactivePortfoliosQuery,
  portfoliosQuery,
  useInactivePortfolios,
  usePortfolios,
} from '../../state/portfolios';

export { WALLET_LIMIT } from './calls';

export const walletsQuery = createWorkspaceQuery<{ nonEmpty: boolean }, Wallet[]>((wsId, p) =>
  readWallets(wsId, p.nonEmpty),
);

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
  void portfoliosQuery.load(wsId, NO_PORTFOLIO_PARAMS);
  void inactivePortfoliosQuery.load(wsId, NO_PORTFOLIO_PARAMS);
  void walletsQuery.load(wsId, { nonEmpty: storedFilters?.nonEmpty === true });
}
