/**
 * `activities.load`: the walk of fetch-all.ts (progress, cancel, de-duplication, bounds), each
 * kept row appended to a new ActivityStore as its page arrives. Only a finished walk becomes a
 * live store; a cancelled or failed one leaves nothing behind (its partial store is garbage).
 */
import type { ActivitiesParams } from '../platform/operations';
import type { PlatformClient } from '../platform/client';
import { listAllActivities, type FetchAllOptions } from '../platform/fetch-all';
import type { Result } from '../../shared/result';
import type { LoadedRows } from '../../shared/row-model';
import type { Activity } from '../../shared/platform/resources';
import { ActivityStore } from './activity-store';
import type { RowStores } from './row-stores';

export async function loadActivities(
  stores: RowStores,
  owner: string,
  client: PlatformClient,
  organizationId: string,
  filters: Omit<ActivitiesParams, 'limit' | 'offset'>,
  options: Omit<FetchAllOptions<Activity>, 'collect'> = {},
): Promise<Result<LoadedRows>> {
  const store = new ActivityStore();
  const walked = await listAllActivities(client, organizationId, filters, {
    ...options,
    collect: (row) => store.add(row),
  });
  if (!walked.ok) return walked;
  store.seal();
  const { items: _none, ...report } = walked.value;
  return { ok: true, value: { ...report, storeId: stores.add(owner, store), rows: store.rows } };
}
