/** The agent wallets tab's server state: the workspace's agent wallets, optionally of one portfolio. */
import { copper } from '../../lib/api';
import { paramsQuery } from '../../state/queries';

export type AgentWalletParams = { portfolioId?: string };

export const agentWalletsQuery = (workspaceId: string, params: AgentWalletParams) =>
  paramsQuery(workspaceId, 'agentWallets.list', params, () =>
    copper().agentWallets.list({
      workspaceId,
      ...(params.portfolioId ? { portfolioId: params.portfolioId } : {}),
    }),
  );
