/**
 * The readiness marker tests wait for: set once, when the first view's table has rows, an empty
 * state or an error (an error is settled too, so a failing start is visible rather than a hang).
 */
import { create } from 'zustand';

export const useReadiness = create<{ ready: boolean }>()(() => ({ ready: false }));

export function markViewSettled(): void {
  if (useReadiness.getState().ready) return;
  useReadiness.setState({ ready: true });
  document.body.dataset.ready = 'true';
}
