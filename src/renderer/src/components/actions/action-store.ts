/**
 * The confirmation on screen: `{ open: { prepared, onResult, summaryLines, returnFocus } | null }`. UI state only; the list
 * of actions whose outcome is unknown is server state, in ./queries.ts. The main side decides
 * everything; this store only shows it.
 */
import { create } from 'zustand';
import type { ActionResult, PreparedAction } from '@shared/actions';

export interface OpenAction {
  prepared: PreparedAction;
  /** Told the outcome once it is known, so the feature can refresh what it shows. */
  onResult?: (result: ActionResult, prepared: PreparedAction) => void;
  /**
   * What the request does, one line each, read by the feature from the prepared body's exact bytes
   * (the exchange's orders); the confirmation lists them and puts the field view on expand.
   */
  summaryLines?: string[];
  /** The control that opened it: focus goes back there when the confirmation closes. */
  returnFocus?: HTMLElement | null;
}

interface ActionState {
  open: OpenAction | null;
  show(open: OpenAction): void;
  close(): void;
}

export const useActionStore = create<ActionState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
