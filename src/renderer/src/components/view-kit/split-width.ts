/**
 * The detail pane's width (issue 29): a resizable split whose width the operator sets by dragging
 * its handle or with the keyboard, kept in localStorage (a display preference of this machine, like
 * the theme) and shared by every tab's pane.
 */

export const DETAIL_WIDTH = {
  min: 280,
  /** The table keeps at least this share of the window. */
  maxShare: 0.7,
  step: 24,
  storageKey: 'copper.detailWidth',
} as const;

/** The pane's width kept within its bounds for a window `viewport` px wide. */
export function clampDetailWidth(px: number, viewport: number): number {
  const max = Math.max(DETAIL_WIDTH.min, Math.floor(viewport * DETAIL_WIDTH.maxShare));
  return Math.round(Math.min(max, Math.max(DETAIL_WIDTH.min, px)));
}

/** The stored width, or null when none (or unreadable): the stylesheet's default applies. */
export function parseDetailWidth(stored: string | null): number | null {
  if (stored === null || !/^\d{2,5}$/.test(stored)) return null;
  return Number(stored);
}

/**
 * The width after a key on the handle, or null for a key it does not take. The handle sits on the
 * pane's left edge: ArrowLeft moves it left (a wider pane), ArrowRight narrower; Home and End go to
 * the narrowest and widest.
 */
export function widthAfterKey(key: string, width: number, viewport: number): number | null {
  const by: Record<string, number> = {
    ArrowLeft: width + DETAIL_WIDTH.step,
    ArrowRight: width - DETAIL_WIDTH.step,
    Home: DETAIL_WIDTH.min,
    End: Number.MAX_SAFE_INTEGER,
  };
  const next = by[key];
  return next === undefined ? null : clampDetailWidth(next, viewport);
}
