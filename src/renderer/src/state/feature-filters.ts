import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import type { JsonObject } from '@shared/platform/resources';
import { useStoredFilters, useUiStateStore } from './ui-state-store';

/**
 * A feature's filters for one workspace, remembered with the workspace. Stored values come back
 * from disk, so they are parsed with the feature's schema; anything unreadable becomes defaults.
 */
export function useFeatureFilters<F extends JsonObject>(
  wsId: string,
  feature: string,
  schema: z.ZodType<F>,
  defaults: F,
): [F, (next: F) => void] {
  const raw = useStoredFilters(wsId, feature);
  const filters = useMemo(() => {
    const parsed = schema.safeParse({ ...defaults, ...raw });
    return parsed.success ? parsed.data : defaults;
  }, [raw, schema, defaults]);
  const setFilters = useCallback(
    (next: F) => useUiStateStore.getState().setFilters(wsId, feature, next),
    [wsId, feature],
  );
  return [filters, setFilters];
}
