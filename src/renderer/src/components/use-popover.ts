/**
 * An anchored pop-over (the column menu, a multi-select, the tab bar's "More" menu): open state and
 * the anchor's ref. It closes on a mouse press outside the anchor and on Escape.
 *
 * Focus (issue 29): when it opens, focus moves to its first control (the element marked
 * `[data-popover-panel]` inside the anchor, or the panel itself); when it closes by Escape or by
 * its button, focus goes back to the button that opened it (`[data-popover-trigger]`, else the
 * anchor's first button). A mouse press elsewhere leaves focus where the operator put it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

function triggerOf(anchor: HTMLElement | null): HTMLElement | null {
  return (
    anchor?.querySelector<HTMLElement>('[data-popover-trigger]') ?? anchor?.querySelector('button') ?? null
  );
}

export function usePopover<E extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const ref = useRef<E>(null);
  /** Whether closing should give focus back to the trigger (not after a click elsewhere). */
  const restoreFocus = useRef(true);
  const wasOpen = useRef(false);

  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      restoreFocus.current = true;
      const panel = ref.current?.querySelector<HTMLElement>('[data-popover-panel]') ?? null;
      const first = panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
      first?.focus();
    } else if (!open && wasOpen.current && restoreFocus.current) {
      const trigger = triggerOf(ref.current);
      // Only when focus was inside the pop-over or already lost to the page.
      const active = document.activeElement;
      if (active === null || active === document.body || ref.current?.contains(active)) trigger?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) {
        restoreFocus.current = false;
        setOpen(false);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  /**
   * What the button that opens and closes it spreads: its state for assistive technology, the mark
   * that focus goes back to, and the toggle.
   */
  const trigger = {
    'aria-expanded': open,
    'data-popover-trigger': true,
    onClick: () => setOpen((o) => !o),
  };
  return { open, setOpen, ref, trigger };
}
