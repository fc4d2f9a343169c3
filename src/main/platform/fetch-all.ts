/**
 * The contract's "listAll" calls: every page of a list operation, with progress and cancellation,
 * through the one walk of paging.ts (its end, de-duplication and bound rules). A later list adds a
 * function here with its operation and its id field.
 */
import type { AllRows, ProgressEvent } from '../../shared/contract';
import type { Activity, CryptoAddress } from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { PlatformClient } from './client';
import {
  DEFAULT_LIMITS,
  listActivities,
  listCryptoAddresses,
  type ActivitiesParams,
  type CallOptions,
  type CryptoAddressesParams,
} from './operations';
import { idField, walkPages, type PageRequest } from './paging';

export interface FetchAllOptions<T = unknown> {
  jobId?: string;
  maxRows?: number;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** Rows per request; by default the platform's own page size for that list (DEFAULT_LIMITS). */
  pageSize?: number;
  /** Takes each kept row instead of the result's `items` (paging.ts `collect`). */
  collect?: (row: T) => void;
}

/**
 * Walks one list operation to its end. Every page is background work, so it is sent paced as
 * `bulk` (the lockout guard keeps headroom for the operator's own requests).
 */
function walkList<T>(
  options: FetchAllOptions<T>,
  list: { pageSize: number; idField: string },
  fetchRows: (page: Omit<PageRequest, 'signal'>, call: CallOptions) => Promise<Result<T[]>>,
): Promise<Result<AllRows<T>>> {
  return walkPages<T>({
    ...options,
    pageSize: options.pageSize ?? list.pageSize,
    idOf: idField<T>(list.idField),
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
  const list = { pageSize: DEFAULT_LIMITS.activities, idField: 'activityId' };
  return walkList<Activity>(options, list, async (page, call) => {
    const answer = await listActivities(client, organizationId, { ...filters, ...page }, call);
    return answer.ok ? { ok: true, value: answer.value.activities } : answer;
  });
}

export function listAllCryptoAddresses(
  client: PlatformClient,
  filters: Omit<CryptoAddressesParams, 'limit' | 'offset'>,
  options: FetchAllOptions<CryptoAddress> = {},
): Promise<Result<AllRows<CryptoAddress>>> {
  const list = { pageSize: DEFAULT_LIMITS.cryptoAddresses, idField: 'cryptoAddressId' };
  return walkList<CryptoAddress>(options, list, (page, call) =>
    listCryptoAddresses(client, { ...filters, ...page }, call),
  );
}
