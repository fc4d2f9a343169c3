import { z } from 'zod';
import { spellingList, type CallInput } from '@shared/contract';

export const activityFilterSchema = z.object({
  search: z.string().max(200),
  // Open lists (issue 29.4): a spelling the specification does not list is warned about, not refused.
  activityTypes: spellingList,
  excludedActivityTypes: spellingList,
  userIds: z.array(z.string()),
  from: z.string().regex(/^\d+$/).optional(),
  to: z.string().regex(/^\d+$/).optional(),
  maxRows: z.number().int().min(1).max(1_000_000),
});
export type ActivityFilters = z.infer<typeof activityFilterSchema>;
export const ACTIVITY_DEFAULTS: ActivityFilters = {
  search: '',
  activityTypes: [],
  excludedActivityTypes: [],
  userIds: [],
  maxRows: 10_000,
};

type PlatformFilters = Omit<CallInput<'activities.listAll'>, 'workspaceId' | 'jobId' | 'maxRows'>;

/** Filters as the platform takes them; empty ones are left out rather than sent empty. */
export function toPlatformFilters(f: ActivityFilters): PlatformFilters {
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.activityTypes.length ? { activityTypes: f.activityTypes } : {}),
    ...(f.excludedActivityTypes.length ? { excludedActivityTypes: f.excludedActivityTypes } : {}),
    ...(f.userIds.length ? { userIds: f.userIds } : {}),
    ...(f.from ? { createdFrom: f.from } : {}),
    ...(f.to ? { createdTo: f.to } : {}),
  };
}
