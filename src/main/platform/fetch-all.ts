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
  listActivities,
  listCryptoAddresses,
  type ActivitiesParams,
  type CryptoAddressesParams,
} from './operations';
import { idField, walkPages } from './paging';

export interface FetchAllOptions {
  jobId?: string;
  maxRows?: number;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** Rows per request; the platform's own default for activities is 1000. */
  pageSize?: number;
}

export function listAllActivities(
  client: PlatformClient,
  organizationId: string,
  filters: Omit<ActivitiesParams, 'limit' | 'offset'>,
  options: FetchAllOptions = {},
): Promise<Result<AllRows<Activity>>> {
  return walkPages<Activity>({
    ...options,
    pageSize: options.pageSize ?? 1000,
    idOf: idField<Activity>('activityId'),
    fetchPage: async ({ offset, limit, signal }) => {
      const page = await listActivities(
        client,
        organizationId,
        { ...filters, offset, limit },
        { signal, pace: 'bulk' },
      );
      return page.ok ? { ok: true, value: { items: page.value.activities } } : page;
    },
  });
}

export function listAllCryptoAddresses(
  client: PlatformClient,
  filters: Omit<CryptoAddressesParams, 'limit' | 'offset'>,
  options: FetchAllOptions = {},
): Promise<Result<AllRows<CryptoAddress>>> {
  return walkPages<CryptoAddress>({
    ...options,
    pageSize: options.pageSize ?? 500,
    idOf: idField<CryptoAddress>('cryptoAddressId'),
    fetchPage: async ({ offset, limit, signal }) => {
      const page = await listCryptoAddresses(client, { ...filters, offset, limit }, { signal, pace: 'bulk' });
      return page.ok ? { ok: true, value: { items: page.value } } : page;
    },
  });
}
