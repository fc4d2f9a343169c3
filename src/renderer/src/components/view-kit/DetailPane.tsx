import { useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { DetailCloseButton } from '../DetailCloseButton';
import { useDismissOnEscape } from './use-dismiss-on-escape';
import { DETAIL_WIDTH, clampDetailWidth, parseDetailWidth, widthAfterKey } from './split-width';

interface DetailPaneProps {
  testId: string;
  /** The pane's accessible name. */
  label: string;
  /** The heading's content before the close button: a title, badges. */
  title: ReactNode;
  onClose(): void;
  /** `data-*` attributes that tell which item is shown (e.g. `{ 'data-loan-id': id }`). */
  data?: Record<`data-${string}`, string>;
  children?: ReactNode;
}

function storedWidth(): number | null {
  try {
    return parseDetailWidth(localStorage.getItem(DETAIL_WIDTH.storageKey));
  } catch {
    return null; // No storage: the stylesheet's default width.
  }
}

function storeWidth(px: number): void {
  try {
    localStorage.setItem(DETAIL_WIDTH.storageKey, String(px));
  } catch {
    // Storage may be unavailable; the width still applies to this pane.
  }
}

/**
 * A tab's right-hand detail panel: a heading with a close button, closed by Escape as well. The
 * handle on its left edge resizes it (drag, or the arrow keys when focused; issue 29), and the
 * width is kept for every pane. The tables' skip link focuses the pane (`data-detail-pane`).
 */
export function DetailPane({ testId, label, title, onClose, data, children }: DetailPaneProps) {
  useDismissOnEscape(onClose);
  const paneRef = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(storedWidth);
  /** What the handle reports before the operator sets a width: the default's size on screen. */
  const [drawnWidth, setDrawnWidth] = useState<number>(DETAIL_WIDTH.min);
  useLayoutEffect(() => {
    if (width === null && paneRef.current) setDrawnWidth(Math.round(paneRef.current.offsetWidth));
  }, [width]);
  const current = width ?? drawnWidth;
  const apply = (px: number) => {
    const next = clampDetailWidth(px, window.innerWidth);
    setWidth(next);
    storeWidth(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = paneRef.current?.offsetWidth ?? current;
    const move = (ev: globalThis.PointerEvent) => apply(startWidth + (startX - ev.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <>
      <div
        className="detail-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label}`}
        aria-valuemin={DETAIL_WIDTH.min}
        aria-valuemax={
          typeof window === 'undefined' // rendered outside a page (unit tests): no window to measure
            ? undefined
            : clampDetailWidth(Number.MAX_SAFE_INTEGER, window.innerWidth)
        }
        aria-valuenow={current}
        title="Drag, or use the arrow keys, to resize the detail pane"
        tabIndex={0}
        data-testid="detail-resize"
        onPointerDown={onPointerDown}
        onKeyDown={(e) => {
          const next = widthAfterKey(e.key, current, window.innerWidth);
          if (next === null) return;
          e.preventDefault();
          apply(next);
        }}
      />
      <aside
        ref={paneRef}
        className="detail"
        data-testid={testId}
        aria-label={label}
        data-detail-pane
        tabIndex={-1}
        style={width === null ? undefined : { width }}
        {...data}
      >
        <h3>
          {title}
          <DetailCloseButton onClose={onClose} />
        </h3>
        {children}
      </aside>
    </>
  );
}
