import { describe, expect, it } from 'vitest';
import { clampToVisibleDisplay, parseWindowState, type Rect } from '../../../src/main/shell/window-state';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1050 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('window state', () => {
  it('restores saved bounds that are fully visible, unchanged', () => {
    const saved = { x: 100, y: 80, width: 1300, height: 800 };
    expect(clampToVisibleDisplay(saved, [laptop, rightMonitor])).toEqual(saved);
    const onRight = { x: 2100, y: 100, width: 1600, height: 1000 };
    expect(clampToVisibleDisplay(onRight, [laptop, rightMonitor])).toEqual(onRight);
  });

  it('centres the default size on the primary display when nothing was saved', () => {
    expect(clampToVisibleDisplay(null, [laptop, rightMonitor])).toEqual({
      x: 240,
      y: 75,
      width: 1440,
      height: 900,
    });
  });

  it('brings a window from an unplugged monitor back onto the primary display', () => {
    const saved = { x: 2100, y: 100, width: 1600, height: 1000 };
    expect(clampToVisibleDisplay(saved, [laptop])).toEqual({ x: 160, y: 25, width: 1600, height: 1000 });
  });

  it('moves a window hanging off the edge fully inside the display that shows most of it', () => {
    // Moved, not resized.
    const size = { width: 1200, height: 800 };
    expect(clampToVisibleDisplay({ x: -300, y: -50, ...size }, [laptop])).toEqual({ x: 0, y: 0, ...size });
    expect(clampToVisibleDisplay({ x: 1700, y: 500, ...size }, [laptop])).toEqual({
      x: 720,
      y: 250,
      ...size,
    });
  });

  it('shrinks a window larger than the screen to the work area, never below the minimum that fits', () => {
    const small: Rect = { x: 0, y: 25, width: 1280, height: 775 };
    expect(clampToVisibleDisplay({ x: 0, y: 0, width: 3000, height: 2000 }, [small])).toEqual(small);
    const tiny = { x: 10, y: 40, width: 300, height: 200 };
    expect(clampToVisibleDisplay(tiny, [small])).toEqual({ x: 10, y: 40, width: 1100, height: 700 });
  });

  it('reads only well-formed saved state', () => {
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: 1200, height: 800 }, maximized: true })).toEqual({
      bounds: { x: 1, y: 2, width: 1200, height: 800 },
      maximized: true,
    });
    for (const bad of [
      null,
      'x',
      {},
      { bounds: { x: 1, y: 2, width: 0, height: 800 } },
      { bounds: { x: 1, y: '2', width: 10, height: 8 } },
      { bounds: { x: 1.5, y: 2, width: 10, height: 8 } },
      { bounds: { x: Number.NaN, y: 2, width: 10, height: 8 } },
    ]) {
      expect(parseWindowState(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
