/**
 * The `risk` domain: the board (the watch's last reading), settings, acknowledgements, and the
 * loans tab's search over every page (a bulk walk, cancellable as a job).
 */
import type { ProgressEvent } from '../../shared/contract';
import { loanMatches } from '../../shared/risk';
import type { EventBus } from '../events/event-bus';
import type { JobRegistry } from '../jobs/job-registry';
import type { PlatformClients } from '../app/platform-clients';
import { walkLoans } from '../platform/loans-walk';
import type { RiskWatch } from '../risk/risk-watch';
import type { HandlersFor } from './types';

export interface RiskHandlerDeps {
  watch: RiskWatch;
  clients: PlatformClients;
  events: EventBus;
  jobs: JobRegistry;
}

export function registerRiskHandlers(deps: RiskHandlerDeps): HandlersFor<'risk'> {
  const progress = (event: ProgressEvent) => deps.events.emit('progress', event);
  return {
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
    'risk.searchLoans': async ({ workspaceId, jobId, search, ...filters }) => {
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      const { client, workspace } = resolved.value;
      return deps.jobs.run(jobId, async (signal) => {
        // A whole loan id is answered by the platform's own `loanIds` filter: one request, not a walk.
        if (!/\s/.test(search)) {
          const exact = await walkLoans(
            client,
            workspace.organizationId,
            { ...filters, loanIds: [search] },
            { signal },
          );
          if (exact.ok && exact.value.items.length > 0) return exact;
        }
        const walked = await walkLoans(client, workspace.organizationId, filters, {
          jobId,
          signal,
          onProgress: progress,
        });
        if (!walked.ok) return walked;
        return {
          ok: true,
          value: { ...walked.value, items: walked.value.items.filter((l) => loanMatches(l, search)) },
        };
      });
    },
  };
}
