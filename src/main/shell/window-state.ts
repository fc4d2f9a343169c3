/**
 * The main window's size and position, kept across restarts in `window-state.json` of the data
 * folder. Pure (no electron import) so the clamping is unit-tested: a saved position on a screen
 * that is gone, or a window larger than the screen, must still open fully on a visible display.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 } as const;
export const MIN_WINDOW_SIZE = { width: 1100, height: 700 } as const;
/** How much of a saved window must still be on a display for it to stay on that display. */
const MIN_VISIBLE = { width: 200, height: 100 } as const;

const isFiniteInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Reads a saved state; anything malformed (hand-edited, truncated, another version) gives null. */
export function parseWindowState(raw: unknown): WindowState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { bounds, maximized } = raw as { bounds?: unknown; maximized?: unknown };
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (![x, y, width, height].every(isFiniteInt)) return null;
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  return {
    bounds: { x: x as number, y: y as number, width: width as number, height: height as number },
    maximized: maximized === true,
  };
}

function overlapArea(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

function centeredOn(area: Rect, width: number, height: number): Rect {
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where to open the window: the saved bounds on the display that shows most of them, resized to fit
 * that display's work area and moved fully inside it; the default size centred on the primary
 * display (the first work area) when nothing was saved or the saved window is no longer visible.
 */
export function clampToVisibleDisplay(saved: Rect | null, workAreas: readonly Rect[]): Rect {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE };
  const fit = (area: Rect, width: number, height: number) => ({
    width: Math.min(Math.max(width, Math.min(MIN_WINDOW_SIZE.width, area.width)), area.width),
    height: Math.min(Math.max(height, Math.min(MIN_WINDOW_SIZE.height, area.height)), area.height),
  });
  if (saved === null) {
    const size = fit(primary, DEFAULT_WINDOW_SIZE.width, DEFAULT_WINDOW_SIZE.height);
    return centeredOn(primary, size.width, size.height);
  }
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = overlapArea(saved, area);
    const visible = overlap.width * overlap.height;
    const enough = overlap.width >= MIN_VISIBLE.width && overlap.height >= MIN_VISIBLE.height;
    if (enough && visible > bestArea) {
      best = area;
      bestArea = visible;
    }
  }
  if (best === null) {
    const size = fit(primary, saved.width, saved.height);
    return centeredOn(primary, size.width, size.height);
  }
  const size = fit(best, saved.width, saved.height);
  const x = Math.min(Math.max(saved.x, best.x), best.x + best.width - size.width);
  const y = Math.min(Math.max(saved.y, best.y), best.y + best.height - size.height);
  return { x, y, ...size };
}
