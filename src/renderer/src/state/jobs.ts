/**
 * A view's handle on a job: the id a walk runs under, its latest progress and its Cancel, all read
 * from the query cache (state/queries.ts writes them).
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ProgressEvent } from '@shared/contract';
import { cancelJob, jobQuery, progressQuery } from './queries';

export function useJobProgress(jobId: string | null): ProgressEvent | undefined {
  const query = useQuery({ ...progressQuery(jobId ?? ''), enabled: jobId !== null });
  return jobId === null ? undefined : query.data;
}

export interface WalkJob {
  /** The job in flight for this walk's key; null when none runs. */
  jobId: string | null;
  progress: ProgressEvent | undefined;
  /** Stops the running job (its query then fails with the main side's "Cancelled"); absent while none runs. */
  cancel: (() => void) | undefined;
}

/** The job of the walk under `walkKey` (the walk's own queryKey). */
export function useWalkJob(walkKey: QueryKey): WalkJob {
  const jobId = useQuery(jobQuery(walkKey)).data ?? null;
  const progress = useJobProgress(jobId);
  return { jobId, progress, cancel: jobId === null ? undefined : () => void cancelJob(jobId) };
}
