/**
 * The portfolio reads every tab shares, as call inputs: written once for the queries
 * (`portfolios.ts`) and for the reads boot.ts starts before the app is evaluated. Kept free of
 * react-query and zod so that the boot entry stays small.
 */
import type { CallInput } from '@shared/contract';
import { copper } from '../lib/api';
import { earlyOr, startEarly } from '../lib/early-calls';

export const PORTFOLIO_LIMIT = 1000;

type PortfoliosInput = CallInput<'portfolios.list'>;

/**
 * Active portfolios (the platform's default), or the inactive ones (names only: wallets of an
 * inactive portfolio would otherwise show a bare portfolio id).
 */
export function portfoliosInput(workspaceId: string, active: boolean): PortfoliosInput {
  return active
    ? { workspaceId, limit: PORTFOLIO_LIMIT }
    : { workspaceId, limit: PORTFOLIO_LIMIT, isActive: false };
}

export function readPortfolios(workspaceId: string, active: boolean) {
  const input = portfoliosInput(workspaceId, active);
  return earlyOr('portfolios.list', input, () => copper().portfolios.list(input));
}

export function startPortfoliosEarly(workspaceId: string): void {
  for (const active of [true, false]) {
    const input = portfoliosInput(workspaceId, active);
    startEarly('portfolios.list', input, () => copper().portfolios.list(input));
  }
}
