/**
 * The wallets read of the Portfolios & wallets tab, as a call input: written once for its query
 * (`queries.ts`) and for the read boot.ts starts before the app is evaluated. Free of react-query
 * and zod so that the boot entry stays small.
 */
import type { CallInput } from '@shared/contract';
import { copper } from '../../lib/api';
import { earlyOr, startEarly } from '../../lib/early-calls';
import { startPortfoliosEarly } from '../../state/portfolio-calls';

export const WALLET_LIMIT = 5000;

export function walletsInput(workspaceId: string, nonEmpty: boolean): CallInput<'wallets.list'> {
  return { workspaceId, limit: WALLET_LIMIT, ...(nonEmpty ? { nonEmpty: true } : {}) };
}

export function readWallets(workspaceId: string, nonEmpty: boolean) {
  const input = walletsInput(workspaceId, nonEmpty);
  return earlyOr('wallets.list', input, () => copper().wallets.list(input));
}

/** The tab's three reads, started before the app is evaluated (the queries then take them over). */
export function startPortfoliosWalletsEarly(workspaceId: string, nonEmpty: boolean): void {
  startPortfoliosEarly(workspaceId);
  const input = walletsInput(workspaceId, nonEmpty);
  startEarly('wallets.list', input, () => copper().wallets.list(input));
}
