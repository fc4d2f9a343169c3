/**
 * The renderer's side of prepared actions. Stored shape:
 *   { open: { prepared, onResult } | null, unsettled: UnsettledAction[] }
 * `open` is the one confirmation on screen; `unsettled` mirrors the main side's list of actions
 * whose outcome is unknown (refreshed on the `actions-changed` event). The main side decides
 * everything; this store only shows it.
 */
import { create } from 'zustand';
import type { ActionResult, PreparedAction, UnsettledAction } from '@shared/actions';
import { copper } from '../../lib/api';

export interface OpenAction {
  prepared: PreparedAction;
  /** Told the outcome once it is known, so the feature can refresh what it shows. */
  onResult?: (result: ActionResult, prepared: PreparedAction) => void;
}

interface ActionState {
  open: OpenAction | null;
  unsettled: UnsettledAction[];
  show(open: OpenAction): void;
  close(): void;
  refreshUnsettled(): Promise<void>;
}

export const useActionStore = create<ActionState>()((set) => ({
  open: null,
  unsettled: [],
  show: (open) => set({ open }),
  close: () => set({ open: null }),
  async refreshUnsettled() {
    const res = await copper().actions.unsettled({});
    if (res.ok) set({ unsettled: res.value });
  },
}));

let subscribed = false;
/** Keeps `unsettled` in step with the main side; called once by the shell. */
export function watchUnsettledActions(): void {
  if (subscribed) return;
  subscribed = true;
  void useActionStore.getState().refreshUnsettled();
  copper().events.on('actions-changed', () => void useActionStore.getState().refreshUnsettled());
}
