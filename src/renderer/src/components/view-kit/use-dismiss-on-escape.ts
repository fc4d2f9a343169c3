import { useEffect } from 'react';
import { shouldDismissOnEscape } from './dismiss-on-escape';
import { useLatest } from './use-latest';

/** Calls `onDismiss` when Escape is pressed and no dialog, menu or field takes it (see the rule). */
export function useDismissOnEscape(onDismiss: () => void, enabled = true): void {
  // The latest callback, so a parent's new closure does not re-subscribe on every render.
  const latest = useLatest(onDismiss);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (shouldDismissOnEscape(e, document)) latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, latest]);
}
