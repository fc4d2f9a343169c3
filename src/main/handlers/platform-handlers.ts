/**
 * Every platform read of the contract. Each handler resolves the workspace's client (which checks
 * the key first), strips the local `workspaceId` and calls one typed operation. Actions (the POSTs
 * and PATCHes that change state) are not here: they go through the prepared, one-shot path of
 * action-handlers.ts. The two PATCHes that change nothing (the LTV estimate and dry run) are here.
 */
import { loanRowOf } from '../../shared/loan-row';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { AllRows, ProgressEvent } from '../../shared/contract';
import type { Activity, CryptoAddress } from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { PlatformClients, WorkspaceClient } from '../platform/platform-clients';
import * as platform from '../platform';
import { walkLoans } from '../platform/loans-walk';
import type { EventBus } from '../events/event-bus';
import type { JobRegistry } from '../jobs/job-registry';
import { streamPages, streamedAnswer, type PageStream } from '../jobs/stream-pages';
import type { HandlersFor } from './types';

export interface PlatformDeps {
  clients: PlatformClients;
  events: EventBus;
  jobs: JobRegistry;
}

type Domains =
  | 'portfolios'
  | 'wallets'
  | 'accounts'
  | 'loans'
  | 'agentWallets'
  | 'clearloop'
  | 'activities'
  | 'cryptoAddresses';

export function platformHandlers(deps: PlatformDeps): HandlersFor<Domains> {
  /** Runs `use` with the workspace's client, or answers why there is none. */
  const withClient = async <T>(
    workspaceId: string,
    use: (ctx: WorkspaceClient, org: string) => Promise<Result<T>>,
  ): Promise<Result<T>> => {
    const resolved = await deps.clients.forWorkspace(workspaceId);
    return resolved.ok ? use(resolved.value, resolved.value.workspace.organizationId) : resolved;
  };

  const progress = (event: ProgressEvent) => deps.events.emit('progress', event);

  return {
    'portfolios.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, ({ client }, org) =>
        platform.listPortfolios(client, { organizationId: org, ...params }),
      ),
    'wallets.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, ({ client }) => platform.listWallets(client, params)),
    'accounts.list': ({ workspaceId }) =>
      withClient(workspaceId, ({ client }) => platform.listAccounts(client)),

    'loans.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, async ({ client }, org) => {
        const limit = params.limit ?? 500;
        const result = await platform.listLoans(client, org, { ...params, limit });
        return result.ok ? { ok: true, value: platform.pageOf(result.value, limit) } : result;
      }),
    'loans.get': ({ workspaceId, loanId }) =>
      withClient(workspaceId, ({ client }, org) => platform.getLoan(client, org, loanId)),
    'loans.listAll': ({ workspaceId, jobId, stream, ...filters }) =>
      withClient(workspaceId, ({ client }, org) =>
        deps.jobs.run(jobId, (signal) =>
          streamedWalk(
            stream,
            progress,
            (onPage) => walkLoans(client, org, filters, { jobId, signal, onProgress: progress, ...onPage }),
            loanRowOf,
          ),
        ),
      ),
    // Reads that are PATCHes (src/shared/ltv-reads.ts): sent once, not journalled.
    'loans.estimateLtv': ({ workspaceId, ...input }) =>
      withClient(workspaceId, ({ client }, org) => platform.estimateLoanLtv(client, org, input)),
    'loans.ltvDryRun': ({ workspaceId, ...input }) =>
      withClient(workspaceId, ({ client }, org) => platform.ltvDryRun(client, org, input)),

    'agentWallets.list': ({ workspaceId, portfolioId }) =>
      withClient(workspaceId, ({ client }) => platform.readAgentWallets(client, { portfolioId })),

    'clearloop.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, ({ client }) => platform.listClearLoopActions(client, params)),

    'activities.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, async ({ client }, org) => {
        const limit = params.limit ?? PAGE_LIMITS.activities.default;
        const result = await platform.listActivities(client, org, { ...params, limit });
        return result.ok ? { ok: true, value: platform.pageOf(result.value.activities, limit) } : result;
      }),
    'activities.listAll': ({ workspaceId, jobId, maxRows, stream, ...filters }) =>
      withClient(workspaceId, ({ client }, org) =>
        deps.jobs.run(jobId, (signal) =>
          streamedWalk<Activity>(stream, progress, (onPage) =>
            platform.listAllActivities(client, org, filters, {
              jobId,
              maxRows,
              signal,
              onProgress: progress,
              ...onPage,
            }),
          ),
        ),
      ),

    'cryptoAddresses.list': ({ workspaceId, ...params }) =>
      withClient(workspaceId, async ({ client }) => {
        const limit = params.limit ?? PAGE_LIMITS.cryptoAddresses.default;
        const result = await platform.listCryptoAddresses(client, { ...params, limit });
        return result.ok ? { ok: true, value: platform.pageOf(result.value, limit) } : result;
      }),
    'cryptoAddresses.listAll': ({ workspaceId, jobId, maxRows, stream, ...filters }) =>
      withClient(workspaceId, ({ client }) =>
        deps.jobs.run(jobId, (signal) =>
          streamedWalk<CryptoAddress>(stream, progress, (onPage) =>
            platform.listAllCryptoAddresses(client, filters, {
              jobId,
              maxRows,
              signal,
              onProgress: progress,
              ...onPage,
            }),
          ),
        ),
      ),
  };
}

/**
 * Runs a walk streamed (the call's `stream`: every page on the job's events, shaped by `map`, and
 * the answer without rows; a failure says the rows sent were kept) or not (every row in the
 * answer, shaped by `map`).
 */
async function streamedWalk<T, R = T>(
  stream: boolean | undefined,
  emit: (event: ProgressEvent) => void,
  walk: (onPage: { onPage?: PageStream<T>['onPage']; sentRowsKept?: boolean }) => Promise<Result<AllRows<T>>>,
  map?: (row: T) => R,
): Promise<Result<AllRows<R>>> {
  const pages = stream === true ? streamPages<T, R>(emit, map) : null;
  // The rows streamed before a failure stay in the tab's list (issue 30): the message says so.
  const walked = await walk(pages ? { onPage: pages.onPage, sentRowsKept: !pages.preview } : {});
  if (!walked.ok) return walked;
  if (pages) return { ok: true, value: streamedAnswer(walked.value, pages) };
  const items = map ? walked.value.items.map(map) : (walked.value.items as unknown as R[]);
  return { ok: true, value: { ...walked.value, items } };
}
