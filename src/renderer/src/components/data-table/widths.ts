/**
 * Column widths. A column is never narrower than its header label: the label is measured once in
 * the header font (canvas, cached per label) and the sort mark, gap and padding are added.
 */
import type { ColumnSpec } from './types';

export const DEFAULT_WIDTH = 120;
export const DEFAULT_GROW_WIDTH = 160;

/** `.dt-th`: 11.5px / 600 / uppercase / letter-spacing 0.03em, 8px padding each side. */
const HEADER_FONT_PX = 11.5;
const LETTER_SPACING_PX = 0.03 * HEADER_FONT_PX;
const CHROME_PX = 16 + 3 + 9 + 4; // padding, gap, sort mark, rounding slack

const measured = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

function measureLabel(label: string): number {
  const text = label.toUpperCase();
  const cached = measured.get(text);
  if (cached !== undefined) return cached;
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  let width: number;
  if (context) {
    const family =
      getComputedStyle(document.documentElement).getPropertyValue('--font').trim() || 'sans-serif';
    context.font = `600 ${HEADER_FONT_PX}px ${family}`;
    width = context.measureText(text).width;
  } else {
    // No canvas (tests without layout): a generous average for bold capitals.
    width = text.length * 9;
  }
  width += text.length * LETTER_SPACING_PX;
  measured.set(text, width);
  return width;
}

/** The narrowest a column may be and still show its whole header label. */
export function headerMinWidth(header: string): number {
  return Math.ceil(measureLabel(header) + CHROME_PX);
}

/** The column's width (for `grow` columns: its minimum), never less than its header needs. */
export function columnWidth<T>(c: ColumnSpec<T>): number {
  const wanted = c.width ?? (c.grow ? DEFAULT_GROW_WIDTH : DEFAULT_WIDTH);
  return Math.max(wanted, headerMinWidth(c.header));
}
