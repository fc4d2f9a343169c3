/** workspaces.* and keychain.*: local state; secrets go in, only `configured` comes out. */
import type { WorkspaceList, WorkspaceView } from '../../shared/contract';
import { ok, type Result } from '../../shared/result';
import type { KeyService } from '../keychain/key-service';
import type { WorkspaceStore, WorkspaceRecord, WorkspaceListData } from '../workspaces/workspace-store';
import type { EventBus } from '../events/event-bus';
import type { PlatformClients } from '../app/platform-clients';
import { testConnection } from '../platform/connection';
import type { HandlersFor } from './types';

export interface WorkspaceDeps {
  workspaces: WorkspaceStore;
  keys: KeyService;
  clients: PlatformClients;
  events: EventBus;
}

export function workspaceViews(deps: WorkspaceDeps) {
  const view = async (record: WorkspaceRecord): Promise<WorkspaceView> => ({
    id: record.id,
    name: record.name,
    environment: record.environment,
    baseUrl: record.baseUrl,
    organizationId: record.organizationId,
    defaultPortfolioId: record.defaultPortfolioId,
    builtIn: record.builtIn,
    keyConfigured: await deps.keys.isConfigured(record.id),
    uiState: record.uiState,
    createdAt: record.createdAt,
  });
  const list = async (data: WorkspaceListData = deps.workspaces.list()): Promise<WorkspaceList> => ({
    workspaces: await Promise.all(data.workspaces.map(view)),
    activeId: data.activeId,
    ...(data.recoveredFrom ? { recoveredFrom: data.recoveredFrom } : {}),
  });
  return { view, list };
}

export function registerWorkspaceHandlers(deps: WorkspaceDeps): HandlersFor<'workspaces' | 'keychain'> {
  const { view, list } = workspaceViews(deps);
  const changed = async (): Promise<WorkspaceList> => {
    const current = await list();
    deps.events.emit('workspace-changed', current);
    return current;
  };
  const then = async <T, U>(result: Result<T>, next: (value: T) => Promise<U>): Promise<Result<U>> =>
    result.ok ? ok(await next(result.value)) : result;

  return {
    'workspaces.list': async () => ok(await list()),
    'workspaces.create': async (input) =>
      then(await deps.workspaces.create(input), async (record) => {
        await changed();
        return view(record);
      }),
    'workspaces.update': async ({ id, ...patch }) =>
      then(await deps.workspaces.update(id, patch), async (record) => {
        deps.clients.forget(id);
        await changed();
        return view(record);
      }),
    'workspaces.remove': async ({ id }) => {
      const removed = await deps.workspaces.remove(id);
      if (!removed.ok) return removed;
      deps.clients.forget(id);
      // The key goes with the workspace; a failure to delete it is reported, not hidden.
      const deleted = await deps.keys.deleteKey(removed.value.removedId);
      if (!deleted.ok) return deleted;
      return ok(await changed());
    },
    'workspaces.activate': async ({ id }) => then(await deps.workspaces.activate(id), () => changed()),
    'workspaces.saveUiState': async ({ id, uiState }) => deps.workspaces.saveUiState(id, uiState),
    'workspaces.testConnection': async ({ id }) => {
      const resolved = await deps.clients.forWorkspace(id);
      if (!resolved.ok) return resolved;
      return testConnection(resolved.value.client);
    },

    'keychain.status': async () => ok(await deps.keys.status()),
    'keychain.setKey': async ({ workspaceId, apiKey, apiSecret }) => {
      const exists = deps.workspaces.get(workspaceId);
      if (!exists.ok) return exists;
      const stored = await deps.keys.setKey(workspaceId, { apiKey, apiSecret });
      if (stored.ok) await changed();
      return stored;
    },
    'keychain.deleteKey': async ({ workspaceId }) => {
      const deleted = await deps.keys.deleteKey(workspaceId);
      if (deleted.ok) await changed();
      return deleted;
    },
    'keychain.createVault': async ({ passphrase }) => deps.keys.createVault(passphrase),
    'keychain.unlockVault': async ({ passphrase }) => {
      const status = await deps.keys.unlockVault(passphrase);
      if (status.ok) await changed();
      return status;
    },
    'keychain.lockVault': async () => deps.keys.lockVault(),
  };
}
