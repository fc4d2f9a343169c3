/** Every platform operation the sandbox serves, below `/platform`. */
import type { Route } from '../router';
import { activityRoutes } from './activities';
import { addressRoutes } from './addresses';
import { agentWalletRoutes } from './agent-wallets';
import { clearLoopRoutes } from './clearloop';
import { exchangeRoutes } from './exchange';
import { loanActionRoutes } from './loan-actions';
import { loanRoutes } from './loans';
import { portfolioRoutes } from './portfolios';

export const platformRoutes: readonly Route[] = [
  ...portfolioRoutes,
  ...agentWalletRoutes,
  ...exchangeRoutes,
  ...loanRoutes,
  ...loanActionRoutes,
  ...clearLoopRoutes,
  ...activityRoutes,
  ...addressRoutes,
];
