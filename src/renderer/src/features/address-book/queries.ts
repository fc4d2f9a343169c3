/** The address book's server state: every crypto address matching the filters, walked on the main side. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@shared/contract';
import { copper } from '../../lib/api';
import { walkFn } from '../../state/queries';

export type AddressParams = Omit<CallInput<'cryptoAddresses.listAll'>, 'workspaceId' | 'jobId'>;

/** With progress and cancel (`useWalkJob`). */
export const addressesQuery = (workspaceId: string, params: AddressParams) =>
  queryOptions({
    queryKey: [workspaceId, 'cryptoAddresses.listAll', params] as const,
    queryFn: walkFn('addresses', (jobId, stream) =>
      copper().cryptoAddresses.listAll({ workspaceId, jobId, stream, ...params }),
    ),
    placeholderData: keepPreviousData,
  });
