/**
 * The `risk` domain: the board (the watch's last reading), the alerts it raised, settings and
 * acknowledgements. (The loans tab searches the loans it walked itself, `loans.listAll`, over
 * `loanSearchFields`.)
 */
import type { PlatformClients } from '../platform/platform-clients';
import type { RiskWatch } from '../risk/risk-watch';
import type { HandlersFor } from './types';

export interface RiskHandlerDeps {
  watch: RiskWatch;
  clients: PlatformClients;
}

export function riskHandlers(deps: RiskHandlerDeps): HandlersFor<'risk'> {
  return {
    // Local memory only (the watch's own log): no workspace to resolve, nothing asked of the platform.
    'risk.alerts': async ({ workspaceId }) => ({ ok: true, value: deps.watch.alerts(workspaceId) }),
    'risk.board': async ({ workspaceId, firstRows }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      return { ok: true, value: await deps.watch.board(workspaceId, firstRows) };
    },
    'risk.checkNow': async ({ workspaceId }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      return { ok: true, value: await deps.watch.checkNow(workspaceId) };
    },
    'risk.configure': async ({ workspaceId, ...patch }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      return { ok: true, value: await deps.watch.configure(workspaceId, patch) };
    },
    'risk.acknowledge': async ({ workspaceId, loanId }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      return deps.watch.acknowledge(workspaceId, loanId);
    },
  };
}
