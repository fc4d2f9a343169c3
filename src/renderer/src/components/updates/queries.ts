/**
 * The updater's status: read once, then kept current by the `update-status` event. The main side
 * owns every rule (the feed and the consent come from the administrator's policy file, and only a
 * verified update installs); the renderer can check now and choose when a ready update installs.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UpdateStatus } from '@shared/contract';
import { copper } from '../../lib/api';
import { unwrap } from '../../state/query-client';

export const updateStatusQuery = queryOptions({
  queryKey: ['updates.status'] as const,
  queryFn: () => unwrap(copper().updates.status({})),
});

const showStatus = (client: QueryClient) => (status: UpdateStatus) =>
  client.setQueryData(updateStatusQuery.queryKey, status);

/** Both calls answer the new status, which the query then shows. */
export const UPDATE_MUTATIONS = ['updates.check', 'updates.installOnRestart'] as const;

export const checkForUpdate = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['updates.check'],
    mutationFn: () => unwrap(copper().updates.check({})),
    onSuccess: showStatus(client),
  });

export const installUpdate = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['updates.installOnRestart'],
    mutationFn: (now: boolean) => unwrap(copper().updates.installOnRestart({ now })),
    onSuccess: showStatus(client),
  });

/** Called once by App; returns the unsubscribe. */
export function subscribeUpdateStatus(client: QueryClient): () => void {
  return copper().events.on('update-status', showStatus(client));
}
