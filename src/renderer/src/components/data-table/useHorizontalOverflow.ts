import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface HorizontalOverflow {
  /** Scrolled right: columns are hidden on the left. */
  left: boolean;
  /** How many columns end beyond the right edge (0 when everything fits). */
  hiddenRight: number;
}

const NONE: HorizontalOverflow = { left: false, hiddenRight: 0 };

/**
 * Tracks whether a table's scroll box hides columns to either side, so the table can say so: in
 * Chromium the horizontal scrollbar sits at the bottom of a tall table (or is an overlay) and a
 * column cut at the right edge otherwise looks like a clipped value.
 */
export function useHorizontalOverflow(
  ref: RefObject<HTMLElement | null>,
  layoutKey: string,
): HorizontalOverflow {
  const [state, setState] = useState<HorizontalOverflow>(NONE);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const right = el.scrollLeft + el.clientWidth + 1;
    let hiddenRight = 0;
    for (const th of el.querySelectorAll<HTMLElement>('[role="columnheader"]')) {
      if (th.offsetLeft + th.offsetWidth > right) hiddenRight += 1;
    }
    const left = el.scrollLeft > 1;
    setState((s) => (s.left === left && s.hiddenRight === hiddenRight ? s : { left, hiddenRight }));
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    // Vertical scrolling (every frame of a long table) must not force a layout read of every
    // header: measure only when the horizontal position actually moved. Registered for the capture
    // phase, so that it runs before the virtualizer's own scroll listener: that one re-renders the
    // rows synchronously, and reading `scrollLeft` after it would force a synchronous layout of
    // the new rows in the middle of the scroll event, every frame.
    let lastLeft = el.scrollLeft;
    const onScroll = () => {
      if (el.scrollLeft === lastLeft) return;
      lastLeft = el.scrollLeft;
      measure();
    };
    el.addEventListener('scroll', onScroll, { passive: true, capture: true });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', onScroll, { capture: true });
      ro.disconnect();
    };
  }, [ref, measure, layoutKey]);

  return state;
}
