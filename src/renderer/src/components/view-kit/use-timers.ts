import { useEffect, useState } from 'react';
import { useLatest } from './use-latest';

/** Calls `refresh` every `intervalMs` while `enabled` and the window is visible. */
export function useAutoRefresh(enabled: boolean, intervalMs: number, refresh: () => void): void {
  const latest = useLatest(refresh);
  useEffect(() => {
    if (!enabled) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') latest.current();
    }, intervalMs);
    return () => clearInterval(t);
  }, [enabled, intervalMs, latest]);
}

/** Calls `fire` once, `delayMs` after `when` became true; not at all if it turns false first. */
export function useDelayedWhile(when: boolean, delayMs: number, fire: () => void): void {
  const latest = useLatest(fire);
  useEffect(() => {
    if (!when) return;
    const t = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(t);
  }, [when, delayMs, latest]);
}

/**
 * Calls `fire` once after `when` became true and the next frame was painted (a requestAnimationFrame
 * callback, then a timer: the frame is out by then); not at all if `when` turns false first. For
 * work that must not delay what is about to be painted, such as asking for the rest of a list
 * whose first rows were just committed.
 */
export function useAfterPaintWhile(when: boolean, fire: () => void): void {
  const latest = useLatest(fire);
  useEffect(() => {
    if (!when) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => latest.current(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [when, latest]);
}

/**
 * Commits typed text once typing pauses: a search field should not fire a request per keystroke.
 * `committed` is the value in effect; nothing is committed while the text equals it.
 */
export function useDebouncedCommit(
  text: string,
  committed: string,
  commit: (text: string) => void,
  delayMs = 300,
): void {
  const latest = useLatest(commit);
  useEffect(() => {
    if (text === committed) return;
    const t = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(t);
  }, [text, committed, delayMs, latest]);
}

/**
 * The clock as an epoch-ms string, on a grid of `intervalMs` (floored), moving every `intervalMs`:
 * for ages and countdowns on screen. On the grid, a view that mounts again within the same step
 * gets the same value, so what it computed from the clock can be reused.
 */
export function useNow(intervalMs: number): string {
  const read = () => String(Math.floor(Date.now() / intervalMs) * intervalMs);
  const [now, setNow] = useState(read);
  useEffect(() => {
    const t = setInterval(() => setNow(String(Math.floor(Date.now() / intervalMs) * intervalMs)), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
