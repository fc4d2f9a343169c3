/** Colours as the page computes them, to compare a drawn colour with a theme variable. */
import type { Locator } from '@playwright/test';

/**
 * The colour `value` (e.g. `var(--warn-fg)`) resolves to inside `scope`, spelled as
 * getComputedStyle spells colours: read from a probe element added there and removed again.
 */
export async function resolvedColour(scope: Locator, value: string): Promise<string> {
  return scope.evaluate((el, colour) => {
    const probe = document.createElement('span');
    probe.style.color = colour;
    el.appendChild(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    return resolved;
  }, value);
}
