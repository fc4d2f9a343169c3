/** The agent wallets tab's server state: the workspace's agent wallets, optionally of one portfolio. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { copper } from '../../lib/api';
import { unwrap } from '../../state/query-client';

export type AgentWalletParams = { portfolioId?: string };

export const agentWalletsQuery = (workspaceId: string, params: AgentWalletParams) =>
  queryOptions({
    queryKey: [workspaceId, 'agentWallets.list', params] as const,
    queryFn: () =>
      unwrap(
        copper().agentWallets.list({
          workspaceId,
          ...(params.portfolioId ? { portfolioId: params.portfolioId } : {}),
        }),
      ),
    placeholderData: keepPreviousData,
  });
