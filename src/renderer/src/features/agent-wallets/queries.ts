/**
 * The agent wallets tab's server state: the workspace's agent wallets, optionally of one portfolio,
 * and the workspace's exchange asset table (kept by the main side, src/main/exchange-assets) with
 * the calls that replace it.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ExchangeAsset, ExchangeAssetTableView } from '@shared/exchange-assets';
import { copper } from '../../lib/api';
import { paramsQuery } from '../../state/queries';
import { unwrap } from '../../state/query-client';

export type AgentWalletParams = { portfolioId?: string };

export const agentWalletsQuery = (workspaceId: string, params: AgentWalletParams) =>
  paramsQuery(workspaceId, 'agentWallets.list', params, () =>
    copper().agentWallets.list({
      workspaceId,
      ...(params.portfolioId ? { portfolioId: params.portfolioId } : {}),
    }),
  );

export const exchangeAssetsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'exchangeAssets.get'] as const,
    queryFn: () => unwrap(copper().exchangeAssets.get({ workspaceId })),
  });

const putTable = (client: QueryClient, workspaceId: string) => (view: ExchangeAssetTableView) =>
  client.setQueryData(exchangeAssetsQuery(workspaceId).queryKey, view);

/** Replaces the table with the rows typed; the main side checks them again and answers the table. */
export const saveExchangeAssets = (client: QueryClient, workspaceId: string) =>
  mutationOptions({
    mutationKey: [workspaceId, 'exchangeAssets.set'],
    mutationFn: (assets: ExchangeAsset[]) => unwrap(copper().exchangeAssets.set({ workspaceId, assets })),
    onSuccess: putTable(client, workspaceId),
  });

/** Replaces the table with a CSV's, read on the main side; a bad line changes nothing. */
export const importExchangeAssets = (client: QueryClient, workspaceId: string) =>
  mutationOptions({
    mutationKey: [workspaceId, 'exchangeAssets.importCsv'],
    mutationFn: (csv: string) => unwrap(copper().exchangeAssets.importCsv({ workspaceId, csv })),
    onSuccess: putTable(client, workspaceId),
  });

/**
 * The blotter: every exchange order the console sent, rebuilt from the journal by the main side
 * (newest first; at most `limit` rows, with the total matching). Re-read when an action settles.
 */
export const blotterQuery = (
  workspaceId: string,
  params: { status?: import('@shared/blotter').BlotterStatus; asset?: number; limit: number },
) =>
  paramsQuery(workspaceId, 'journal.blotter', params, () =>
    copper().journal.blotter({ workspaceId, ...params }),
  );
