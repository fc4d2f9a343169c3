/** workspaces.* and keychain.*: local state; secrets go in, only `configured` comes out. */
import type { WorkspaceList, WorkspaceView } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/result';
import { KEY_REMOVED_NOTICE, resolveBaseUrl } from '../../shared/workspace-rules';
import type { KeyService } from '../keychain/key-service';
import type { WorkspaceStore, WorkspaceRecord, WorkspaceListData } from '../workspaces/workspace-store';
import type { EventBus } from '../events/event-bus';
import type { PlatformClients } from '../platform/platform-clients';
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

/**
 * Whether applying `patch` would point the workspace at another endpoint or organization. Only a
 * well-formed new base URL counts: a refused one changes nothing, and the store says why.
 */
function movesKey(
  record: WorkspaceRecord,
  patch: { baseUrl?: string; organizationId?: string },
): Result<boolean> {
  if (record.builtIn) return ok(false);
  if (patch.organizationId !== undefined && patch.organizationId.trim() !== record.organizationId)
    return ok(true);
  if (patch.baseUrl === undefined) return ok(false);
  const next = resolveBaseUrl(record.environment, patch.baseUrl);
  if (!next.ok) return next;
  return ok(next.value !== record.baseUrl);
}

export function workspaceHandlers(deps: WorkspaceDeps): HandlersFor<'workspaces' | 'keychain'> {
  const { view, list } = workspaceViews(deps);
  const changed = async (): Promise<WorkspaceList> => {
    const current = await list();
    deps.events.emit('workspace-changed', current);
    return current;
  };
  // A locked vault changes every vault workspace's `keyConfigured`: tell the screen, which then
  // shows the unlock form instead of failing on the next signed request.
  deps.keys.onVaultLocked(() => void changed().catch(() => undefined));
  const then = async <T, U>(result: Result<T>, next: (value: T) => Promise<U>): Promise<Result<U>> =>
    result.ok ? ok(await next(result.value)) : result;

  return {
    'workspaces.list': async () => ok(await list()),
    'workspaces.create': async (input) =>
      then(await deps.workspaces.create(input), async (record) => {
        await changed();
        return view(record);
      }),
    'workspaces.update': async ({ id, ...patch }) => {
      const before = deps.workspaces.find(id);
      if (!before.ok) return before;
      // A key was entered for one endpoint and organization: pointing the workspace elsewhere must
      // not carry it along. It is removed before the change is saved, so a failure to remove it
      // leaves both the key and the old target in place.
      const moves = movesKey(before.value, patch);
      if (!moves.ok) return moves;
      if (moves.value) {
        const deleted = await deps.keys.deleteKey(id);
        if (!deleted.ok) {
          return fail(
            deleted.error.code,
            `The base URL or organization was not changed, because the stored key could not be removed first: ${deleted.error.message}`,
          );
        }
      }
      deps.clients.forget(id);
      const updated = await deps.workspaces.update(id, patch);
      if (!updated.ok) {
        if (!moves.value) return updated;
        await changed();
        return fail(updated.error.code, `${updated.error.message} ${KEY_REMOVED_NOTICE}`);
      }
      await changed();
      const shown = await view(updated.value);
      return ok(moves.value ? { ...shown, keyRemoved: KEY_REMOVED_NOTICE } : shown);
    },
    'workspaces.remove': async ({ id }) => {
      const record = deps.workspaces.find(id);
      if (!record.ok) return record;
      // The key goes first, from every store that may hold it: a workspace removed while its key
      // stays behind (in a locked vault) leaves a key on disk that nothing shows any more. So a key
      // that cannot be deleted keeps the workspace. The built-in sandbox's key is made at each
      // start and is not deleted; the store refuses to remove that workspace below.
      if (!record.value.builtIn) {
        const deleted = await deps.keys.deleteKey(id);
        if (!deleted.ok) {
          return fail(
            deleted.error.code,
            deleted.error.code === 'vault-locked'
              ? `The workspace “${record.value.name}” was not removed: its key may be stored in the encrypted vault, which is locked. Unlock the vault first, then remove the workspace.`
              : `The workspace “${record.value.name}” was not removed, because its stored key could not be removed first: ${deleted.error.message}`,
          );
        }
        deps.clients.forget(id);
      }
      const removed = await deps.workspaces.remove(id);
      if (!removed.ok) {
        if (record.value.builtIn) return removed;
        // The key is gone already: say so, and show the workspace without it.
        await changed();
        return fail(
          removed.error.code,
          `${removed.error.message} Its stored key was removed before this failed; enter the key again to use the workspace.`,
        );
      }
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
      // `find`, not `get`: a key may be entered for a workspace whose base URL still needs fixing.
      const exists = deps.workspaces.find(workspaceId);
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
    'keychain.autoLock': async () => ok(deps.keys.autoLock()),
    'keychain.setAutoLock': async ({ minutes }) => deps.keys.setAutoLock(minutes),
  };
}
