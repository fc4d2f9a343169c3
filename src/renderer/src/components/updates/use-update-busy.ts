import { useIsMutating } from '@tanstack/react-query';
import { UPDATE_MUTATIONS } from './queries';

const isUpdateCall = (key: readonly unknown[] | undefined) =>
  (UPDATE_MUTATIONS as readonly unknown[]).includes(key?.[0]);

/** A check or an install is in flight, from whichever view started it: both views' buttons wait. */
export function useUpdateBusy(): boolean {
  return useIsMutating({ predicate: (m) => isUpdateCall(m.options.mutationKey) }) > 0;
}
