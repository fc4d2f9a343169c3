import { useEffect, useRef } from 'react';

/** A ref that always holds the latest value: timers and listeners call the current callback. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
