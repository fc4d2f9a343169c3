/** exchangeAssets.*: each workspace's exchange asset table (issue 28, src/main/exchange-assets). */
import { ok } from '../../shared/result';
import { AssetTableStore } from '../exchange-assets/asset-table-store';
import type { WorkspaceStore } from '../workspaces/workspace-store';
import type { HandlersFor } from './types';

export interface ExchangeAssetDeps {
  dataDir: string;
  workspaces: Pick<WorkspaceStore, 'find'>;
  now?: () => number;
}

export function exchangeAssetHandlers(deps: ExchangeAssetDeps): HandlersFor<'exchangeAssets'> {
  const store = new AssetTableStore({
    dataDir: deps.dataDir,
    workspace: (id) => {
      const found = deps.workspaces.find(id);
      return found.ok ? ok({ builtIn: found.value.builtIn }) : found;
    },
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    'exchangeAssets.get': ({ workspaceId }) => store.get(workspaceId),
    'exchangeAssets.set': ({ workspaceId, assets }) => store.set(workspaceId, assets),
    'exchangeAssets.importCsv': ({ workspaceId, csv }) => store.importCsv(workspaceId, csv),
  };
}
