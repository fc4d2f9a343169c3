import { useEffect } from 'react';
import { askOnce } from './ask-once';
import { useLatest } from './use-latest';

/**
 * Asks when the view mounts and again whenever `key` changes (compared with `Object.is`); the
 * answer goes to `onAnswer` unless the view unmounted or a newer question replaced it.
 */
export function useAnswer<T>(key: unknown, ask: () => Promise<T>, onAnswer: (answer: T) => void): void {
  // The latest callbacks, so a parent's new closures do not ask again on every render.
  const latest = useLatest({ ask, onAnswer });
  useEffect(
    () =>
      askOnce(
        () => latest.current.ask(),
        (answer) => latest.current.onAnswer(answer),
      ),
    [key, latest],
  );
}
