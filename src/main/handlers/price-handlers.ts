/** prices.*: each workspace's reference price sheet (issue 28, src/main/prices). */
import { ok } from '../../shared/result';
import { PriceService } from '../prices/price-service';
import { PriceStore } from '../prices/price-store';
import { SandboxControls } from '../platform/sandbox-controls';
import type { WorkspaceStore } from '../workspaces/workspace-store';
import type { HandlersFor } from './types';

export interface PriceDeps {
  dataDir: string;
  workspaces: Pick<WorkspaceStore, 'find'>;
  /** The embedded sandbox's controls, whose prices fill the built-in sandbox workspace's sheet. */
  sandbox: { controlUrl: string; controlToken: string };
  /** Tests: the controls client (default: one for the embedded sandbox). */
  controls?: Pick<SandboxControls, 'prices'>;
  now?: () => Date;
}

export function priceHandlers(deps: PriceDeps): HandlersFor<'prices'> {
  const controls = deps.controls ?? new SandboxControls({ embedded: deps.sandbox });
  const service = new PriceService({
    store: new PriceStore(deps.dataDir),
    workspace: (id) => {
      const found = deps.workspaces.find(id);
      return found.ok ? ok({ builtIn: found.value.builtIn }) : found;
    },
    sandboxPrices: () => controls.prices(deps.sandbox.controlUrl),
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    'prices.get': ({ workspaceId }) => service.get(workspaceId),
    'prices.set': ({ workspaceId, rows }) => service.set(workspaceId, rows),
    'prices.importCsv': ({ workspaceId, text }) => service.importCsv(workspaceId, text),
    'prices.clear': ({ workspaceId }) => service.clear(workspaceId),
    'prices.setStaleAfter': ({ workspaceId, minutes }) => service.setStaleAfter(workspaceId, minutes),
  };
}
