/** pageSizes.*: the page sizes the walks learned per workspace (issue 30, src/main/platform/page-size-store.ts). */
import type { PageSizeStore } from '../platform/page-size-store';
import type { WorkspaceStore } from '../workspaces/workspace-store';
import type { HandlersFor } from './types';

export interface PageSizeDeps {
  store: PageSizeStore;
  workspaces: Pick<WorkspaceStore, 'find'>;
}

export function pageSizeHandlers(deps: PageSizeDeps): HandlersFor<'pageSizes'> {
  return {
    'pageSizes.list': async ({ workspaceId }) => {
      const found = deps.workspaces.find(workspaceId);
      return found.ok ? deps.store.list(workspaceId) : found;
    },
    'pageSizes.reset': async ({ workspaceId, operation }) => {
      const found = deps.workspaces.find(workspaceId);
      return found.ok ? deps.store.reset(workspaceId, operation) : found;
    },
  };
}
