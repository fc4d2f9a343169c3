/**
 * The contract's "listAll" calls: every page of a list operation, with progress and cancellation,
 * through the one walk of paging.ts (its end, de-duplication, null-row and bound rules). A later
 * list adds a function here with its operation and its id field.
 *
 * Each page goes to the walk as the platform sent it, `null` rows included: the walk drops and
 * counts them, and the next offset must count every position the platform sent (a page filtered
 * here would make the walk ask for rows it already has, or skip some). Neither of these lists
 * offers a sort direction (platform-facts), so rows that shift while walking are detected and
 * reported (`mayHaveMissed`), not prevented.
 */
import type { AllRows, ProgressEvent } from '../../shared/contract';
import type { NegotiatedOperation } from '../../shared/platform/page-limits';
import type { Activity, CryptoAddress } from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { PlatformClient } from './client';
import {
  listActivities,
  listCryptoAddresses,
  type ActivitiesParams,
  type CallOptions,
  type CryptoAddressesParams,
} from './operations';
import { idField, walkPages, type PageRequest, type WalkOptions } from './paging';
import { negotiatePageSize } from './page-size-negotiation';

export interface FetchAllOptions<T = unknown> {
  jobId?: string;
  maxRows?: number;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Rows per request, fixed. By default the size is negotiated (page-size-negotiation.ts): the
   * size learned for the workspace, else the largest the contract allows for that list.
   */
  pageSize?: number;
  /** Takes each kept row instead of the result's `items` (paging.ts `collect`). */
  collect?: (row: T) => void;
  /** Takes each page's kept rows as it arrives (paging.ts `onPage`). */
  onPage?: WalkOptions<T>['onPage'];
  /** The rows `onPage` took stay in the list that asked (paging.ts `sentRowsKept`). */
  sentRowsKept?: boolean;
}

/**
 * Walks one list operation to its end. Every page is background work, so it is sent paced as
 * `bulk` (the lockout guard keeps headroom for the operator's own requests).
 */
async function walkList<T>(
  client: PlatformClient,
  options: FetchAllOptions<T>,
  list: { operation: NegotiatedOperation; idField: string; versionField?: string },
  fetchRows: (page: Omit<PageRequest, 'signal'>, call: CallOptions) => Promise<Result<T[]>>,
): Promise<Result<AllRows<T>>> {
  const tuner = await negotiatePageSize(client, list.operation, options.pageSize);
  return walkPages<T>({
    ...options,
    pageSize: tuner.size,
    tuner,
    idOf: idField<T>(list.idField),
    ...(list.versionField !== undefined ? { versionOf: idField<T>(list.versionField) } : {}),
    fetchPage: async ({ offset, limit, signal }) => {
      const rows = await fetchRows({ offset, limit }, { signal, pace: 'bulk' });
      return rows.ok ? { ok: true, value: { items: rows.value } } : rows;
    },
  });
}

export function listAllActivities(
  client: PlatformClient,
  organizationId: string,
  filters: Omit<ActivitiesParams, 'limit' | 'offset'>,
  options: FetchAllOptions<Activity> = {},
): Promise<Result<AllRows<Activity>>> {
  const list = { operation: 'activities', idField: 'activityId' } as const;
  return walkList<Activity>(client, options, list, async (page, call) => {
    const answer = await listActivities(client, organizationId, { ...filters, ...page }, call);
    return answer.ok ? { ok: true, value: answer.value.activities } : answer;
  });
}

export function listAllCryptoAddresses(
  client: PlatformClient,
  filters: Omit<CryptoAddressesParams, 'limit' | 'offset'>,
  options: FetchAllOptions<CryptoAddress> = {},
): Promise<Result<AllRows<CryptoAddress>>> {
  // An address seen again with a newer `updatedAt` was edited during the walk: the newer is kept.
  const list = {
    operation: 'cryptoAddresses',
    idField: 'cryptoAddressId',
    versionField: 'updatedAt',
  } as const;
  return walkList<CryptoAddress>(client, options, list, (page, call) =>
    listCryptoAddresses(client, { ...filters, ...page }, call),
  );
}
