/**
 * The contract's `actions.*` and `guard.*` calls: thin wrappers over the ActionService (the one
 * way to send a POST or PATCH that changes state) and the lockout guard of the workspace's key.
 */
import { ok } from '../../shared/result';
import type { ActionService } from '../actions/action-service';
import type { PlatformClients } from '../platform/platform-clients';
import type { HandlersFor } from './types';

export function actionHandlers(deps: {
  actions: ActionService;
  clients: PlatformClients;
}): HandlersFor<'actions' | 'guard'> {
  const { actions } = deps;
  return {
    'actions.prepare': ({ workspaceId, action }) => actions.prepare(workspaceId, action),
    'actions.execute': ({ id, phrase }) => actions.execute(id, phrase),
    'actions.check': ({ id }) => actions.check(id),
    'actions.settle': ({ id, settled, note }) => actions.settle(id, settled, note),
    'actions.unsettled': async ({ workspaceId }) => ok(actions.unsettled(workspaceId)),
    // The counts of the key the workspace uses now (shared with every workspace holding it).
    'guard.status': async ({ workspaceId }) => ok(await deps.clients.guardStatus(workspaceId)),
  };
}
