/**
 * When Escape may close a detail pane. Escape also closes dialogs, menus and pop-overs, and clears
 * or leaves fields: the pane is dismissed only when nothing nearer to the operator took the key.
 */

/** The parts of a keyboard event the rule reads (a DOM `KeyboardEvent` fits). */
export interface EscapeKeyEvent {
  key: string;
  defaultPrevented: boolean;
  target: unknown;
}

/** The parts of the document the rule reads (`document` fits). */
export interface OpenLayers {
  querySelector(selector: string): unknown;
}

/** A modal dialog or an open menu (they close on Escape themselves) takes Escape first. */
const OPEN_LAYER = 'dialog[open], [role="dialog"], .menu';
/** Escape in a field belongs to the field (and typing in a pane must not close it). */
const OWNS_ESCAPE = 'input, textarea, select, [contenteditable="true"], dialog, [role="dialog"], .menu';

interface ClosestTarget {
  closest(selector: string): unknown;
}

function hasClosest(target: unknown): target is ClosestTarget {
  return (
    typeof target === 'object' &&
    target !== null &&
    typeof (target as Partial<ClosestTarget>).closest === 'function'
  );
}

export function shouldDismissOnEscape(event: EscapeKeyEvent, layers: OpenLayers): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented) return false;
  if (hasClosest(event.target) && event.target.closest(OWNS_ESCAPE)) return false;
  return !layers.querySelector(OPEN_LAYER);
}
