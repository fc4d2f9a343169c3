import { useEffect, useMemo } from 'react';
import type { LocalSearch } from '../../lib/local-search';

/**
 * The loaded `rows` that contain `text` (a `localSearch`'s `find` and `prepare`, module constants);
 * null while there are no rows. The search text of many thousand rows costs tens of ms: built while
 * the browser is idle, not on the first keystroke.
 */
export function useLocalSearch<T>(
  rows: readonly T[] | null,
  text: string,
  find: LocalSearch<T>['find'],
  prepare: LocalSearch<T>['prepare'],
): readonly T[] | null {
  useEffect(() => {
    if (!rows) return;
    const idle = requestIdleCallback(() => prepare(rows));
    return () => cancelIdleCallback(idle);
  }, [rows, prepare]);
  return useMemo(() => (rows ? find(rows, text) : null), [rows, text, find]);
}
