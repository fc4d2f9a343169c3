/**
 * Latest `progress` event per job id, from the one subscription the app holds. Stored shape:
 *   { byJob: { [jobId]: ProgressEvent } }
 */
import { create } from 'zustand';
import type { ProgressEvent } from '@shared/contract';
import { copper } from './api';

export const useProgressStore = create<{ byJob: Record<string, ProgressEvent> }>()(() => ({ byJob: {} }));

let subscribed = false;

/** Called once by the shell; events for unknown jobs are kept briefly and are harmless. */
export function subscribeProgress(): () => void {
  if (subscribed) return () => undefined;
  subscribed = true;
  const off = copper().events.on('progress', (e) => {
    useProgressStore.setState((s) => ({ byJob: { ...s.byJob, [e.jobId]: e } }));
  });
  return () => {
    subscribed = false;
    off();
  };
}

export function useJobProgress(jobId: string | null): ProgressEvent | undefined {
  return useProgressStore((s) => (jobId ? s.byJob[jobId] : undefined));
}
